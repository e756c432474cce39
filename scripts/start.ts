// `npm start`: the devnet (two anvil chains with markets and history), the indexer and the web app on this
// machine, with progress on stdout; Ctrl-C stops every child, the chains saving their state first.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEVNET_CHAINS } from '@/lib/devnet/devnetMarkets';
import { assertPortFree } from '@/lib/devnet/assertPortFree';
import { DevnetError } from '@/lib/devnet/devnetError';
import { startDevnet, type Devnet } from '@/lib/devnet/startDevnet';
import { EnvError, childEnv, env, type Env } from '@/lib/env';
import { progressDisplay } from './devnet/progressDisplay';
import { killNow, spawnChild, type Child } from './devnet/spawnChild';
import { waitForHttp } from './devnet/waitForHttp';

const ROOT = path.resolve(import.meta.dirname, '..');
/** `npm start -- --devnet-only`: the chains and the indexer without the web app, e.g. beside `next dev`. */
const DEVNET_ONLY = process.argv.includes('--devnet-only');
const APP_READY_TIMEOUT_MS = 120_000;
const require = createRequire(import.meta.url);

const display = progressDisplay();
const abort = new AbortController();
const children: Child[] = [];
let devnet: Devnet | undefined;
let devnetStarting: Promise<unknown> = Promise.resolve();
let stopping = false;
let devnetStarted = false;

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function shutdown(code: number, reason?: string): Promise<void> {
  if (stopping) {
    display.line('still stopping: the chains are writing their state…');
    return;
  }
  stopping = true;
  if (reason) display.line(reason);
  const anythingStarted = devnetStarted || children.length > 0;
  if (anythingStarted) display.line('stopping…');
  abort.abort();
  await Promise.all(children.map((c) => c.stop()));
  await devnetStarting.catch(() => undefined);
  await devnet?.stop();
  if (anythingStarted) display.line(code === 0 ? 'stopped.' : 'stopped after an error.');
  process.exit(code);
}

function watch(name: string, exited: Promise<number | string>): void {
  void exited.then((how) => {
    if (!stopping) void shutdown(1, `error: ${name} exited unexpectedly (${how}); stopping everything`);
  });
}

function tsxChild(name: string, script: string, config: Env): Child {
  return spawnChild({
    name, command: process.execPath, args: [require.resolve('tsx/cli'), '--conditions=react-server', script], cwd: ROOT,
    env: childEnv({ SWAPDESK_DATA_DIR: config.SWAPDESK_DATA_DIR, NEXT_TELEMETRY_DISABLED: '1' }),
  });
}

function nextChild(name: string, args: string[], config: Env): Child {
  return spawnChild({
    name, command: process.execPath, args: [require.resolve('next/dist/bin/next'), ...args], cwd: ROOT,
    env: childEnv({ SWAPDESK_DATA_DIR: config.SWAPDESK_DATA_DIR, PORT: String(config.PORT), NEXT_TELEMETRY_DISABLED: '1' }),
  });
}

async function buildAppIfNeeded(config: Env): Promise<void> {
  if (existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) return;
  const started = performance.now();
  display.line('building the web app (first start only)…');
  const build = nextChild('build', ['build'], config);
  children.push(build);
  const how = await build.exited;
  children.splice(children.indexOf(build), 1);
  if (stopping) return;
  if (how !== 0) throw new DevnetError(`next build failed (${how}); its output is above`);
  display.line(`web app built in ${seconds(started)}`);
}

async function startApp(config: Env): Promise<void> {
  await buildAppIfNeeded(config);
  if (stopping) return;
  const app = nextChild('web', ['start', '-p', String(config.PORT)], config);
  children.push(app);
  watch('the web app', app.exited);
  await waitForHttp(`http://127.0.0.1:${config.PORT}/`, APP_READY_TIMEOUT_MS, () => stopping);
}

async function main(): Promise<void> {
  const started = performance.now();
  let config: Env;
  try {
    config = env();
  } catch (error: unknown) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!DEVNET_ONLY) await assertPortFree(config.PORT, undefined, 'set PORT to a free port or stop whatever listens on it');
  display.line(`data folder: ${config.SWAPDESK_DATA_DIR}`);
  if (config.CHAINS_CONFIG !== path.join(config.SWAPDESK_DATA_DIR, 'chains.json')) {
    display.line(`note: CHAINS_CONFIG is ${config.CHAINS_CONFIG}; the app reads that file, not the devnet's registry`);
  }

  devnetStarted = true;
  const starting = startDevnet({ dataDir: config.SWAPDESK_DATA_DIR, detached: true, signal: abort.signal, onProgress: display.onProgress });
  devnetStarting = starting;
  devnet = await starting;
  display.done();
  for (const chain of devnet.chains) watch(`anvil (chain ${chain.id})`, new Promise((resolve) => chain.anvil.process.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'))));
  display.line(`devnet ready in ${seconds(started)}; registry ${devnet.registryFile}`);
  if (stopping) return;

  // The indexer catches up on the history while the web app builds.
  if (existsSync(path.join(ROOT, 'scripts', 'indexer.ts'))) {
    const indexer = tsxChild('indexer', 'scripts/indexer.ts', config);
    children.push(indexer);
    watch('the indexer', indexer.exited);
  }
  if (!DEVNET_ONLY) await startApp(config);
  if (stopping) return;

  display.line('');
  display.line(DEVNET_ONLY ? 'devnet only (no web app): `npm run dev` can run beside it' : `Swapdesk is ready in ${seconds(started)}: http://localhost:${config.PORT}`);
  for (const chain of devnet.chains) display.line(`  ${chain.name} (chain ${chain.id}): ${chain.rpcUrl}`);
  display.line(`  dev accounts: anvil's default mnemonic, #0–#9 funded with every token (${DEVNET_CHAINS.map((c) => c.tokens.join(' ')).join(' / ')})`);
  display.line('  Ctrl-C stops everything; delete the data folder to start over.');
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
process.on('exit', () => {
  // Last resort if we die without shutting down: the web app goes at once, the chains get SIGTERM to save state.
  killNow(children);
  for (const chain of devnet?.chains ?? []) chain.anvil.process.kill('SIGTERM');
});

main().catch((error: unknown) => {
  if (stopping) return;
  const message = error instanceof DevnetError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  void shutdown(1, `error: ${message}`);
});
