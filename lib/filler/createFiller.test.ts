// Open filling with several fillers on two devnets: the fillers follow the origins' Open events, fill from their own
// inventory, and settle with the attester's signature (no relayer of ours runs unless a case says so).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, type Hex } from 'viem';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { createAttester } from '@/lib/attester/createAttester';
import { startAttesterServer, type AttesterServer } from '@/lib/attester/attesterServer';
import { loadChains } from '@/lib/chains/loadChains';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { destinationSettlerAbi, originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { countingRpc } from '@/test/countingRpc';
import { startCrossChainWorld, usdcOf, type CrossChainWorld, type OpenedOrder, type WorldChain } from '@/test/crossChainWorld';
import { useTempDataDir } from '@/test/tempDataDir';
import { chainOrderSource } from './chainOrderSource';
import { createFiller, type Filler, type FillerEvent } from './createFiller';

const USDC = 1_000_000n;

const FILLERS = [2, 3, 4];
const ORDERS = Number(process.env.FILLER_TEST_ORDERS ?? 100);

describe('three fillers compete for open orders', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let world: CrossChainWorld;
  let A: WorldChain;
  let B: WorldChain;
  let attester: AttesterServer;
  let ticker: NodeJS.Timeout | undefined;
  const events: FillerEvent[] = [];

  const fillersOf = (accounts: readonly number[]): Filler[] => accounts.map((i) => createFiller({
    account: devAccount(i),
    chains: world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl })),
    source: chainOrderSource(world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl, router: c.router })), attester.url),
    minProfitBps: 0, nativeUsdCents: 300_000n, pollMs: 100, onEvent: (e) => events.push(e),
  }));
  const status = (src: WorldChain, orderId: Hex) => src.client.readContract({ address: src.router, abi: originSettlerAbi, functionName: 'orderStatus', args: [orderId] });
  const waitSettled = async (orders: readonly { src: WorldChain; order: OpenedOrder }[], timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const states = await Promise.all(orders.map(({ src, order }) => status(src, order.orderId)));
      if (states.every((s) => s === ORDER_STATUS.settled) || Date.now() > deadline) return states;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    tmp = useTempDataDir({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    world = await startCrossChainWorld(tmp.dir);
    [A, B] = world.chains;
    attester = await startAttesterServer(createAttester({ account: attesterAccount(), chains: () => loadChains(), rpcTimeoutMs: 2_000 }), '127.0.0.1', 0);
    // Fills and deposits count a block deep: blocks keep coming, as on a live chain.
    ticker = setInterval(() => {
      for (const chain of world.chains) void world.rpc(chain, 'evm_mine').catch(() => undefined);
    }, 300);
  }, 240_000);
  afterAll(async () => {
    clearInterval(ticker);
    await attester?.close();
    await world?.stop();
    tmp?.cleanup();
  });

  it(`each of ${ORDERS} orders both ways is filled exactly once and repaid once to the filler that filled it; the routers hold exactly the open escrows`, async () => {
    const routerBefore = await Promise.all([usdcOf(A, A.router), usdcOf(B, B.router)]);
    const fillers = fillersOf(FILLERS);
    for (const f of fillers) f.start();
    try {
      const orders: { src: WorldChain; order: OpenedOrder }[] = [];
      for (let i = 0; i < ORDERS; i += 1) {
        const [src, dst] = i % 3 === 2 ? [B, A] : [A, B];
        orders.push({ src, order: await world.sendOrder({ src, dst, amountIn: (20n + BigInt(i % 7)) * USDC, fillWindowSec: 300 }) });
      }
      const states = await waitSettled(orders, 120_000);
      expect(states.filter((s) => s !== ORDER_STATUS.settled)).toEqual([]);
      const repaidTo = new Map<string, bigint>();
      for (const { src, order } of orders) {
        const dst = src === A ? B : A;
        const fills = await world.fillLogs(dst, order.orderId);
        expect(fills, order.orderId).toHaveLength(1);
        const settles = await src.client.getContractEvents({ address: src.router, abi: originSettlerAbi, eventName: 'OrderSettled', args: { orderId: order.orderId }, fromBlock: 0n });
        expect(settles).toHaveLength(1);
        // The one repaid is the one that filled (its repayment address: itself here).
        expect(settles[0]?.args.relayer).toBe(fills[0]?.repayment);
        expect(fills[0]?.relayer).toBe(fills[0]?.repayment);
        const who = fills[0]?.relayer ?? '';
        repaidTo.set(who, (repaidTo.get(who) ?? 0n) + (settles[0]?.args.amount ?? 0n));
      }
      expect([...repaidTo.keys()].every((who) => FILLERS.some((i) => devAccount(i).address === who))).toBe(true);
      expect(events.filter((e) => e.kind === 'filled')).toHaveLength(ORDERS);
      // Every escrow left: the routers hold what they held before (nothing is open).
      expect([await usdcOf(A, A.router), await usdcOf(B, B.router)]).toEqual(routerBefore);
    } finally {
      await Promise.all(fillers.map((f) => f.stop()));
    }
  }, 300_000);

  it('settles several of its fills on one chain in a single pass: one transaction at a time, no nonce taken twice', async () => {
    // A node slow to tell the account's nonce: every settlement sent together would read the same one.
    const slowA = await countingRpc(A.rpcUrl, { delayMs: { eth_getTransactionCount: 300 } });
    const filler = createFiller({
      account: devAccount(5),
      chains: world.chains.map((c) => ({ id: c.id, rpcUrl: c === A ? slowA.url : c.rpcUrl })),
      source: chainOrderSource(world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl, router: c.router })), attester.url),
      minProfitBps: 0, nativeUsdCents: 300_000n, pollMs: 100, onEvent: (e) => events.push(e),
    });
    try {
      const orders: OpenedOrder[] = [];
      for (let i = 0; i < 4; i += 1) orders.push(await world.openOrder({ src: A, dst: B, amountIn: 25n * USDC, fillWindowSec: 300 }));
      const before = events.length;
      await filler.pass();
      expect(events.slice(before).filter((e) => e.kind === 'filled')).toHaveLength(orders.length);
      // The fills are deep enough for the attester once a few more blocks are on top.
      for (let i = 0; i < 3; i += 1) await world.rpc(B, 'evm_mine');
      await filler.pass();
      const mine = events.slice(before);
      expect(mine.filter((e) => e.kind === 'unsettled')).toEqual([]);
      expect(await Promise.all(orders.map((o) => status(A, o.orderId)))).toEqual(orders.map(() => ORDER_STATUS.settled));
      expect(mine.filter((e) => e.kind === 'settled')).toHaveLength(orders.length);
    } finally {
      await slowA.close();
    }
  }, 120_000);

  it('an allowance to the settler given by hand that fills have spent is approved again, not taken as unlimited', async () => {
    const who = devAccount(6);
    const filler = createFiller({
      account: who,
      chains: world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl })),
      source: chainOrderSource(world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl, router: c.router })), attester.url),
      minProfitBps: 0, nativeUsdCents: 300_000n, pollMs: 100, onEvent: (e) => events.push(e),
    });
    const first = await world.openOrder({ src: A, dst: B, amountIn: 20n * USDC, fillWindowSec: 300 });
    const hash = await B.dev.wallet(6).writeContract({ address: B.usdc, abi: erc20Abi, functionName: 'approve', args: [B.settler, first.dstBridgeAmount], account: who, chain: B.dev.chain });
    await B.client.waitForTransactionReceipt({ hash });
    await filler.pass();
    expect((await world.fillLogs(B, first.orderId)).map((f) => f.relayer), 'first fill').toEqual([who.address]);
    const second = await world.openOrder({ src: A, dst: B, amountIn: 20n * USDC, fillWindowSec: 300 });
    await filler.pass();
    expect((await world.fillLogs(B, second.orderId)).map((f) => f.relayer), 'second fill').toEqual([who.address]);
  }, 120_000);

  it('with our relayer stopped, orders exclusive to it are filled by other fillers once its window ends, never before', async () => {
    const fillers = fillersOf(FILLERS);
    for (const f of fillers) f.start();
    try {
      const dstNow = Number((await B.client.getBlock()).timestamp);
      const exclusivityDeadline = dstNow + 4;
      const orders: { src: WorldChain; order: OpenedOrder }[] = [];
      for (let i = 0; i < 5; i += 1) {
        orders.push({ src: A, order: await world.sendOrder({ src: A, dst: B, amountIn: 30n * USDC, exclusiveFiller: relayerAccount().address, exclusivityDeadline }) });
      }
      const states = await waitSettled(orders, 60_000);
      expect(states.filter((s) => s !== ORDER_STATUS.settled)).toEqual([]);
      for (const { order } of orders) {
        const [log] = await B.client.getContractEvents({ address: B.settler, abi: destinationSettlerAbi, eventName: 'Filled', args: { orderId: order.orderId }, fromBlock: 0n });
        expect(log?.args.filler).not.toBe(relayerAccount().address);
        const block = await B.client.getBlock({ blockNumber: log?.blockNumber ?? 0n });
        expect(Number(block.timestamp)).toBeGreaterThan(exclusivityDeadline);
      }
      expect(events.some((e) => e.kind === 'skipped' && /holds it exclusively/.test(e.reason))).toBe(true);
    } finally {
      await Promise.all(fillers.map((f) => f.stop()));
    }
  }, 120_000);
});
