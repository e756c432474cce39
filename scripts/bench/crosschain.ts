// Cross-chain relayer benchmark (`npm run bench:crosschain`): two fresh devnet chains under the devnet's activity
// (a swap every 2–5 s per chain, so blocks come as under `npm start`), with `scripts/relayer.ts` and
// `scripts/attester.ts` as their own processes (RELAYER_POLL_MS as configured, default 250). Prints:
//   1. deposit mined → fill mined and fill mined → settled, p50 and p95 over 20 orders sent one at a time (A→B and
//      B→A), first with every chain's registry `confirmations` at 0, then at the devnet's depth: the difference is
//      what the confirmations cost (`-- --latency-only` stops after this part);
//   2. 50 orders at once (3 rounds): fills per second from the first deposit to the last fill, double fills;
//   3. 50 orders at once with the relayer SIGKILLed mid-burst, 10 more deposited while it is down, then restarted:
//      double fills and missed deposits.
// With --delivery instead: cross-chain orders deposited 30 s after their firm quote under the devnet's normal activity,
// share delivered and refunded (scripts/bench/crossChainDelivery.ts).
// A double fill is a second Filled event for one order, or any relayer transaction beyond one fill and one
// settlement per order (a reverted second attempt).
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Hex } from 'viem';
import { readFileSync } from 'node:fs';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { freePort } from '@/lib/devnet/startAnvil';
import { DEVNET_CONFIRMATIONS, writeChainsFile } from '@/lib/devnet/writeChainsFile';
import { ChainsFile } from '@/lib/chains/chainConfig';
import { readFill } from '@/lib/crosschain/readFill';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { crossChainDelivery } from './crossChainDelivery';
import { startCrossChainWorld, type CrossChainWorld, type OpenedOrder, type WorldChain } from '@/test/crossChainWorld';

const USDC = 1_000_000n;
const LATENCY_ORDERS = Number(process.env.BENCH_LATENCY_ORDERS ?? 20);
const LATENCY_ONLY = process.argv.includes('--latency-only');
const BURST = 50;
const BURST_ROUNDS = 3;
const DOWN_DEPOSITS = 10;
const WAIT_MS = 120_000;
const POLL_MS = Number(process.env.RELAYER_POLL_MS ?? 250);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? Number.NaN;
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

type Leg = { src: WorldChain; dst: WorldChain };

async function filledAt(dst: WorldChain, orderId: Hex): Promise<boolean> {
  return (await readFill(dst.client, dst.settler, orderId)) !== undefined;
}

async function settledOn(src: WorldChain, orderId: Hex): Promise<boolean> {
  return (await src.client.readContract({ address: src.router, abi: originSettlerAbi, functionName: 'orderStatus', args: [orderId] })) === ORDER_STATUS.settled;
}

async function waitForSettlement(src: WorldChain, orderId: Hex, timeoutMs = WAIT_MS): Promise<number | undefined> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await settledOn(src, orderId)) return performance.now();
    await sleep(10);
  }
  return undefined;
}

/** Sets every chain's registry `confirmations` (the relayer and the attester re-read the registry as it changes). */
function setConfirmations(world: CrossChainWorld, confirmations: number): void {
  const file = path.join(world.dataDir, 'chains.json');
  const registry = ChainsFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  writeChainsFile(file, { chains: registry.chains.map((c) => ({ ...c, confirmations })) });
}

const summary = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))} (min ${ms(sorted[0] ?? NaN)}, max ${ms(sorted.at(-1) ?? NaN)}, ${sorted.length} orders)`;
};

/** Polls until every order has its fill on its destination; returns when each was first seen (performance.now()). */
async function waitForFills(orders: { order: OpenedOrder; leg: Leg }[], timeoutMs = WAIT_MS): Promise<Map<Hex, number>> {
  const seen = new Map<Hex, number>();
  const deadline = performance.now() + timeoutMs;
  while (seen.size < orders.length && performance.now() < deadline) {
    await Promise.all(orders.filter((o) => !seen.has(o.order.orderId)).map(async ({ order, leg }) => {
      if (await filledAt(leg.dst, order.orderId)) seen.set(order.orderId, performance.now());
    }));
    if (seen.size < orders.length) await sleep(10);
  }
  return seen;
}

async function relayerNonces(world: CrossChainWorld): Promise<number[]> {
  const address = relayerAccount().address;
  return Promise.all(world.chains.map((c) => c.client.getTransactionCount({ address })));
}

/** Second fills and relayer transactions beyond one fill and one settlement per order (waits for settlements). */
async function doubles(world: CrossChainWorld, orders: { order: OpenedOrder; leg: Leg }[], noncesBefore: number[]): Promise<{ doubleFills: number; extraTxs: number }> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const settled = await Promise.all(orders.map(({ order, leg }) => world.settleLogs(leg.src, order.orderId)));
    if (settled.every((s) => s.length >= 1) || Date.now() > deadline) break;
    await sleep(100);
  }
  await sleep(500);
  const fills = await Promise.all(orders.map(({ order, leg }) => world.fillLogs(leg.dst, order.orderId)));
  const doubleFills = fills.reduce((n, f) => n + Math.max(0, f.length - 1), 0);
  const after = await relayerNonces(world);
  const sent = after.reduce((n, x, i) => n + x - (noncesBefore[i] ?? 0), 0);
  return { doubleFills, extraTxs: sent - 2 * orders.length };
}

/** Dev accounts that send the deposits (anvil's #1–#7, the devnet's traders), each its own nonce sequence. */
const USERS = 7;

async function burst(world: CrossChainWorld, count: number): Promise<{ order: OpenedOrder; leg: Leg }[]> {
  const [A, B] = world.chains;
  const [a, b] = await Promise.all([A.client.getBlock(), B.client.getBlock()]);
  const legs: Leg[] = Array.from({ length: count }, (_, i) => (i % 2 ? { src: B, dst: A } : { src: A, dst: B }));
  const orders = await Promise.all(legs.map((leg, i) => world.sendOrder({
    ...leg, user: 1 + (i % USERS), amountIn: BigInt(5 + (i % 7)) * USDC,
    heads: leg.src === A ? { src: a.timestamp, dst: b.timestamp } : { src: b.timestamp, dst: a.timestamp },
  })));
  return orders.map((order, i) => ({ order, leg: legs[i] as Leg }));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'swapdesk-bench-xc-'));
  process.env.SWAPDESK_DATA_DIR = dir;
  const world = await startCrossChainWorld(dir, { activity: true });
  const children: ChildProcess[] = [];
  const attesterPort = await freePort();
  world.attesterUrl = `http://127.0.0.1:${attesterPort}`;
  children.push(world.spawnAttester(attesterPort));
  const spawn = () => {
    const child = world.spawnRelayer({ RELAYER_POLL_MS: String(POLL_MS) });
    children.push(child);
    return child;
  };
  try {
    const [A, B] = world.chains;
    let relayer = spawn();
    await Promise.all(world.chains.flatMap((c) => Array.from({ length: USERS }, (_, i) => world.approve(c, i + 1))));
    // Warm-up: one order each way (first fills pay for approvals and cold caches).
    const warm = [{ order: await world.openOrder({ src: A, dst: B, amountIn: USDC }), leg: { src: A, dst: B } }, { order: await world.openOrder({ src: B, dst: A, amountIn: USDC }), leg: { src: B, dst: A } }];
    await waitForFills(warm);
    console.log(`relayer poll ${POLL_MS} ms (RELAYER_POLL_MS); anvil mines a block per transaction, the devnet's activity swaps every 2–5 s per chain`);

    // 1. Latency, one order at a time, at depth 0 and at the devnet's depth.
    for (const depth of [0, DEVNET_CONFIRMATIONS]) {
      setConfirmations(world, depth);
      const toFill: number[] = [];
      const toSettle: number[] = [];
      for (let i = 0; i < LATENCY_ORDERS; i++) {
        const leg = i % 2 ? { src: B, dst: A } : { src: A, dst: B };
        const order = await world.openOrder({ ...leg, amountIn: BigInt(2 + i) * USDC });
        const mined = performance.now();
        const filled = (await waitForFills([{ order, leg }])).get(order.orderId);
        const settled = await waitForSettlement(leg.src, order.orderId);
        if (filled !== undefined) toFill.push(filled - mined);
        if (filled !== undefined && settled !== undefined) toSettle.push(settled - filled);
        // Deposits arrive at random points of the relayer's polling cycle and of the chains' block rhythm.
        await sleep(100 + Math.random() * POLL_MS);
      }
      console.log(`confirmations ${depth}: deposit mined → fill mined ${summary(toFill)}`);
      console.log(`confirmations ${depth}: fill mined → settled ${summary(toSettle)}`);
    }
    if (LATENCY_ONLY) return;

    // 2. Bursts.
    const rates: number[] = [];
    let burstDoubles = 0;
    let burstExtra = 0;
    for (let round = 0; round < BURST_ROUNDS; round++) {
      const before = await relayerNonces(world);
      const t0 = performance.now();
      const orders = await burst(world, BURST);
      const submitted = performance.now() - t0;
      const seen = await waitForFills(orders);
      const last = Math.max(...seen.values());
      const rate = (seen.size / (last - t0)) * 1000;
      rates.push(rate);
      const d = await doubles(world, orders, before);
      burstDoubles += d.doubleFills;
      burstExtra += d.extraTxs;
      console.log(`  burst round ${round + 1}: ${BURST} deposits sent in ${ms(submitted)}, ${seen.size}/${BURST} filled ${ms(last - t0)} after the first (${ms(last - t0 - submitted)} after the last) → ${rate.toFixed(1)} fills/s; double fills ${d.doubleFills}, extra relayer txs ${d.extraTxs}`);
    }
    const spread = `${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)}`;
    console.log(`${BURST} orders at once: median ${median(rates).toFixed(1)} fills/s (rounds ${spread}); double fills ${burstDoubles}, extra relayer txs ${burstExtra}`);

    // 3. Restart mid-burst.
    const before = await relayerNonces(world);
    const orders = await burst(world, BURST);
    const firstFills = await waitForFills(orders.slice(0, 3), WAIT_MS);
    relayer.kill('SIGKILL');
    await once(relayer, 'exit');
    const filledAtKill = (await Promise.all(orders.map(({ order, leg }) => filledAt(leg.dst, order.orderId)))).filter(Boolean).length;
    const whileDown = await burst(world, DOWN_DEPOSITS);
    relayer = spawn();
    const everything = [...orders, ...whileDown];
    const seen = await waitForFills(everything);
    const missed = everything.length - seen.size;
    const d = await doubles(world, everything, before);
    console.log(`relayer SIGKILLed mid-burst (${filledAtKill}/${BURST} filled at the kill, ${firstFills.size} seen before it), ${DOWN_DEPOSITS} deposits while down, restarted: ${seen.size}/${everything.length} filled; double fills ${d.doubleFills}, extra relayer txs ${d.extraTxs}, missed deposits ${missed}`);
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(children.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => once(c, 'exit')));
    await world.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `--delivery`: orders sent 30 s after quoting under the devnet's activity (scripts/bench/crossChainDelivery.ts).
if (process.argv.includes('--delivery')) await crossChainDelivery();
else await main();
