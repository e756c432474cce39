// The app under a BASE_PATH: a second build (its own dist folder, reused with E2E_SKIP_BUILD=1) served beside the
// main one on the same devnet and store; the full swap flow runs, and no browser call leaves the prefix.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eState } from './fixtures/e2eState';
import { installTestWallet } from './fixtures/testWallet';
import { connect, swapNativeFor } from './fixtures/swapPage';

const ROOT = path.resolve(import.meta.dirname, '..');
const PREFIX = '/desk';
const DIST = '.next-basepath';
const NEXT = path.join(ROOT, 'node_modules/next/dist/bin/next');

let server: ChildProcess | undefined;
let origin = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const { NODE_OPTIONS: _n, ...inherited } = process.env;
  const env = {
    ...inherited,
    NEXT_TELEMETRY_DISABLED: '1',
    BASE_PATH: PREFIX,
    NEXT_DIST_DIR: DIST,
    SWAPDESK_DATA_DIR: e2eState().dataDir,
    PORT: String(port),
    NEXTAUTH_URL: `${origin}${PREFIX}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GUEST_PER_MIN: '100000',
    RATE_LIMIT_PUBLIC_PER_MIN: '100000',
  };
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(path.join(ROOT, DIST, 'BUILD_ID'))) {
    const build = spawnSync(process.execPath, [NEXT, 'build'], { cwd: ROOT, env, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build under BASE_PATH failed');
  }
  server = spawn(process.execPath, [NEXT, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: ROOT, env, stdio: 'inherit' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${origin}${PREFIX}/v1/live`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the app under BASE_PATH did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

test('the swap flow works under BASE_PATH, and every browser call to the app carries the prefix', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin && !url.pathname.startsWith(`${PREFIX}/`) && url.pathname !== PREFIX) outside.push(`${r.method()} ${url.pathname}`);
  });
  await installTestWallet(page, e2eState().chains, 1);
  await page.goto(`${origin}${PREFIX}/`);
  await expect(page.getByRole('heading', { name: 'Swap' })).toBeVisible();
  await connect(page);
  await swapNativeFor(page, 'USDC', '0.1');
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(`${origin}${PREFIX}/activity`);
  await expect(page.getByTestId('activity-status').first()).toHaveText('Swapped');
  expect(outside).toEqual([]);
});
