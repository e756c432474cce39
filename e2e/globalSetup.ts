// Starts a devnet with a short history, builds the app for production and serves it, for the browser specs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startDevnet } from '@/lib/devnet/startDevnet';
import { createStack } from '@/scripts/stack/startStack';
import { E2E_STATE_ENV, type E2EState } from './fixtures/e2eState';

const SERVER_READY_TIMEOUT_MS = 120_000;
/** Room for the refund spec to see an order delayed (its deposit, the relayer giving up, Activity) before the refund. */
const E2E_FILL_WINDOW_SEC = 90;

/** Waits until /v1/health is 200: the chains answer and the indexer has caught up with the short history. */
async function waitForHealth(baseURL: string, exitCode: () => number | null): Promise<void> {
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    const code = exitCode();
    if (code !== null) throw new Error(`app server exited with ${code}`);
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
  // Each step but the history's swap counts, so a start-up that stalls says where.
  const devnet = await startDevnet({
    dataDir, ports: 'free', history: { days: 3, swapsPerPair: 40 }, activity: true,
    onProgress: (p) => {
      if (p.stage !== 'history') console.log(`[devnet] ${p.message}`);
    },
  });
  // Every spec is one browser at one IP: per-IP limits sized for people would throttle the suite itself
  // (rate limiting has its own tests).
  const env = {
    SWAPDESK_DATA_DIR: dataDir,
    PORT: port,
    NEXTAUTH_URL: baseURL,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GUEST_PER_MIN: '100000',
    RATE_LIMIT_PUBLIC_PER_MIN: '100000',
    // The refund spec waits out a fill window: the default 300 s would be most of the suite's time.
    CROSSCHAIN_FILL_WINDOW_SEC: String(E2E_FILL_WINDOW_SEC),
  };

  // The same launcher as `npm start`: one instance, the background jobs, supervised.
  const stack = createStack({
    env,
    port: Number(port),
    host: '127.0.0.1',
    build: process.env.E2E_SKIP_BUILD === '1' ? 'if-missing' : 'always',
    workDir: path.join(dataDir, 'stack'),
    output: 'inherit',
    log: (line) => console.log(`[stack] ${line}`),
  });
  const stopAll = async () => {
    await stack.stop();
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await stack.start();
    await waitForHealth(baseURL, () => stack.instances[0]?.current().process.exitCode ?? null);
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
