// Starts an anvil chain as a child process and resolves once its RPC answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { anvilBinary } from './anvilBinary';

export type AnvilOptions = {
  chainId: number;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Persist the chain in this file (`anvil --state`). */
  stateFile?: string;
  /** Seconds between automatic blocks; omitted means a block per transaction. */
  blockTimeSec?: number;
  /** Unix seconds of the genesis block. */
  timestamp?: number;
  extraArgs?: string[];
  /**
   * Run anvil in its own process group, so a Ctrl-C in the terminal reaches only the parent, which then stops
   * anvil once (a second signal could interrupt anvil while it writes its state file).
   */
  detached?: boolean;
  /** Called with the anvil process as soon as it is spawned, before its RPC answers (e.g. to guard it). */
  onSpawn?: (child: ChildProcess) => void;
};

export type Anvil = { chainId: number; port: number; rpcUrl: string; process: ChildProcess; stop: () => Promise<void> };

const READY_TIMEOUT_MS = 20_000;
/** Writing a large state file takes a moment; past this, anvil is killed outright. */
const STOP_TIMEOUT_MS = 30_000;

/** `count` distinct free ports: asked for one by one, since a port just closed may be handed out again. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function rpcAnswers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** Reads anvil's banner until it says which port it bound (it picks a free one itself for `--port 0`). */
function boundPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-8_000);
      const match = /Listening on [0-9.]+:(\d+)/.exec(seen);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        // Keep draining the request log so anvil never blocks on a full pipe.
        child.stdout?.resume();
        child.stdout?.on('data', () => undefined);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`anvil exited with ${code} before listening`)));
  });
}

export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
  // Without a fixed port anvil binds port 0 and reports it: no window in which two chains could pick one port.
  const fixedPort = options.port && options.port > 0 ? options.port : undefined;
  const args = ['--chain-id', String(options.chainId), '--port', String(fixedPort ?? 0), '--host', '127.0.0.1'];
  if (fixedPort) args.push('--silent');
  if (options.stateFile) args.push('--state', options.stateFile);
  if (options.blockTimeSec) args.push('--block-time', String(options.blockTimeSec));
  if (options.timestamp) args.push('--timestamp', String(options.timestamp));
  args.push(...(options.extraArgs ?? []));
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', fixedPort ? 'ignore' : 'pipe', 'pipe'], detached: options.detached ?? false });
  options.onSpawn?.(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      // anvil writes its --state file on SIGTERM before exiting.
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let port = fixedPort ?? 0;
  if (!fixedPort) {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS).unref());
    try {
      port = await Promise.race([boundPort(child), timeout]);
    } catch (error: unknown) {
      await stop();
      throw new Error(`anvil did not start: ${error instanceof Error ? error.message : String(error)} ${stderr}`);
    }
  }
  const rpcUrl = `http://127.0.0.1:${port}`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr}`);
    if (await rpcAnswers(rpcUrl)) return { chainId: options.chainId, port, rpcUrl, process: child, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`anvil on port ${port} did not answer within ${READY_TIMEOUT_MS} ms: ${stderr}`);
}
