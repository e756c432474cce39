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
};

export type Anvil = { chainId: number; port: number; rpcUrl: string; process: ChildProcess; stop: () => Promise<void> };

const READY_TIMEOUT_MS = 20_000;
/** Writing a large state file takes a moment; past this, anvil is killed outright. */
const STOP_TIMEOUT_MS = 30_000;

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

export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
  const port = options.port && options.port > 0 ? options.port : await freePort();
  const args = ['--chain-id', String(options.chainId), '--port', String(port), '--host', '127.0.0.1', '--silent'];
  if (options.stateFile) args.push('--state', options.stateFile);
  if (options.blockTimeSec) args.push('--block-time', String(options.blockTimeSec));
  if (options.timestamp) args.push('--timestamp', String(options.timestamp));
  args.push(...(options.extraArgs ?? []));
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'], detached: options.detached ?? false });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
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
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr}`);
    if (await rpcAnswers(rpcUrl)) return { chainId: options.chainId, port, rpcUrl, process: child, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`anvil on port ${port} did not answer within ${READY_TIMEOUT_MS} ms: ${stderr}`);
}
