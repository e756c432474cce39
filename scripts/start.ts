// `npm start`: the devnet (two anvil chains with markets and history), the background jobs and the web app on this
// machine (`--cluster N`: N instances behind HAProxy), with progress on stdout; Ctrl-C stops every child, the chains saving their state first.
import path from 'node:path';
import { devnetFillers, fundDevnetFiller, MAX_DEVNET_FILLERS } from '@/lib/devnet/devnetFillers';
import { DEVNET_CHAINS } from '@/lib/devnet/devnetMarkets';
import { assertPortFree } from '@/lib/devnet/assertPortFree';
import { DevnetError } from '@/lib/devnet/devnetError';
import { startDevnet, type Devnet } from '@/lib/devnet/startDevnet';
import { EnvError, env, missingClusterSettings, type Env } from '@/lib/env';
import { progressDisplay } from './devnet/progressDisplay';
import { guardGroup, releaseGroup, startLauncherGuard } from './devnet/launcherGuard';
import { killNow } from './devnet/spawnChild';
import { BACKGROUND_JOBS } from './stack/backgroundJobs';
import { StackError, createStack, type Stack } from './stack/startStack';

/** `--name N` or `--name=N`: an integer from `min` to `max`, undefined when absent; anything else exits with a message. */
function countOption(name: string, min: number, max: number, what: string): number | undefined {
  const argv = process.argv;
  const at = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const arg = argv[at] ?? '';
  const raw = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    process.stderr.write(`--${name} needs ${what} from ${min} to ${max}, got "${raw ?? ''}"\n`);
    process.exit(1);
  }
  return n;
}

/** `npm start -- --devnet-only`: the chains and the background jobs without the web app, e.g. beside `next dev`. */
const DEVNET_ONLY = process.argv.includes('--devnet-only');
/** `npm start -- --cluster N`: N instances behind HAProxy on PORT, over PostgreSQL and Redis. */
const MAX_INSTANCES = 16;
const CLUSTER = countOption('cluster', 1, MAX_INSTANCES, 'a number of instances') ?? 1;

/**
 * `npm start -- --pools N`: the devnet profile of a real network's size, about N pools per chain over about N / 5
 * tokens (V2 and V3, a few deep hubs and a long tail), in its own data folder (`<data folder>/pools-N`).
 */
const MAX_PROFILE_POOLS = 20_000;
const POOLS = countOption('pools', 1, MAX_PROFILE_POOLS, 'a pool count per chain');
/**
 * `npm start -- --fillers N`: N more fillers beside our relayer (`npm run filler`), each with its own dev account,
 * inventory and polling interval (250 ms, 500 ms, 1 s, …), competing for cross-chain orders once our relayer's
 * exclusivity window has passed.
 */
const FILLERS = countOption('fillers', 0, MAX_DEVNET_FILLERS, 'a number of extra fillers') ?? 0;

/** Cluster mode's configuration check: one line per missing value, before anything starts. */
function clusterConfigOrExit(): void {
  const missing = missingClusterSettings(process.env, ['app', ...new Set(BACKGROUND_JOBS.flatMap((j) => j.clusterRoles ?? []))]);
  if (missing.length === 0) return;
  process.stderr.write(`cluster mode needs shared configuration (\`eval "$(npm run -s cluster:secrets)"\` makes the keys):\n${missing.map((m) => `  - ${m}`).join('\n')}\n`);
  process.exit(1);
}

const display = progressDisplay();
const abort = new AbortController();
let stack: Stack | undefined;
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
  const anythingStarted = devnetStarted || stack !== undefined;
  if (anythingStarted) display.line('stopping…');
  abort.abort();
  await stack?.stop();
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

async function main(): Promise<void> {
  const started = performance.now();
  let config: Env;
  if (CLUSTER > 1) {
    clusterConfigOrExit();
    // Children inherit it: each instance and job checks the shared configuration again at its own start.
    process.env.SWAPDESK_CLUSTER = 'true';
  }
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
  const dataDir = POOLS === undefined ? config.SWAPDESK_DATA_DIR : path.join(config.SWAPDESK_DATA_DIR, `pools-${POOLS}`);
  display.line(`data folder: ${dataDir}${POOLS === undefined ? '' : ` (profile --pools ${POOLS})`}`);
  if (config.CHAINS_CONFIG !== path.join(config.SWAPDESK_DATA_DIR, 'chains.json')) {
    display.line(`note: CHAINS_CONFIG is ${config.CHAINS_CONFIG}; the app reads that file, not the devnet's registry`);
  }

  // From here on every child's process group is stopped even if this launcher is killed outright.
  startLauncherGuard();
  devnetStarted = true;
  const starting = startDevnet({
    dataDir, scalePools: POOLS, ports: config.DEVNET_PORTS, detached: true, signal: abort.signal, onProgress: display.onProgress,
    onAnvilSpawn: (child) => {
      guardGroup(child.pid);
      child.once('exit', () => releaseGroup(child.pid));
    },
  });
  devnetStarting = starting;
  devnet = await starting;
  display.done();
  for (const chain of devnet.chains) watch(`anvil (chain ${chain.id})`, new Promise((resolve) => chain.anvil.process.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'))));
  display.line(`devnet ready in ${seconds(started)}; registry ${devnet.registryFile}`);
  if (stopping) return;

  stack = createStack({
    // Behind HAProxy exactly one proxy appends the client's address: the instances trust that hop and no other.
    env: { SWAPDESK_DATA_DIR: dataDir, ...(CLUSTER > 1 ? { SWAPDESK_CLUSTER: 'true', TRUST_PROXY: '1' } : {}) },
    port: config.PORT,
    instances: DEVNET_ONLY ? 0 : CLUSTER,
    build: DEVNET_ONLY ? 'never' : 'if-stale',
    workDir: path.join(dataDir, 'stack'),
    log: (line) => display.line(line),
    onFatal: (reason) => void shutdown(1, `error: ${reason}; stopping everything`),
  });
  await stack.start();
  if (stopping) return;
  if (FILLERS > 0 && !DEVNET_ONLY) {
    const fillers = devnetFillers(FILLERS);
    for (const f of fillers) for (const chain of devnet.chains) await fundDevnetFiller({ ...chain, tokens: chain.record.tokens }, f.address);
    fillers.forEach((f, i) => stack?.startExtra(`filler${i + 1}`, 'scripts/filler.ts', ['--api', stack.url, '--poll-ms', String(250 * 2 ** i)], { FILLER_KEY: f.key }));
    display.line(`${FILLERS} extra filler${FILLERS === 1 ? '' : 's'}: ${fillers.map((f) => f.address).join(', ')}`);
  }

  display.line('');
  display.line(DEVNET_ONLY ? 'devnet only (no web app): `npm run dev` can run beside it' : `Swapdesk is ready in ${seconds(started)}: http://localhost:${config.PORT}`);
  if (CLUSTER > 1 && !DEVNET_ONLY) {
    display.line(`  ${CLUSTER} instances (:${stack.instances.map((i) => i.port).join(', :')}) behind HAProxy on :${config.PORT}; ${stack.jobs.map((j) => j.name).join(', ')} under leases`);
  }
  for (const chain of devnet.chains) display.line(`  ${chain.name} (chain ${chain.id}): ${chain.rpcUrl}`);
  display.line(`  dev accounts: anvil's default mnemonic, #0–#9 funded with every token (${DEVNET_CHAINS.map((c) => c.tokens.join(' ')).join(' / ')})`);
  display.line('  Ctrl-C stops everything; delete the data folder to start over.');
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));
process.on('exit', () => {
  // Last resort if we die without shutting down: the web app goes at once, the chains get SIGTERM to save state.
  killNow(stack?.children() ?? []);
  for (const chain of devnet?.chains ?? []) chain.anvil.process.kill('SIGTERM');
});

main().catch((error: unknown) => {
  if (stopping) return;
  const message = error instanceof DevnetError || error instanceof StackError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  void shutdown(1, `error: ${message}`);
});
