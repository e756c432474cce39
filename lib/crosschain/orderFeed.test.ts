// The orders feed follows the chains, not our relayer: with no relayer of ours running, an order another filler fills
// shows as open, then filled by that filler, then settled; an order nobody fills expires and is refunded; a reorg on
// the destination takes a fill back out of the feed, and one that takes back the blocks past an order's deadline takes
// its expiry back. The stream sends each change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, type Hex } from 'viem';
import type { CrossChainOrderDTO } from '@/lib/api/schemas/crosschainOrders';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { createAttester, type Attester } from '@/lib/attester/createAttester';
import { startAttesterServer, type AttesterServer } from '@/lib/attester/attesterServer';
import { loadChains } from '@/lib/chains/loadChains';
import { readyDb } from '@/lib/db/getDb';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { chainClient } from '@/lib/indexer/chainClient';
import type { JobTables } from '@/lib/jobs/jobTables';
import { chainOrderSource } from '@/lib/filler/chainOrderSource';
import { createFiller, type Filler } from '@/lib/filler/createFiller';
import { destinationSettlerAbi, originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { startCrossChainWorld, type CrossChainWorld, type WorldChain } from '@/test/crossChainWorld';
import { useTempDataDir } from '@/test/tempDataDir';
import { crossChainOrders } from './crossChainOrders';
import type { CrosschainTables } from './crosschainTables';
import { orderEventStream } from './orderEventStream';
import { runOrderFeed } from './orderFeed';
import { orderStore } from './orderStore';
import { OrderStreamHub } from './orderStreamHub';

const USDC = 1_000_000n;

describe('orders feed without our relayer', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let world: CrossChainWorld;
  let A: WorldChain;
  let B: WorldChain;
  let attester: Attester;
  let server: AttesterServer;
  let filler: Filler;
  const feedStop = new AbortController();
  const streamStop = new AbortController();
  let feed: Promise<void> | undefined;
  let hub: OrderStreamHub;
  const streamed: CrossChainOrderDTO[] = [];

  const listed = async (orderId: Hex) => (await crossChainOrders({ limit: 100 })).orders.find((o) => o.order_id === orderId);
  const until = async <T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const feedSays = (orderId: Hex, status: CrossChainOrderDTO['status']) =>
    until(`${orderId} ${status} in the feed`, async () => {
      const o = await listed(orderId);
      return o?.status === status ? o : undefined;
    });
  const streamSays = (orderId: Hex, status: CrossChainOrderDTO['status']) =>
    until(`${orderId} ${status} on the stream`, async () => streamed.find((o) => o.order_id === orderId && o.status === status));
  const mine = async (chain: WorldChain, n: number) => {
    for (let i = 0; i < n; i += 1) await world.rpc(chain, 'evm_mine');
  };

  beforeAll(async () => {
    tmp = useTempDataDir({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    world = await startCrossChainWorld(tmp.dir);
    [A, B] = world.chains;
    attester = createAttester({ account: attesterAccount(), chains: () => loadChains(), rpcTimeoutMs: 2_000 });
    server = await startAttesterServer(attester, '127.0.0.1', 0);
    filler = createFiller({
      account: devAccount(2),
      chains: world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl })),
      source: chainOrderSource(world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl, router: c.router })), server.url),
      minProfitBps: 0, nativeUsdCents: 300_000n, pollMs: 100,
    });
    const db = await readyDb();
    feed = runOrderFeed(db.withTables<CrosschainTables & JobTables>(), {
      chains: () => loadChains(), client: chainClient, confirmations: 0, pollMs: 50, signal: feedStop.signal,
    });
    const store = orderStore(db.withTables<CrosschainTables>());
    hub = new OrderStreamHub({ loadChanged: (since, limit) => store.changedSince(since, limit), pollMs: 50 });
    const reader = orderEventStream({ store, hub, filter: {}, signal: streamStop.signal }).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value);
        const events = buffer.split('\n\n');
        buffer = events.pop() ?? '';
        for (const e of events) {
          const data = e.split('\n').find((l) => l.startsWith('data: '));
          if (e.startsWith('event: order') && data) streamed.push(JSON.parse(data.slice(6)) as CrossChainOrderDTO);
        }
      }
    })();
  }, 240_000);

  afterAll(async () => {
    streamStop.abort();
    feedStop.abort();
    await feed;
    await server?.close();
    await world?.stop();
    tmp?.cleanup();
  });

  it('an order another filler fills shows open, then filled by that filler, then settled, in the feed and on the stream', async () => {
    const order = await world.openOrder({ src: A, dst: B, amountIn: 30n * USDC, fillWindowSec: 300 });
    await mine(A, 1); // the deposit a block deep
    const open = await feedSays(order.orderId, 'open');
    expect(open).toMatchObject({ origin_chain_id: A.id, destination_chain_id: B.id, filler: null, fill_tx_hash: null });
    await streamSays(order.orderId, 'open');

    await filler.pass(); // fills; its settlement waits for the fill to be deep enough for the attester
    await mine(B, 1);
    const filled = await feedSays(order.orderId, 'filled');
    const [fillLog] = await world.fillLogs(B, order.orderId);
    expect(filled.filler).toBe(devAccount(2).address);
    expect(filled.fill_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await streamSays(order.orderId, 'filled')).filler).toBe(fillLog?.relayer);

    await mine(B, 3);
    await filler.pass();
    await mine(A, 1);
    const settled = await feedSays(order.orderId, 'settled');
    expect(settled.settle_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(settled.filler).toBe(devAccount(2).address);
    await streamSays(order.orderId, 'settled');
    // The stream told each step once, in order.
    expect(streamed.filter((o) => o.order_id === order.orderId).map((o) => o.status)).toEqual(['open', 'filled', 'settled']);
    // One poller for the stream, however many connections.
    expect(hub.pollerCount()).toBe(1);
  }, 120_000);

  it('an order nobody fills expires at its deadline and shows refunded once the origin returns the escrow', async () => {
    const order = await world.openOrder({ src: A, dst: B, amountIn: 20n * USDC, fillWindowSec: 5 });
    await mine(A, 1);
    await feedSays(order.orderId, 'open');
    await world.rpc(B, 'evm_increaseTime', [30]);
    await mine(B, 2);
    await feedSays(order.orderId, 'expired');
    const originData = (await listed(order.orderId))?.origin_data as Hex;
    const answer = await until('an expiry attestation', async () => {
      await mine(B, 1);
      const a = await attester.attest({ originChainId: A.id, orderId: order.orderId, originData });
      return a.kind === 'expired' ? a : undefined;
    });
    const data = encodeFunctionData({ abi: originSettlerAbi, functionName: 'refund', args: [order.orderId, answer.signature] });
    const hash = await A.dev.wallet(3).sendTransaction({ to: A.router, data, account: devAccount(3), chain: A.dev.chain });
    await A.client.waitForTransactionReceipt({ hash });
    await mine(A, 1);
    const refunded = await feedSays(order.orderId, 'refunded');
    expect(refunded.filler).toBeNull();
    await streamSays(order.orderId, 'refunded');
  }, 120_000);

  it('a destination reorg that takes a fill away puts the order back to open in the feed', async () => {
    const order = await world.openOrder({ src: A, dst: B, amountIn: 25n * USDC, fillWindowSec: 300 });
    await mine(A, 1);
    await feedSays(order.orderId, 'open');
    const snapshot = await world.rpc(B, 'evm_snapshot');
    await filler.pass();
    await mine(B, 1);
    await feedSays(order.orderId, 'filled');
    await world.rpc(B, 'evm_revert', [snapshot]);
    await mine(B, 4); // another fork, longer than the one the fill was in
    const reopened = await feedSays(order.orderId, 'open');
    expect(reopened.filler).toBeNull();
    expect(reopened.fill_tx_hash).toBeNull();
  }, 120_000);

  it('a destination reorg that takes back the blocks past the deadline puts an expired order back to open; the new fork\'s fill shows', async () => {
    const order = await world.openOrder({ src: A, dst: B, amountIn: 22n * USDC, fillWindowSec: 120 });
    await mine(A, 1);
    await feedSays(order.orderId, 'open');
    const snapshot = await world.rpc(B, 'evm_snapshot');
    await world.rpc(B, 'evm_increaseTime', [600]);
    await mine(B, 2);
    await feedSays(order.orderId, 'expired');
    // Another fork, longer than the one that passed the deadline, whose clock is still before it.
    await world.rpc(B, 'evm_revert', [snapshot]);
    await mine(B, 4);
    await feedSays(order.orderId, 'open');
    await filler.pass();
    await mine(B, 1);
    const filled = await feedSays(order.orderId, 'filled');
    expect(filled.filler).toBe(devAccount(2).address);
    expect(filled.fill_tx_hash).toBe((await B.client.getContractEvents({ address: B.settler, abi: destinationSettlerAbi, eventName: 'Filled', args: { orderId: order.orderId }, fromBlock: 0n }))[0]?.transactionHash);
  }, 120_000);

  it('a destination reorg that takes a fill away onto a fork past the deadline shows the order expired, never filled', async () => {
    const order = await world.openOrder({ src: A, dst: B, amountIn: 21n * USDC, fillWindowSec: 120 });
    await mine(A, 1);
    await feedSays(order.orderId, 'open');
    const snapshot = await world.rpc(B, 'evm_snapshot');
    await filler.pass();
    await mine(B, 1);
    await feedSays(order.orderId, 'filled');
    await world.rpc(B, 'evm_revert', [snapshot]);
    await world.rpc(B, 'evm_increaseTime', [600]);
    await mine(B, 4);
    const expired = await feedSays(order.orderId, 'expired');
    expect(expired.filler).toBeNull();
    expect(expired.fill_tx_hash).toBeNull();
  }, 120_000);
});
