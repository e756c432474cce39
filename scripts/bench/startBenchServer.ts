// One `next start` of this checkout's production build on a port of its own, for benchmarks that measure a route over
// HTTP against a store they prepared (the app's own configuration comes from `env`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildIsStale } from '../stack/buildIsStale';

const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 200;

export type BenchServer = { url: string; pid: number | undefined; stop: () => Promise<void> };

/** Starts the server and resolves once GET /v1/live answers 200; refuses when the build is missing or stale. */
export async function startBenchServer(port: number, env: Record<string, string>): Promise<BenchServer> {
  const root = process.cwd();
  if (buildIsStale(root)) throw new Error('the production build is missing or older than the sources: run `npm run build` first');
  // `next start` must not resolve the `react-server` condition the tools run with.
  const { NODE_OPTIONS, ...rest } = process.env;
  const nodeOptions = (NODE_OPTIONS ?? '').split(/\s+/).filter((o) => o !== '' && o !== '--conditions=react-server').join(' ');
  const next = createRequire(import.meta.url).resolve('next/dist/bin/next');
  const child = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: { ...rest, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}), NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4_000); });
  let exited: string | undefined;
  child.on('exit', (code, signal) => { exited = `exited (${signal ?? code})`; });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) throw new Error(`next start on ${port} ${exited}: ${stderr.trim()}`);
    const ok = await fetch(`${url}/v1/live`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`next start on ${port} did not answer /v1/live within ${READY_TIMEOUT_MS / 1000} s (${path.basename(root)}): ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  return {
    url,
    pid: child.pid,
    stop: () => new Promise<void>((resolve) => {
      if (exited) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
