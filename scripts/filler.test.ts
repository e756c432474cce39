// `npm run filler` as its own process on two devnets: SIGKILLed after its fill is mined but before it could settle
// (the fill is not yet at the attester's depth), it is still repaid at its repayment address once it runs again.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startAttesterServer, type AttesterServer } from '@/lib/attester/attesterServer';
import { createAttester } from '@/lib/attester/createAttester';
import { loadChains } from '@/lib/chains/loadChains';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { startCrossChainWorld, usdcOf, type CrossChainWorld, type WorldChain } from '@/test/crossChainWorld';
import { useTempDataDir } from '@/test/tempDataDir';

const ROOT = path.resolve(import.meta.dirname, '..');
const FILLER = 6;
const USDC = 1_000_000n;
const EVENT_TIMEOUT_MS = 30_000;

type FillerLine = { event: string; order_id?: string; repayment?: string; reason?: string };
type FillerProcess = { child: ChildProcess; next(event: string, orderId?: string): Promise<FillerLine> };

describe('npm run filler killed between its fill and its settlement', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let world: CrossChainWorld;
  let A: WorldChain;
  let B: WorldChain;
  let attester: AttesterServer;
  let api: Server;
  const started: ChildProcess[] = [];

  /** The filler as a user runs it: one node process (no tsx CLI in between, so the SIGKILL reaches the filler itself). */
  const spawnFiller = (repayment: Address): FillerProcess => {
    const key = toHex(devAccount(FILLER).getHdKey().privateKey ?? new Uint8Array());
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const { NODE_OPTIONS: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, [
      '--import', 'tsx', '--conditions=react-server', 'scripts/filler.ts',
      '--api', apiUrl, '--attester', attester.url, '--repayment', repayment, '--min-profit-bps', '0', '--poll-ms', '100',
    ], { cwd: ROOT, env: { ...env, FILLER_KEY: key }, stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(child);
    const lines: FillerLine[] = [];
    const waiters: (() => void)[] = [];
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      lines.push(JSON.parse(line) as FillerLine);
      for (const wake of waiters.splice(0)) wake();
    });
    const next = async (event: string, orderId?: string): Promise<FillerLine> => {
      const deadline = Date.now() + EVENT_TIMEOUT_MS;
      for (;;) {
        const found = lines.find((l) => l.event === event && (orderId === undefined || l.order_id === orderId));
        if (found) return found;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no ${event} from the filler: ${JSON.stringify(lines)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    };
    return { child, next };
  };
  const exited = (child: ChildProcess) => new Promise<NodeJS.Signals | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode);
    else child.once('exit', (_code, signal) => resolve(signal));
  });

  beforeAll(async () => {
    tmp = useTempDataDir({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    world = await startCrossChainWorld(tmp.dir);
    [A, B] = world.chains;
    attester = await startAttesterServer(createAttester({ account: attesterAccount(), chains: () => loadChains(), rpcTimeoutMs: 2_000 }), '127.0.0.1', 0);
    // The one thing the filler asks Swapdesk's API for (with --attester): the chains.
    const chains = world.chains.map((c) => ({ chain_id: c.id, name: `Devnet ${c.id}`, rpc_url: c.rpcUrl, router_address: c.router, cross_chain: { destination_settler: c.settler } }));
    api = createServer((req, res) => {
      if (req.url === '/v1/chains') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: 'ok', data: chains }));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  }, 120_000);
  afterAll(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
    await new Promise<void>((resolve) => api?.close(() => resolve()));
    await attester?.close();
    await world?.stop();
    tmp?.cleanup();
  });

  it('a filler SIGKILLed after its fill is mined, before settling, is repaid to its repayment address when it runs again', async () => {
    const repayment = privateKeyToAccount(generatePrivateKey()).address;
    const order = await world.openOrder({ src: A, dst: B, amountIn: 40n * USDC, fillWindowSec: 300 });
    const status = () => A.client.readContract({ address: A.router, abi: originSettlerAbi, functionName: 'orderStatus', args: [order.orderId] });

    // No block comes after the fill's own: the attester (one block deep) says pending, so the filler cannot settle yet.
    const first = spawnFiller(repayment);
    await first.next('filled', order.orderId);
    const [fill] = await world.fillLogs(B, order.orderId);
    expect(fill).toMatchObject({ relayer: devAccount(FILLER).address, repayment });
    process.kill(first.child.pid as number, 'SIGKILL');
    expect(await exited(first.child)).toBe('SIGKILL');
    expect(await status()).toBe(ORDER_STATUS.opened);
    expect(await usdcOf(A, repayment)).toBe(0n);

    // Blocks come again; the filler starts over with no memory of its fill, finds it on the destination and settles it.
    await world.rpc(B, 'evm_mine');
    await world.rpc(B, 'evm_mine');
    const second = spawnFiller(repayment);
    const settled = await second.next('settled', order.orderId);
    expect(settled.repayment).toBe(repayment);
    expect(await status()).toBe(ORDER_STATUS.settled);
    expect(await usdcOf(A, repayment)).toBe(order.amountIn);
    expect(await world.fillLogs(B, order.orderId)).toHaveLength(1);
    process.kill(second.child.pid as number, 'SIGTERM');
    expect((await exited(second.child)) ?? 'exited').not.toBe('SIGKILL');
  }, 90_000);
});
