// Throwaway PostgreSQL and Redis servers on free ports, so fault tests can stop and restart them without touching
// the machine's own (other suites use those).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@/lib/devnet/startAnvil';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const last = versions.at(-1);
  if (!last) throw new Error('PostgreSQL server binaries are not installed (apt-get install -y postgresql)');
  return path.join(root, last, 'bin');
}

/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root). */
function asPostgres(tool: string, args: string[]): void {
  const bin = path.join(postgresBin(), tool);
  const isRoot = process.getuid?.() === 0;
  const result = isRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')], { encoding: 'utf8' })
    : spawnSync(bin, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
}

export type ThrowawayPostgres = { url: string; port: number; stop(): Promise<void>; start(): Promise<void>; dispose(): Promise<void> };

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'swapdesk-faults-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = async () => asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
  const stop = async () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async dispose() {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ThrowawayRedis = { url: string; port: number; stop(): Promise<void>; start(): Promise<void>; dispose(): Promise<void> };

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  };
  const stop = () => new Promise<void>((resolve) => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGKILL');
  });
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop, dispose: stop };
}
