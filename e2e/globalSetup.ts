// Starts a devnet with a short history, builds the app for production and serves it, for the browser specs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startDevnet } from '@/lib/devnet/startDevnet';
import { E2E_STATE_ENV, type E2EState } from './fixtures/e2eState';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_READY_TIMEOUT_MS = 120_000;

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  // The test runner resolves `react-server` for lib code; the app server must not inherit that.
  const { NODE_OPTIONS: _nodeOptions, ...rest } = process.env;
  return { ...rest, NEXT_TELEMETRY_DISABLED: '1', ...extra };
}

async function waitForHealth(baseURL: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`app server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error: unknown) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`app not healthy within ${SERVER_READY_TIMEOUT_MS} ms: ${last}`);
}

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright baseURL is not set');
  const port = new URL(baseURL).port;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-e2e-'));
  const devnet = await startDevnet({ dataDir, ports: 'free', history: { days: 3, swapsPerPair: 40 }, activity: true });
  // Every spec is one browser at one IP: per-IP limits sized for people would throttle the suite itself
  // (rate limiting has its own tests).
  const env = childEnv({
    SWAPDESK_DATA_DIR: dataDir,
    PORT: port,
    NEXTAUTH_URL: baseURL,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GUEST_PER_MIN: '100000',
    RATE_LIMIT_PUBLIC_PER_MIN: '100000',
  });

  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(path.join(ROOT, '.next/BUILD_ID'))) {
    const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], { cwd: ROOT, env, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build failed');
  }

  const children: ChildProcess[] = [];
  const tsx = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
  if (existsSync(path.join(ROOT, 'scripts/indexer.ts'))) {
    children.push(spawn(process.execPath, [tsx, '--conditions=react-server', 'scripts/indexer.ts'], { cwd: ROOT, env, stdio: 'inherit' }));
  }
  const server = spawn(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', port, '-H', '127.0.0.1'], { cwd: ROOT, env, stdio: 'inherit' });
  children.push(server);

  const stopAll = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, server);
  } catch (error: unknown) {
    await stopAll();
    throw error;
  }

  const state: E2EState = {
    baseURL,
    dataDir,
    chains: devnet.chains.map((c) => ({ id: c.id, name: c.name, rpcUrl: c.rpcUrl })),
  };
  const stateFile = path.join(dataDir, 'e2e-state.json');
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  process.env[E2E_STATE_ENV] = stateFile;
  return stopAll;
}
