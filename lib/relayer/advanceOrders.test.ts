import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createWalletClient, getAddress, http, type Address, type Hex } from 'viem';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { attesterClient } from '@/lib/attester/attesterClient';
import { createAttester } from '@/lib/attester/createAttester';
import { startAttesterServer, type AttesterServer } from '@/lib/attester/attesterServer';
import { loadChains } from '@/lib/chains/loadChains';
import { openDb } from '@/lib/db/openDb';
import { migrateToLatest } from '@/lib/db/migrateToLatest';
import type { CrosschainDb, CrosschainTables } from '@/lib/crosschain/crosschainTables';
import { orderStore, type OrderStore } from '@/lib/crosschain/orderStore';
import { fillNotes } from '@/lib/crosschain/fillNotes';
import { DEFAULT_FILL_POLICY } from '@/lib/filler/fillPolicy';
import { useTempDataDir } from '@/test/tempDataDir';
import { startCrossChainWorld, type CrossChainWorld, type WorldChain } from '@/test/crossChainWorld';
import { waitMined } from '@/lib/devnet/waitMined';
import { createRelayer, type Relayer } from './createRelayer';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';

const USDC = 1_000_000n;

// Reorgs on either chain at every step of an order, made with anvil's evm_snapshot / evm_revert, with the devnet's
// depth (registry `confirmations` 1): each scenario asserts where the money ends up.
describe('cross-chain orders through reorgs, with the attester as a witness', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let world: CrossChainWorld;
  let A: WorldChain;
  let B: WorldChain;
  let db: CrosschainDb;
  let store: OrderStore;
  let relayer: Relayer;
  let attester: AttesterServer;
  let n = 0;

  const mine = async (chain: WorldChain, blocks = 1) => {
    for (let i = 0; i < blocks; i++) await world.rpc(chain, 'evm_mine');
  };
  const snapshot = (chain: WorldChain) => world.rpc(chain, 'evm_snapshot') as Promise<string>;
  const revert = async (chain: WorldChain, id: string) => expect(await world.rpc(chain, 'evm_revert', [id])).toBe(true);
  const balance = (chain: WorldChain, who: Address) => chain.client.readContract({ address: chain.usdc, abi: testERC20Abi, functionName: 'balanceOf', args: [who] });
  const status = (chain: WorldChain, orderId: Hex) => chain.client.readContract({ address: chain.router, abi: originSettlerAbi, functionName: 'orderStatus', args: [orderId] });
  const state = async (orderId: Hex) => (await store.find(orderId))?.state;
  const nonce = (chain: WorldChain) => chain.client.getTransactionCount({ address: relayerAccount().address });
  /** A recipient no other scenario pays. */
  const freshRecipient = () => getAddress(`0x${(0xbeef0000 + ++n).toString(16).padStart(40, '0')}`);

  beforeAll(async () => {
    tmp = useTempDataDir({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    world = await startCrossChainWorld(tmp.dir);
    [A, B] = world.chains;
    db = openDb({ sqliteFile: path.join(tmp.dir, 'swapdesk.sqlite') }).withTables<CrosschainTables>();
    await migrateToLatest(db);
    store = orderStore(db);
    attester = await startAttesterServer(createAttester({ account: attesterAccount(), chains: () => loadChains(), rpcTimeoutMs: 2_000 }), '127.0.0.1', 0);
    relayer = createRelayer({
      db, chains: () => loadChains(), account: relayerAccount(), attester: attesterClient(attester.url, 5_000),
      pollMs: 50, confirmations: 0, rpcTimeoutMs: 2_000, receiptTimeoutMs: 5_000,
    });
  });
  afterAll(async () => {
    await relayer?.stop();
    await attester?.close();
    await db?.destroy();
    await world?.stop();
    tmp?.cleanup();
  });
  // Each scenario starts from quiet chains: whatever the previous one left is a block deep and settled.
  beforeEach(async () => {
    await mine(A);
    await mine(B);
    await relayer.pass();
  });

  it('origin reorg before the fill: a deposit the origin took back is never filled', async () => {
    const recipient = freshRecipient();
    // A user of its own: the revert takes back its nonce, which the world remembers (no other scenario uses it on A).
    const user = 5;
    await world.approve(A, user);
    const [nB, snap] = [await nonce(B), await snapshot(A)];
    const order = await world.openOrder({ src: A, dst: B, user, amountIn: 30n * USDC, recipient });
    // At the head, not yet a block deep: the relayer waits.
    expect(await relayer.pass()).toMatchObject({ recorded: 0, filled: 0 });
    await revert(A, snap);
    await mine(A, 3);
    expect(await status(A, order.orderId)).toBe(ORDER_STATUS.unknown);
    expect(await relayer.pass()).toMatchObject({ recorded: 0, filled: 0 });
    expect(await store.find(order.orderId)).toBeUndefined();
    expect(await world.fillLogs(B, order.orderId)).toHaveLength(0);
    expect(await balance(B, recipient)).toBe(0n);
    expect(await nonce(B)).toBe(nB);
  });

  it('destination reorg between fill and attestation: the fill that vanished is not settled; the order is filled again, then settled once', async () => {
    const recipient = freshRecipient();
    const order = await world.openOrder({ src: A, dst: B, amountIn: 40n * USDC, recipient });
    await mine(A);
    const snap = await snapshot(B);
    expect(await relayer.pass()).toMatchObject({ recorded: 1, filled: 1, settled: 0 });
    const firstFill = (await store.find(order.orderId))?.fill_tx_hash;
    // The fill is at B's head: the attester will not sign it, however many times it is asked.
    expect(await relayer.pass()).toMatchObject({ settled: 0 });
    await revert(B, snap);
    await mine(B, 2);
    expect(await balance(B, recipient)).toBe(0n);
    expect(await status(A, order.orderId)).toBe(ORDER_STATUS.opened);
    // The relayer sees the head lost the fill, reopens the order and fills it again.
    await relayer.pass();
    await relayer.pass();
    expect(await state(order.orderId)).toBe('filled');
    expect((await store.find(order.orderId))?.fill_tx_hash).not.toBe(firstFill);
    await mine(B);
    expect(await relayer.pass()).toMatchObject({ settled: 1 });
    expect(await balance(B, recipient)).toBe(order.dstBridgeAmount);
    expect(await world.fillLogs(B, order.orderId)).toHaveLength(1);
    expect(await world.settleLogs(A, order.orderId)).toHaveLength(1);
    expect(await status(A, order.orderId)).toBe(ORDER_STATUS.settled);
  });

  it('destination reorg after settlement: the paid relayer fills the order again, and the recipient is paid once on the surviving chain', async () => {
    const recipient = freshRecipient();
    const snapBeforeFill = await snapshot(B);
    const order = await world.openOrder({ src: A, dst: B, amountIn: 50n * USDC, recipient });
    await mine(A);
    expect(await relayer.pass()).toMatchObject({ filled: 1 });
    await mine(B);
    expect(await relayer.pass()).toMatchObject({ settled: 1 });
    expect(await state(order.orderId)).toBe('settled');
    const relayerOnA = await balance(A, relayerAccount().address);
    // B goes back to before the fill, deeper than its confirmation depth; the escrow on A is already paid out.
    await revert(B, snapBeforeFill);
    await mine(B, 3);
    expect(await balance(B, recipient)).toBe(0n);
    expect(await world.fillLogs(B, order.orderId)).toHaveLength(0);
    await relayer.pass();
    expect(await balance(B, recipient)).toBe(order.dstBridgeAmount);
    expect(await world.fillLogs(B, order.orderId)).toEqual([{ orderId: order.orderId, relayer: relayerAccount().address, repayment: relayerAccount().address }]);
    expect(await store.find(order.orderId)).toMatchObject({ state: 'settled', pending_tx_hash: null });
    // Paid once: nothing more moves on A.
    expect(await balance(A, relayerAccount().address)).toBe(relayerOnA);
    await mine(B);
    const nB = await nonce(B);
    await relayer.pass();
    expect(await nonce(B)).toBe(nB);
  });

  it('destination reorg after settlement, the relayer\'s inventory gone meanwhile: the fill again goes through the fill policy (refused and noted, nothing sent), then is sent once the inventory is back', async () => {
    const recipient = freshRecipient();
    const snapBeforeFill = await snapshot(B);
    const order = await world.openOrder({ src: A, dst: B, amountIn: 45n * USDC, recipient });
    await mine(A);
    expect(await relayer.pass()).toMatchObject({ filled: 1 });
    await mine(B);
    expect(await relayer.pass()).toMatchObject({ settled: 1 });
    await revert(B, snapBeforeFill);
    await mine(B, 3);
    // The relayer's bridge asset on B leaves (spent elsewhere): the fill again must wait, not be sent to revert.
    const wallet = createWalletClient({ account: relayerAccount(), chain: B.dev.chain, transport: http(B.rpcUrl) });
    const sink = freshRecipient();
    const held = await balance(B, relayerAccount().address);
    const send = async (from: typeof wallet, to: Address, amount: bigint) =>
      waitMined(B.client, await from.writeContract({ address: B.usdc, abi: testERC20Abi, functionName: 'transfer', args: [to, amount] }));
    await send(wallet, sink, held);
    const nB = await nonce(B);
    await relayer.pass();
    expect(await nonce(B)).toBe(nB);
    expect(await fillNotes(db).find(order.orderId)).toMatchObject({ reason: 'InventoryLow', gaveUp: false });
    expect(await balance(B, recipient)).toBe(0n);
    // The inventory comes back; after the note's backoff the order is filled again, once.
    await world.rpc(B, 'anvil_impersonateAccount', [sink]);
    await world.rpc(B, 'anvil_setBalance', [sink, '0xde0b6b3a7640000']);
    const sinkWallet = createWalletClient({ account: sink, chain: B.dev.chain, transport: http(B.rpcUrl) });
    await send(sinkWallet as unknown as typeof wallet, relayerAccount().address, held);
    await world.rpc(B, 'anvil_stopImpersonatingAccount', [sink]);
    await new Promise((r) => setTimeout(r, DEFAULT_FILL_POLICY.backoffBaseMs));
    await relayer.pass();
    expect(await balance(B, recipient)).toBe(order.dstBridgeAmount);
    expect(await world.fillLogs(B, order.orderId)).toEqual([{ orderId: order.orderId, relayer: relayerAccount().address, repayment: relayerAccount().address }]);
    expect(await store.find(order.orderId)).toMatchObject({ state: 'settled', pending_tx_hash: null });
  });

  it('origin reorg after settlement: the settlement the origin took back is sent again', async () => {
    const recipient = freshRecipient();
    const order = await world.openOrder({ src: A, dst: B, amountIn: 60n * USDC, recipient });
    await mine(A);
    expect(await relayer.pass()).toMatchObject({ filled: 1 });
    await mine(B);
    const snap = await snapshot(A);
    expect(await relayer.pass()).toMatchObject({ settled: 1 });
    const relayerOnA = await balance(A, relayerAccount().address);
    await revert(A, snap);
    await mine(A, 3);
    expect(await status(A, order.orderId)).toBe(ORDER_STATUS.opened);
    // The relayer's scan sees A's blocks replaced, unwinds the settlement, and settles again.
    await relayer.pass();
    await relayer.pass();
    expect(await status(A, order.orderId)).toBe(ORDER_STATUS.settled);
    expect(await state(order.orderId)).toBe('settled');
    expect(await world.settleLogs(A, order.orderId)).toHaveLength(1);
    expect(await balance(A, relayerAccount().address)).toBe(relayerOnA);
    expect(await balance(B, recipient)).toBe(order.dstBridgeAmount);
  });

  it('expired at the head, then a destination reorg back before the deadline: the attester never signs "expired"; the order is filled instead', async () => {
    const recipient = freshRecipient();
    const user = 2;
    const order = await world.openOrder({ src: A, dst: B, user, amountIn: 70n * USDC, recipient, fillWindowSec: 40 });
    await mine(A);
    const snap = await snapshot(B);
    // The relayer is away while B's head passes the deadline (one late block, at the head).
    await world.rpc(B, 'evm_increaseTime', [120]);
    await mine(B);
    const userOnA = await balance(A, order.user);
    await relayer.pass();
    expect(await state(order.orderId)).toBe('expired');
    // Not a block deep: no refund yet.
    expect(await status(A, order.orderId)).toBe(ORDER_STATUS.opened);
    await revert(B, snap);
    await mine(B);
    await relayer.pass();
    await relayer.pass();
    expect(await state(order.orderId)).toBe('filled');
    await mine(B);
    await relayer.pass();
    expect(await status(A, order.orderId)).toBe(ORDER_STATUS.settled);
    expect(await balance(B, recipient)).toBe(order.dstBridgeAmount);
    expect(await balance(A, order.user)).toBe(userOnA);
  });

  it('one SQL update marking an order filled by a thief settles nothing to the thief: the attester reads the destination, not the store', async () => {
    const thief = getAddress('0x000000000000000000000000000000000000dead');
    const recipient = freshRecipient();
    const order = await world.openOrder({ src: A, dst: B, amountIn: 80n * USDC, recipient, fillWindowSec: 30 });
    await mine(A);
    // Recorded (scan only), then forged before any fill: state filled, relayer the thief.
    const chainA = (await import('./relayerChains')).relayerChains(relayerAccount(), 2_000, 50).current([A.config]).get(A.id);
    if (!chainA) throw new Error('chain A missing');
    await (await import('./scanDeposits')).scanDeposits(db, chainA, { confirmations: 1, rangeBlocks: 2_000, now: () => Math.floor(Date.now() / 1000) });
    await db.updateTable('crosschain_orders').set({ state: 'filled', relayer: thief, amount_out: '1', fill_block: 1 }).where('order_id', '=', order.orderId.toLowerCase()).execute();
    // The thief asks the attester directly too: no signature for a fill the chain does not show.
    const asked = await attesterClient(attester.url, 5_000).attest({ originChainId: A.id, orderId: order.orderId, originData: (await store.find(order.orderId))?.origin_data as Hex });
    expect(asked.kind).toBe('pending');
    // B's clock passes the deadline unfilled, two blocks deep: the chain's word is "expired", and the escrow goes home.
    await world.rpc(B, 'evm_increaseTime', [120]);
    await mine(B, 2);
    const userOnA = await balance(A, order.user);
    for (let i = 0; i < 3; i++) await relayer.pass();
    expect(await balance(A, thief)).toBe(0n);
    expect(await world.settleLogs(A, order.orderId)).toHaveLength(0);
    expect(await status(A, order.orderId)).toBe(ORDER_STATUS.refunded);
    expect(await balance(A, order.user)).toBe(userOnA + 80n * USDC);
    expect(await state(order.orderId)).toBe('refunded');
  });

  it('the attester refuses origin data that is not the order\'s, and a chain it does not serve', async () => {
    const res = (body: unknown) => fetch(`${attester.url}/v1/attest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const orderId = `0x${'11'.repeat(32)}`;
    const wrong = await res({ origin_chain_id: A.id, order_id: orderId, origin_data: '0x1234' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: 'originData does not hash to orderId' } });
    const unknown = await res({ origin_chain_id: 999, order_id: orderId, origin_data: '0x1234' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/chain 999 has no origin settler/);
    expect((await res({ origin_chain_id: A.id, order_id: 'x' })).status).toBe(400);
    expect((await fetch(`${attester.url}/v1/attest`)).status).toBe(405);
  });
});
