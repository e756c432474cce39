// Where the npm-shipped anvil binary lives; spawned directly so one PID owns the chain.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/package.json`);
  const bin = path.join(path.dirname(pkg), 'bin', 'anvil');
  if (!existsSync(bin)) throw new Error(`anvil binary not found at ${bin}; run npm install`);
  return bin;
}
