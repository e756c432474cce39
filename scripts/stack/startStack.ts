// The one launcher of the app tier: N `next start` instances from one build, the background jobs, and with more
// than one instance HAProxy in front; every child supervised (restarted when it dies). `npm start`, cluster mode,
// the browser tests and the fault suite all start the stack through here.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from '@/lib/devnet/startAnvil';
import { spawnChild, type Child } from '../devnet/spawnChild';
import { BACKGROUND_JOBS, type BackgroundJob } from './backgroundJobs';
import { buildIsStale } from './buildIsStale';
import { haproxyConfig } from './haproxyConfig';
import { supervise, type Supervised } from './supervise';

const ROOT = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const READY_POLL_MS = 250;

export type StackOptions = {
  /** Environment of every child, on top of this process's own. */
  env: Record<string, string>;
  /** Port the stack answers on: the app itself with one instance, HAProxy with several. */
  port: number;
  /** Interface to bind (default: all). */
  host?: string;
  /** How many `next start` instances (default 1). More than one puts HAProxy on `port`. */
  instances?: number;
  /** Ports of the instances behind HAProxy (default port + 1, port + 2, …). */
  instancePorts?: readonly number[];
  /** The background jobs (default BACKGROUND_JOBS) and how many copies of each (the extra ones wait as standbys). */
  jobs?: readonly BackgroundJob[];
  jobCopies?: number;
  /** Build the app first: when .next has no build or one older than its sources (default), when it has none, always, or never. */
  build?: 'if-stale' | 'if-missing' | 'always' | 'never';
  /** Folder for the generated HAProxy configuration. */
  workDir: string;
  output?: 'prefixed' | 'inherit' | 'ignore';
  /** Progress lines (a child restarted, the stack is ready…). */
  log?: (line: string) => void;
  /** A child keeps dying and its supervisor gave up: the caller decides what to do (usually stop). */
  onFatal?: (reason: string) => void;
  readyTimeoutMs?: number;
};

/** A stack that could not start (a build failed, an instance never answered); its message is for the operator. */
export class StackError extends Error {
  override name = 'StackError';
}

export type Instance = Supervised & { port: number };

export type Stack = {
  /** Where clients reach the stack. */
  readonly url: string;
  readonly instances: readonly Instance[];
  readonly jobs: readonly Supervised[];
  readonly haproxy: Supervised | undefined;
  /** HAProxy's runtime API socket (cluster mode): `haproxyCommand(socket, 'show servers state')`. */
  readonly haproxySocket: string;
  /** Builds if needed, starts everything and resolves once every instance (and HAProxy) answers /v1/live. */
  start(): Promise<void>;
  /**
   * Starts one more supervised process beside the jobs (e.g. an extra filler): `script` run with tsx and `args`,
   * stopped with the jobs.
   */
  /** `env` adds to the child's environment (secrets go there: a command line is visible to every local user). */
  startExtra(name: string, script: string, args: readonly string[], env?: Record<string, string>): Supervised;
  /** Every child running now, for a last-moment kill. */
  children(): Child[];
  /** Stops every child (background jobs last, so none is left without a web tier watching it); idempotent. */
  stop(): Promise<void>;
};

/** This process's environment for a child: `next start` must not resolve the `react-server` condition the tools use. */
function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_OPTIONS, ...rest } = process.env;
  const nodeOptions = (NODE_OPTIONS ?? '').split(/\s+/).filter((o) => o !== '' && o !== '--conditions=react-server' && o !== '-C=react-server').join(' ');
  return { ...rest, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}), NEXT_TELEMETRY_DISABLED: '1', ...extra };
}

async function waitLive(url: string, timeoutMs: number, gone: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const why = gone();
    if (why) throw new StackError(why);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (error: unknown) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  throw new StackError(`${url} did not answer 200 within ${timeoutMs / 1000} s (${last})`);
}

export function createStack(options: StackOptions): Stack {
  const count = options.instances ?? 1;
  const clustered = count > 1;
  const host = options.host;
  const output = options.output ?? 'prefixed';
  const say = options.log ?? (() => undefined);
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const env = baseEnv(options.env);
  let stopping = false;
  let building: Child | undefined;
  const instances: Instance[] = [];
  const jobs: Supervised[] = [];
  let haproxy: Supervised | undefined;

  const fatal = (reason: string) => {
    if (!stopping) options.onFatal?.(reason);
  };
  const supervised = (name: string, start: () => Child): Supervised =>
    supervise({ name, start, onEvent: (line) => !stopping && say(line), onGiveUp: fatal });

  const nextChild = (name: string, args: string[], extra: Record<string, string> = {}): Child =>
    spawnChild({ name, command: process.execPath, args: [require.resolve('next/dist/bin/next'), ...args], cwd: ROOT, env: { ...env, ...extra }, output });

  const startInstance = (index: number): Instance => {
    const port = clustered ? (options.instancePorts?.[index] ?? options.port + 1 + index) : options.port;
    const name = clustered ? `web${index + 1}` : 'web';
    // Behind HAProxy the instances listen on loopback only: they trust the balancer's X-Forwarded-For, so a client
    // that reached one directly could name its own address.
    const bindHost = clustered ? '127.0.0.1' : host;
    const args = ['start', '-p', String(port), ...(bindHost ? ['-H', bindHost] : [])];
    return Object.assign(supervised(name, () => nextChild(name, args, { PORT: String(port) })), { port });
  };

  const startScript = (name: string, script: string, args: readonly string[] = [], extraEnv: Record<string, string> = {}): Supervised =>
    supervised(name, () =>
      spawnChild({
        name, command: process.execPath, args: [require.resolve('tsx/cli'), '--conditions=react-server', script, ...args], cwd: ROOT,
        env: { ...env, ...extraEnv, SWAPDESK_JOB_COPY: name }, output,
      }));
  const startJob = (job: BackgroundJob, copy: number): Supervised => startScript(copy === 0 ? job.name : `${job.name}#${copy + 1}`, job.script);

  const startHaproxy = (): Supervised => {
    mkdirSync(options.workDir, { recursive: true });
    const file = path.join(options.workDir, 'haproxy.cfg');
    const servers = instances.map((s, i) => ({ name: `app${i + 1}`, host: '127.0.0.1', port: s.port }));
    writeFileSync(file, haproxyConfig({ bind: `${host ?? '*'}:${options.port}`, servers, statsSocket: haproxySocket }));
    return supervised('haproxy', () => spawnChild({ name: 'haproxy', command: 'haproxy', args: ['-db', '-f', file], env, output }));
  };

  async function build(): Promise<void> {
    const mode = options.build ?? 'if-stale';
    if (mode === 'never' || (mode === 'if-missing' && existsSync(path.join(ROOT, '.next', 'BUILD_ID')))) return;
    if (mode === 'if-stale' && !buildIsStale(ROOT)) return;
    say('building the web app…');
    building = nextChild('build', ['build']);
    const how = await building.exited;
    building = undefined;
    if (!stopping && how !== 0) throw new StackError(`next build failed (${how}); its output is above`);
  }

  const exitedWhy = (s: Supervised) => () => {
    if (stopping) return 'stopping';
    const c = s.current().process;
    return c.exitCode !== null || c.signalCode !== null ? `${s.name} exited (${c.exitCode ?? c.signalCode}) before it was ready` : undefined;
  };

  const haproxySocket = path.join(options.workDir, 'haproxy.sock');
  const url = `http://${host && host !== '0.0.0.0' ? host : '127.0.0.1'}:${options.port}`;

  return {
    url,
    instances,
    jobs,
    get haproxy() {
      return haproxy;
    },
    haproxySocket,
    async start() {
      // The relayer reaches the attester over loopback: unless configured, on a port free now, so that stacks side
      // by side (tests, benchmarks) each pair their own.
      if (!env.ATTESTER_URL) {
        const attesterPort = env.ATTESTER_PORT ?? String(await freePort());
        Object.assign(env, { ATTESTER_PORT: attesterPort, ATTESTER_URL: `http://127.0.0.1:${attesterPort}` });
      }
      // The jobs start first: the indexer catches up while the app builds.
      for (const job of options.jobs ?? BACKGROUND_JOBS) {
        for (let copy = 0; copy < (options.jobCopies ?? 1); copy++) jobs.push(startJob(job, copy));
      }
      await build();
      if (stopping) return;
      for (let i = 0; i < count; i++) instances.push(startInstance(i));
      await Promise.all(instances.map((s) => waitLive(`http://127.0.0.1:${s.port}/v1/live`, readyTimeoutMs, exitedWhy(s))));
      if (stopping || !clustered) return;
      haproxy = startHaproxy();
      const proxy = haproxy;
      await waitLive(`http://127.0.0.1:${options.port}/v1/live`, readyTimeoutMs, exitedWhy(proxy));
      say(`HAProxy on :${options.port} balances ${count} instances (:${instances.map((s) => s.port).join(', :')})`);
    },
    startExtra(name, script, args, extraEnv) {
      const extra = startScript(name, script, args, extraEnv);
      jobs.push(extra);
      return extra;
    },
    children() {
      return [...(building ? [building] : []), ...(haproxy ? [haproxy] : []), ...instances, ...jobs].map((c) => ('current' in c ? c.current() : c));
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      await building?.stop(2_000);
      await haproxy?.stop(2_000);
      await Promise.all(instances.map((s) => s.stop()));
      await Promise.all(jobs.map((s) => s.stop()));
    },
  };
}
