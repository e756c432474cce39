// First `npm start` on a fresh clone (`npm run bench:first-start`): clones this checkout's HEAD into a scratch folder,
// gives it this checkout's node_modules (hard links: the install is not what is timed), and runs `npm start` there with
// an empty data folder. Prints the seconds from launch until the chains are ready (deploy and 30 days of history), the
// production build is done (the route table Next prints last), the app answers GET /v1/live, and GET /v1/health
// answers 200 (chains reachable, indexer caught up); then stops it with Ctrl-C as a user would.
// Usage: npm run bench:first-start -- [--port 3000] [--devnet-ports 8545,8546]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]?.replace(/^--/, '') ?? '', process.argv[i + 1] ?? '');
const PORT = args.get('port') ?? '3000';
const DEVNET_PORTS = args.get('devnet-ports') ?? '8545,8546';
const TIMEOUT_MS = 30 * 60_000;

const scratch = mkdtempSync(path.join(tmpdir(), 'swapdesk-first-start-'));
const clone = path.join(scratch, 'swapdesk');
execFileSync('git', ['clone', '--quiet', process.cwd(), clone]);
execFileSync('cp', ['-al', path.join(process.cwd(), 'node_modules'), path.join(clone, 'node_modules')]);

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
const marks: Record<string, string> = {};
const child = spawn('npm', ['start'], {
  cwd: clone,
  env: { ...process.env, PORT, DEVNET_PORTS, SWAPDESK_DATA_DIR: path.join(scratch, 'data'), NEXT_TELEMETRY_DISABLED: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
const onLine = (line: string) => {
  if (/devnet ready/.test(line)) marks.chains ??= seconds();
  if (/Route \(app\)/.test(line)) marks.build ??= seconds();
};
for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => chunk.split('\n').forEach(onLine));

async function answers(route: string): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}${route}`, { signal: AbortSignal.timeout(2_000) })).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${route} did not answer 200 in time`);
}

try {
  await answers('/v1/live');
  marks.live = seconds();
  await answers('/v1/health');
  marks.healthy = seconds();
  console.log(`first npm start on a fresh clone, seconds from launch: chains ready ${marks.chains ?? '?'}, build done ${marks.build ?? '?'}, app live ${marks.live}, healthy ${marks.healthy}`);
} finally {
  if (child.pid !== undefined) process.kill(-child.pid, 'SIGINT');
  await new Promise((r) => child.once('exit', r));
  rmSync(scratch, { recursive: true, force: true });
}
