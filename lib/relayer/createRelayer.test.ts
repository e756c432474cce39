import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { getAddress, type Hex } from 'viem';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { attesterClient } from '@/lib/attester/attesterClient';
import { createAttester } from '@/lib/attester/createAttester';
import { startAttesterServer, type AttesterServer } from '@/lib/attester/attesterServer';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { loadChains } from '@/lib/chains/loadChains';
import { openDb } from '@/lib/db/openDb';
import { migrateToLatest } from '@/lib/db/migrateToLatest';
import type { CrosschainDb, CrosschainTables } from '@/lib/crosschain/crosschainTables';
import { orderStore, type OrderStore } from '@/lib/crosschain/orderStore';
import { useTempDataDir } from '@/test/tempDataDir';
import { startCrossChainWorld, type CrossChainWorld, type WorldChain } from '@/test/crossChainWorld';
import { createRelayer, type Relayer } from './createRelayer';
import { relayerChains } from './relayerChains';
import { scanDeposits } from './scanDeposits';

const USDC = 1_000_000n;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('relayer on two devnets', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let world: CrossChainWorld;
  let A: WorldChain;
  let B: WorldChain;
  let db: CrosschainDb;
  let store: OrderStore;
  let relayer: Relayer;
  let attester: AttesterServer;
  const children: ChildProcess[] = [];

  const makeRelayer = (confirmations = 0) => createRelayer({
    db, chains: () => loadChains(), account: relayerAccount(), attester: attesterClient(attester.url, 5_000),
    pollMs: 50, confirmations, rpcTimeoutMs: 2_000, receiptTimeoutMs: 5_000,
  });
  /** The devnet counts an event one block deep (registry `confirmations` 1): a block on top of each chain's head. */
  const mine = (...chains: WorldChain[]) => Promise.all(chains.map((c) => world.rpc(c, 'evm_mine')));
  const state = async (orderId: Hex) => (await store.find(orderId))?.state;
  const balance = (chain: WorldChain, who: `0x${string}`) =>
    chain.client.readContract({ address: chain.usdc, abi: testERC20Abi, functionName: 'balanceOf', args: [who] });
  const nonce = (chain: WorldChain) => chain.client.getTransactionCount({ address: relayerAccount().address });

  beforeAll(async () => {
    tmp = useTempDataDir({ LOG_LEVEL: 'silent' });
    world = await startCrossChainWorld(tmp.dir);
    [A, B] = world.chains;
    db = openDb({ sqliteFile: path.join(tmp.dir, 'swapdesk.sqlite') }).withTables<CrosschainTables>();
    await migrateToLatest(db);
    store = orderStore(db);
    // The attester is its own process in production; here its HTTP endpoint runs in the test, with its own key.
    attester = await startAttesterServer(createAttester({ account: attesterAccount(), chains: () => loadChains(), rpcTimeoutMs: 2_000 }), '127.0.0.1', 0);
    world.attesterUrl = attester.url;
    relayer = makeRelayer();
  });
  afterAll(async () => {
    await relayer?.stop();
    await attester?.close();
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await db?.destroy();
    await world?.stop();
    tmp?.cleanup();
  });

  it('fills A→B and B→A once each, settles both with what the destination shows, and the recipient gets the amount', async () => {
    const recipient = getAddress('0x00000000000000000000000000000000000a11ce');
    const ab = await world.openOrder({ src: A, dst: B, amountIn: 250n * USDC, recipient });
    const ba = await world.openOrder({ src: B, dst: A, amountIn: 40n * USDC, user: 2 });
    const before = await balance(A, ba.recipient);
    // Neither deposit is a block deep yet: nothing is recorded, nothing filled.
    expect(await relayer.pass()).toMatchObject({ recorded: 0, filled: 0, settled: 0 });
    await mine(A, B);
    // Filled once deep; not settled while the fills are at the destinations' heads (the attester waits for depth).
    expect(await relayer.pass()).toMatchObject({ recorded: 2, filled: 2, settled: 0, failed: 0 });
    expect(await state(ab.orderId)).toBe('filled');
    await mine(A, B);
    expect(await relayer.pass()).toMatchObject({ recorded: 0, filled: 0, settled: 2, failed: 0 });
    expect(await balance(B, recipient)).toBe(ab.dstBridgeAmount);
    expect(await balance(A, ba.recipient)).toBe(before + ba.dstBridgeAmount);
    const row = await store.find(ab.orderId);
    expect(row).toMatchObject({
      state: 'settled', quote_id: ab.quoteId, src_chain_id: A.id, dst_chain_id: B.id, recipient, escrow_amount: (250n * USDC).toString(),
      dst_bridge_amount: ab.dstBridgeAmount.toString(), amount_out: ab.dstBridgeAmount.toString(), relayer: relayerAccount().address, open_tx_hash: ab.openTx,
    });
    expect(row?.fill_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(row?.settle_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await store.findByOpenTxHash(ba.openTx)).toMatchObject({ state: 'settled', src_chain_id: B.id });
    expect(await world.fillLogs(B, ab.orderId)).toHaveLength(1);
    expect(await world.settleLogs(A, ab.orderId)).toHaveLength(1);
    // Another round changes nothing: nothing is owed, nothing is sent again.
    const [nA, nB] = await Promise.all([nonce(A), nonce(B)]);
    expect(await relayer.pass()).toMatchObject({ recorded: 0, filled: 0, settled: 0 });
    expect([await nonce(A), await nonce(B)]).toEqual([nA, nB]);
  });

  it('fills native in on A → native out on B through swaps on both chains, and is repaid the whole escrow', async () => {
    const recipient = getAddress('0x00000000000000000000000000000000000b0b00');
    const order = await world.openOrder({ src: A, dst: B, amountIn: 10n ** 17n, nativeIn: true, nativeOut: true, dstBridgeAmount: 200n * USDC, recipient });
    const relayerOnA = await balance(A, relayerAccount().address);
    await mine(A);
    expect(await relayer.pass()).toMatchObject({ recorded: 1, filled: 1, settled: 0, failed: 0 });
    await mine(B);
    expect(await relayer.pass()).toMatchObject({ settled: 1, failed: 0 });
    const row = await store.find(order.orderId);
    // ~0.1 ETH at ~3,000 USD escrowed ~300 USDC; the relayer paid 200 USDC on B, swapped to ETH for the recipient.
    expect(BigInt(row?.escrow_amount ?? 0)).toBeGreaterThan(200n * USDC);
    expect(await B.client.getBalance({ address: recipient })).toBe(BigInt(row?.amount_out ?? -1));
    expect(BigInt(row?.amount_out ?? 0)).toBeGreaterThan(0n);
    expect(await balance(A, relayerAccount().address)).toBe(relayerOnA + BigInt(row?.escrow_amount ?? 0));
  });

  it('twenty orders submitted at once: twenty fills, twenty settlements, no double', async () => {
    const [nA, nB] = await Promise.all([nonce(A), nonce(B)]);
    relayer.start();
    const plan = Array.from({ length: 20 }, (_, i) => ({ src: i % 2 ? B : A, dst: i % 2 ? A : B, user: 1 + (i % 4), amountIn: BigInt(10 + i) * USDC }));
    // Sent back to back from four accounts without waiting for receipts.
    const sent = await Promise.all(plan.map((p) => world.sendOrder(p)));
    // Blocks keep coming, as the devnet's activity makes them (the relayer's own transactions mine blocks too).
    const ticker = setInterval(() => void mine(A, B).catch(() => undefined), 300);
    try {
      await until('twenty settlements', async () => (await Promise.all(sent.map((o) => state(o.orderId)))).every((s) => s === 'settled'), 60_000);
    } finally {
      clearInterval(ticker);
    }
    await relayer.stop();
    const fills = await Promise.all(sent.map((o, i) => world.fillLogs(plan[i]?.dst ?? A, o.orderId)));
    expect(fills.map((f) => f.length)).toEqual(sent.map(() => 1));
    // One fill and one settlement transaction per order on each chain, nothing more.
    expect((await nonce(A)) - nA).toBe(20);
    expect((await nonce(B)) - nB).toBe(20);
  }, 120_000);

  it('a relayer SIGKILLed right after sending a fill, then restarted, fills once and settles once', async () => {
    await world.rpc(B, 'evm_setAutomine', [false]);
    const [nA, nB] = await Promise.all([nonce(A), nonce(B)]);
    const order = await world.openOrder({ src: A, dst: B, amountIn: 77n * USDC });
    await mine(A);
    let child = world.spawnRelayer();
    children.push(child);
    // The fill is signed, recorded and in B's pool, not mined: the worst moment to die.
    const pending = await until('a fill in flight', async () => (await store.find(order.orderId))?.pending_tx_hash, 60_000);
    await until('the fill in the pool', async () => (await B.client.getTransaction({ hash: pending as Hex }).catch(() => undefined)) !== undefined);
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = world.spawnRelayer();
    children.push(child);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await state(order.orderId)).toBe('opened');
    await world.rpc(B, 'evm_mine');
    await world.rpc(B, 'evm_setAutomine', [true]);
    await mine(B);
    await until('settled after the restart', async () => (await state(order.orderId)) === 'settled', 60_000);
    child.kill('SIGTERM');
    await once(child, 'exit');
    expect(await world.fillLogs(B, order.orderId)).toHaveLength(1);
    expect(await world.settleLogs(A, order.orderId)).toHaveLength(1);
    expect((await nonce(B)) - nB).toBe(1);
    expect((await nonce(A)) - nA).toBe(1);
    expect(await store.find(order.orderId)).toMatchObject({ fill_tx_hash: pending, pending_tx_hash: null });
  }, 180_000);

  it('relayer stopped: deposits made meanwhile are filled when it returns; one past its deadline is expired, refunded, and the user is whole less gas', async () => {
    const user = 3;
    const userAddress = devAccount(user).address;
    await world.approve(A, user);
    const [usdcBefore, ethBefore] = await Promise.all([balance(A, userAddress), A.client.getBalance({ address: userAddress })]);
    const late = await world.openOrder({ src: A, dst: B, user, amountIn: 500n * USDC, fillWindowSec: 30 });
    const onTime = await world.openOrder({ src: B, dst: A, user: 4, amountIn: 12n * USDC });
    // B's clock passes the late order's deadline while no relayer runs, a block deep.
    await world.rpc(B, 'evm_increaseTime', [60]);
    await mine(A, B);
    await mine(B);
    expect(await relayer.pass()).toMatchObject({ recorded: 2, filled: 1, expired: 1, refunded: 1, settled: 0 });
    await mine(A);
    expect(await relayer.pass()).toMatchObject({ settled: 1 });
    expect(await state(onTime.orderId)).toBe('settled');
    expect(await store.find(late.orderId)).toMatchObject({ state: 'refunded', fill_tx_hash: null });
    expect(await world.fillLogs(B, late.orderId)).toHaveLength(0);
    expect(await balance(A, userAddress)).toBe(usdcBefore);
    // The deposit's gas is all it cost: the refund came from the relayer's transaction, not the user's.
    const receipt = await A.client.getTransactionReceipt({ hash: late.openTx });
    expect(await A.client.getBalance({ address: userAddress })).toBe(ethBefore - receipt.gasUsed * receipt.effectiveGasPrice);
  });

  it('waits for confirmations, and unwinds a deposit a reorg took back', async () => {
    const cautious = makeRelayer(3);
    const snapshot = await world.rpc(A, 'evm_snapshot');
    const order = await world.openOrder({ src: A, dst: B, amountIn: 5n * USDC, fillWindowSec: 3_600 });
    expect((await cautious.pass()).recorded).toBe(0);
    // Scan only (no fill): three blocks on top make it count; then the chain goes back before it.
    await world.rpc(A, 'anvil_mine', ['0x3']);
    const chainA = relayerChains(relayerAccount(), 2_000, 50).current([A.config]).get(A.id);
    if (!chainA) throw new Error('chain A missing');
    const scan = () => scanDeposits(db, chainA, { confirmations: 3, rangeBlocks: 2_000, now: () => Math.floor(Date.now() / 1000) });
    expect((await scan()).recorded).toBe(1);
    expect(await state(order.orderId)).toBe('opened');
    await world.rpc(A, 'evm_revert', [snapshot]);
    await world.rpc(A, 'anvil_mine', ['0x6']);
    const again = await scan();
    expect(again.rewoundTo).toBeDefined();
    expect(await store.find(order.orderId)).toBeUndefined();
  });
});
