// Open-filling benchmark (`npm run bench:fillers`): two fresh devnet chains (a block every second on each besides the
// transactions' own, so fills and deposits are a block deep within a second), the attester in this process and
// fillers of lib/filler (following the origins' Open events, settling themselves). Prints, over ORDERS orders A→B sent
// one every 250 ms:
//   1. deposit mined → fill mined p50/p95 with 1 filler and with 3 fillers;
//   2. fill mined → repayment mined (the filler's settle) p50/p95;
//   3. orders exclusive to our relayer for 5 s while it is stopped: how many other fillers filled after the window;
//   4. double fills (a second Filled event for one order) and double repayments (a second OrderSettled): expected 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAttester } from '@/lib/attester/createAttester';
import { startAttesterServer } from '@/lib/attester/attesterServer';
import { loadChains } from '@/lib/chains/loadChains';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { chainOrderSource } from '@/lib/filler/chainOrderSource';
import { createFiller, type FillerEvent } from '@/lib/filler/createFiller';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { resetEnv } from '@/lib/env';
import { startCrossChainWorld, type CrossChainWorld, type OpenedOrder } from '@/test/crossChainWorld';

const USDC = 1_000_000n;
const ORDERS = Number(process.env.BENCH_FILLER_ORDERS ?? 40);
const SEND_EVERY_MS = 250;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? Number.NaN;
};
const ms = (x: number) => `${Math.round(x)} ms`;

type Run = { fillMs: number[]; repayMs: number[]; filled: number; doubleFills: number; doubleRepayments: number; afterWindow: number };

async function run(world: CrossChainWorld, attesterUrl: string, fillerAccounts: readonly number[], exclusive: boolean): Promise<Run> {
  const [A, B] = world.chains;
  const minedAt = new Map<string, number>();
  const filledAt = new Map<string, number>();
  const settledAt = new Map<string, number>();
  const onEvent = (e: FillerEvent) => {
    const id = e.order.orderId.toLowerCase();
    if (e.kind === 'filled') filledAt.set(id, Date.now());
    if (e.kind === 'settled') settledAt.set(id, Date.now());
  };
  const fillers = fillerAccounts.map((i) => createFiller({
    account: devAccount(i), chains: world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl })),
    source: chainOrderSource(world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl, router: c.router })), attesterUrl),
    minProfitBps: 0, nativeUsdCents: 300_000n, pollMs: 100, onEvent,
  }));
  for (const f of fillers) f.start();
  const orders: OpenedOrder[] = [];
  const windowEnds = Number((await B.client.getBlock()).timestamp) + 5;
  const sends: Promise<void>[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    sends.push(world.openOrder({
      src: A, dst: B, amountIn: (20n + BigInt(i % 5)) * USDC, fillWindowSec: 600,
      ...(exclusive ? { exclusiveFiller: relayerAccount().address, exclusivityDeadline: windowEnds } : {}),
    }).then((o) => {
      minedAt.set(o.orderId.toLowerCase(), Date.now());
      orders.push(o);
    }));
    await new Promise((r) => setTimeout(r, SEND_EVERY_MS));
  }
  await Promise.all(sends);
  const deadline = Date.now() + 120_000;
  const status = (id: OpenedOrder) => A.client.readContract({ address: A.router, abi: originSettlerAbi, functionName: 'orderStatus', args: [id.orderId] });
  while (Date.now() < deadline && (await Promise.all(orders.map(status))).some((s) => s !== ORDER_STATUS.settled)) await new Promise((r) => setTimeout(r, 250));
  await Promise.all(fillers.map((f) => f.stop()));
  const out: Run = { fillMs: [], repayMs: [], filled: 0, doubleFills: 0, doubleRepayments: 0, afterWindow: 0 };
  for (const o of orders) {
    const id = o.orderId.toLowerCase();
    const fills = await world.fillLogs(B, o.orderId);
    const settles = await world.settleLogs(A, o.orderId);
    if (fills.length > 0) out.filled += 1;
    out.doubleFills += Math.max(0, fills.length - 1);
    out.doubleRepayments += Math.max(0, settles.length - 1);
    const [mined, filled, settled] = [minedAt.get(id), filledAt.get(id), settledAt.get(id)];
    if (mined !== undefined && filled !== undefined) out.fillMs.push(filled - mined);
    if (filled !== undefined && settled !== undefined) out.repayMs.push(settled - filled);
    if (exclusive && fills.length > 0) out.afterWindow += 1;
  }
  return out;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-bench-fillers-'));
process.env.SWAPDESK_DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
resetEnv();
const world = await startCrossChainWorld(dataDir);
const ticker = setInterval(() => {
  for (const chain of world.chains) void world.rpc(chain, 'evm_mine').catch(() => undefined);
}, 1_000);
const attester = await startAttesterServer(createAttester({ account: attesterAccount(), chains: () => loadChains(), rpcTimeoutMs: 2_000 }), '127.0.0.1', 0);
try {
  const report = (name: string, r: Run) => console.log(
    `${name}: ${r.filled}/${ORDERS} filled; deposit mined → fill mined p50 ${ms(percentile(r.fillMs, 50))}, p95 ${ms(percentile(r.fillMs, 95))}; `
    + `fill → repayment p50 ${ms(percentile(r.repayMs, 50))}, p95 ${ms(percentile(r.repayMs, 95))}; double fills ${r.doubleFills}, double repayments ${r.doubleRepayments}`,
  );
  report('1 filler', await run(world, attester.url, [2], false));
  report('3 fillers', await run(world, attester.url, [3, 4, 5], false));
  const down = await run(world, attester.url, [3, 4, 5], true);
  report('3 fillers, orders exclusive to our stopped relayer for 5 s', down);
  console.log(`orders filled while our relayer was down: ${down.afterWindow}/${ORDERS}`);
} finally {
  clearInterval(ticker);
  await attester.close();
  await world.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
