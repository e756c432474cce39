// `npm run token -- --sub <name> [--scope "…"] [--ttl <seconds>]`: prints an access token signed with the server's key.
import { tokenCommand } from './token/tokenCommand';

try {
  process.stdout.write(`${await tokenCommand(process.argv.slice(2).filter((a) => a !== '--'))}\n`);
} catch (error: unknown) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
