import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { getAddress, keccak256, maxUint256, toHex, zeroAddress, type Address, type Hex } from 'viem';
import { testERC20Abi, testERC20Bytecode } from '@/contracts/generated/testERC20';
import { testRecipientAbi, testRecipientBytecode } from '@/contracts/generated/testRecipient';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { devAccount, POLLING_MS } from '@/lib/devnet/deployUniswap';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { attesterClient } from '@/lib/attester/attesterClient';
import { createAttester } from '@/lib/attester/createAttester';
import { startAttesterServer, type AttesterServer } from '@/lib/attester/attesterServer';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { encodeOpenCalldata, fillOrderOf, signCrossChainQuote, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { loadChains } from '@/lib/chains/loadChains';
import { openDb } from '@/lib/db/openDb';
import { migrateToLatest } from '@/lib/db/migrateToLatest';
import type { CrosschainDb, CrosschainTables } from '@/lib/crosschain/crosschainTables';
import { fillNotes, type FillNotes } from '@/lib/crosschain/fillNotes';
import { orderStore, type OrderStore } from '@/lib/crosschain/orderStore';
import { useTempDataDir } from '@/test/tempDataDir';
import { startCrossChainWorld, type CrossChainWorld, type WorldChain } from '@/test/crossChainWorld';
import { createRelayer, type Relayer } from './createRelayer';
import { DEFAULT_FILL_POLICY, type FillPolicy } from '@/lib/filler/fillPolicy';

const USDC = 1_000_000n;
/** Deploys, swaps and flips from an account no order uses. */
const TESTER = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('relayer fill policy on two devnets', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let world: CrossChainWorld;
  let A: WorldChain;
  let B: WorldChain;
  let db: CrosschainDb;
  let store: OrderStore;
  let notes: FillNotes;
  const relayers: Relayer[] = [];
  let attester: AttesterServer;

  const makeRelayer = (policy: Partial<FillPolicy> = {}) => {
    const r = createRelayer({
      db, chains: () => loadChains(), account: relayerAccount(), attester: attesterClient(attester.url, 5_000),
      pollMs: 50, confirmations: 0, rpcTimeoutMs: 2_000, receiptTimeoutMs: 10_000, policy,
    });
    relayers.push(r);
    return r;
  };
  /** The devnet counts a deposit one block deep (registry `confirmations` 1): a block on top of the origin's head. */
  const mine = (chain: WorldChain) => world.rpc(chain, 'evm_mine');
  const relayerNonce = (chain: WorldChain, blockTag: 'latest' | 'pending' = 'latest') =>
    chain.client.getTransactionCount({ address: relayerAccount().address, blockTag });
  const tester = devAccount(TESTER);
  async function deploy(chain: WorldChain, abi: typeof testERC20Abi | typeof testRecipientAbi, bytecode: Hex, args: readonly unknown[]): Promise<Address> {
    const hash = await chain.dev.wallet(TESTER).deployContract({ abi, bytecode, args, account: tester, chain: chain.dev.chain } as never);
    const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    if (!receipt.contractAddress) throw new Error('no contract deployed');
    return receipt.contractAddress;
  }
  async function write(chain: WorldChain, address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[], extra: Record<string, unknown> = {}) {
    const hash = await chain.dev.wallet(TESTER).writeContract({ address, abi, functionName, args, account: tester, chain: chain.dev.chain, ...extra } as never);
    return hash;
  }
  async function mined(chain: WorldChain, hash: Hex) {
    const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    if (receipt.status !== 'success') {
      const tx = await chain.client.getTransaction({ hash });
      const why = await chain.client.call({ account: tx.from, to: tx.to, data: tx.input, blockNumber: receipt.blockNumber - 1n })
        .then(() => 'no revert when replayed', (error: unknown) => (error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error)));
      throw new Error(`transaction ${hash} reverted: ${why}`);
    }
  }
  /** What `usdc` of B's USDC buys in ETH at B's pool now. */
  const ethFor = async (usdc: bigint) => (await B.client.readContract({
    address: B.config.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [usdc, [B.usdc, B.config.weth]],
  })).at(-1) ?? 0n;
  /** Sells USDC for ETH on B until `usdc` buys at most `target` ETH (the pool moved against native-out orders). */
  async function moveB(usdc: bigint, target: bigint, step: bigint): Promise<void> {
    await mined(B, await write(B, B.usdc, testERC20Abi, 'mint', [tester.address, 10n ** 15n]));
    await mined(B, await write(B, B.usdc, testERC20Abi, 'approve', [B.config.router02, maxUint256]));
    for (let i = 0; i < 60 && (await ethFor(usdc)) > target; i += 1) {
      const deadline = BigInt(Math.floor(Date.now() / 1000) + 3_600) * 2n;
      await mined(B, await write(B, B.config.router02, uniswapV2Router02Abi, 'swapExactTokensForETH', [step, 0n, [B.usdc, B.config.weth], tester.address, deadline], { gas: 400_000n }));
    }
    expect(await ethFor(usdc)).toBeLessThanOrEqual(target);
  }

  beforeAll(async () => {
    tmp = useTempDataDir({ LOG_LEVEL: 'silent' });
    world = await startCrossChainWorld(tmp.dir);
    [A, B] = world.chains;
    db = openDb({ sqliteFile: path.join(tmp.dir, 'swapdesk.sqlite') }).withTables<CrosschainTables>();
    await migrateToLatest(db);
    store = orderStore(db);
    notes = fillNotes(db);
    attester = await startAttesterServer(createAttester({ account: attesterAccount(), chains: () => loadChains(), rpcTimeoutMs: 2_000 }), '127.0.0.1', 0);
  }, 120_000);
  afterAll(async () => {
    for (const r of relayers) await r.stop();
    await attester?.close();
    await db?.destroy();
    await world?.stop();
    tmp?.cleanup();
  });

  // First in this file: no other relayer has paid out on B this minute.
  it('the per-minute cap holds across a restart: a relayer started afresh counts what the last one paid out this minute', async () => {
    const policy = { maxUsdPerMinute: 100 };
    const first = makeRelayer(policy);
    const paid = await world.openOrder({ src: A, dst: B, amountIn: 70n * USDC });
    await mine(A);
    expect(await first.pass()).toMatchObject({ filled: 1 });
    await first.stop();
    // A new process: nothing of the last minute in its memory.
    const second = makeRelayer(policy);
    const next = await world.openOrder({ src: A, dst: B, amountIn: 70n * USDC });
    await mine(A);
    const nB = await relayerNonce(B);
    expect(await second.pass()).toMatchObject({ filled: 0 });
    expect(await relayerNonce(B)).toBe(nB);
    expect(await world.fillLogs(B, paid.orderId)).toHaveLength(1);
    expect(await world.fillLogs(B, next.orderId)).toHaveLength(0);
    expect(await notes.find(next.orderId)).toMatchObject({ reason: 'InventoryRateLimit', gaveUp: false });
    await second.stop();
    // Under the default cap, after the note's backoff, it is filled (the next scenarios start with nothing owed).
    await sleep(DEFAULT_FILL_POLICY.backoffBaseMs);
    expect(await makeRelayer().pass()).toMatchObject({ filled: 1 });
    expect(await world.fillLogs(B, next.orderId)).toHaveLength(1);
  }, 120_000);

  it('a correctly signed order escrowing a worthless token, or too little, is refused on the origin\'s word and costs the relayer nothing', async () => {
    const relayer = makeRelayer();
    // A leaked quote-signer key signs an order whose escrow is a token the attacker minted, for 900 real USDC on B.
    const junk = await deploy(A, testERC20Abi, testERC20Bytecode, ['Junk', 'JUNK', 6]);
    const user = devAccount(7);
    await mined(A, await write(A, junk, testERC20Abi, 'mint', [user.address, 10n ** 12n]));
    const approve = await A.dev.wallet(7).writeContract({ address: junk, abi: testERC20Abi, functionName: 'approve', args: [A.router, maxUint256], account: user, chain: A.dev.chain });
    await mined(A, approve);
    const [headA, headB] = await Promise.all([A.client.getBlock(), B.client.getBlock()]);
    const quote: CrossChainQuote = {
      quoteId: keccak256(toHex(`forged-${Date.now()}`)), sender: user.address, recipient: user.address, tokenIn: junk, amountIn: 1_000n * USDC, feeAmount: 0n,
      srcLegs: [], bridgeAmount: 1_000n * USDC, minBridgeAmount: 1_000n * USDC, relayerFeeBps: 10, relayerGasFee: 500_000n,
      srcChainId: BigInt(A.id), dstChainId: BigInt(B.id), dstSettler: B.settler, dstBridgeToken: B.usdc, dstBridgeAmount: 900n * USDC,
      tokenOut: B.usdc, minAmountOut: 900n * USDC, dstLegs: [],
      fillDeadline: Math.max(Number(headA.timestamp), Number(headB.timestamp)) + 600, deadline: headA.timestamp + 600n,
      exclusiveFiller: zeroAddress, exclusivityDeadline: 0,
    };
    const signature = await signCrossChainQuote(world.signer, A.id, A.router, quote);
    const open = await A.dev.wallet(7).sendTransaction({ to: A.router, data: encodeOpenCalldata(quote, signature), account: user, chain: A.dev.chain, gas: 1_500_000n });
    await mined(A, open);
    const junkOrder = fillOrderOf(quote, A.router).orderId;
    // Signed and escrowed in real USDC, but 2 USDC for a 500 USDC payout.
    const small = await world.openOrder({ src: A, dst: B, amountIn: 2n * USDC, dstBridgeAmount: 500n * USDC, user: 2 });
    await mine(A);

    const nB = await relayerNonce(B);
    const report = await relayer.pass();
    expect(report).toMatchObject({ recorded: 2, filled: 0 });
    expect(await world.fillLogs(B, junkOrder)).toHaveLength(0);
    expect(await world.fillLogs(B, small.orderId)).toHaveLength(0);
    expect(await notes.find(junkOrder)).toMatchObject({ reason: 'EscrowNotBridgeAsset', gaveUp: true, attempts: 1 });
    expect((await notes.find(junkOrder))?.detail).toContain(getAddress(junk));
    expect(await notes.find(small.orderId)).toMatchObject({ reason: 'EscrowTooSmall', gaveUp: true });
    // Given up on: later rounds neither send nor retry.
    await relayer.pass();
    expect(await relayerNonce(B)).toBe(nB);
    expect(await notes.find(junkOrder)).toMatchObject({ attempts: 1 });
    expect(await store.find(junkOrder)).toMatchObject({ state: 'opened' });
  }, 120_000);

  it('a recipient that refuses native coin only when gas is paid is caught by simulating at the real gas price: no fill is sent', async () => {
    const relayer = makeRelayer();
    const recipient = await deploy(B, testRecipientAbi, testRecipientBytecode, [false]);
    await mined(B, await write(B, recipient, testRecipientAbi, 'setRejectPricedNative', [true]));
    const order = await world.openOrder({ src: A, dst: B, amountIn: 30n * USDC, nativeOut: true, recipient, user: 3 });
    await mine(A);
    const nB = await relayerNonce(B);
    for (let i = 0; i < 3; i += 1) expect((await relayer.pass()).filled).toBe(0);
    expect(await relayerNonce(B)).toBe(nB);
    expect(await notes.find(order.orderId)).toMatchObject({ reason: 'NativeTransferFailed', gaveUp: true, attempts: 1, reverts: 0 });
  }, 120_000);

  it('a fill that passes simulation and reverts on-chain is not resent blindly: the reason is named from the mined transaction and a deterministic one is given up on', async () => {
    const relayer = makeRelayer({ backoffBaseMs: 200 });
    const recipient = await deploy(B, testRecipientAbi, testRecipientBytecode, [false]);
    const order = await world.openOrder({ src: A, dst: B, amountIn: 20n * USDC, nativeOut: true, recipient, user: 4 });
    await mine(A);
    const nB = await relayerNonce(B);
    /** One round; when it sends a fill, the recipient starts refusing in the same block, just before it (higher tip). */
    async function griefedPass(): Promise<'sent' | 'none'> {
      await world.rpc(B, 'evm_setAutomine', [false]);
      let done = false;
      const pass = relayer.pass().finally(() => { done = true; });
      const seen = await until('a fill in the pool or the round over', async () => {
        if (done) return 'none' as const;
        return (await relayerNonce(B, 'pending')) > (await relayerNonce(B)) ? ('sent' as const) : false;
      });
      if (seen === 'sent') {
        const flip = await write(B, recipient, testRecipientAbi, 'setRejectNative', [true], { maxPriorityFeePerGas: 50_000_000_000n, maxFeePerGas: 100_000_000_000n });
        await until('the flip in the pool', async () => (await B.client.getTransaction({ hash: flip }).catch(() => undefined)) !== undefined);
        await world.rpc(B, 'evm_mine');
      }
      await world.rpc(B, 'evm_setAutomine', [true]);
      await pass;
      if (seen === 'sent') await mined(B, await write(B, recipient, testRecipientAbi, 'setRejectNative', [false]));
      return seen;
    }
    // The recipient passes the simulation, then refuses in the block the fill lands in: one fill burns gas, and its
    // named reason (the recipient refuses native coin) does not change with the pools, so it is not resent.
    expect(await griefedPass()).toBe('sent');
    expect(await notes.find(order.orderId)).toMatchObject({ reason: 'NativeTransferFailed', reverts: 1, gaveUp: true });
    expect(await griefedPass()).toBe('none');
    await sleep(3_500);
    for (let i = 0; i < 3; i += 1) expect(await griefedPass()).toBe('none');
    expect((await relayerNonce(B)) - nB).toBe(1);
    expect(await world.fillLogs(B, order.orderId)).toHaveLength(0);
  }, 180_000);

  it('the destination pool moved past the slippage after the deposit: delivered with the relayer\'s own bridge asset within its margin, or delayed with the reason', async () => {
    const relayer = makeRelayer();
    const recipient = getAddress('0x00000000000000000000000000000000000d1ce5');
    const payout = 1_000n * USDC - (1_000n * USDC * 10n) / 10_000n - 500_000n;
    const quoted = await ethFor(payout);
    const min = (quoted * 995n) / 1_000n;
    const order = await world.openOrder({ src: A, dst: B, amountIn: 1_000n * USDC, nativeOut: true, recipient, minAmountOut: min, user: 5 });
    await mine(A);
    // 0.8 % against a 0.5 % slippage: the fill as quoted would revert with InsufficientOutput.
    await moveB(payout, (quoted * 992n) / 1_000n, 2_000n * USDC);
    const before = await B.client.getBalance({ address: recipient });
    const report = await relayer.pass();
    expect(report).toMatchObject({ filled: 1 });
    const got = (await B.client.getBalance({ address: recipient })) - before;
    expect(got).toBeGreaterThanOrEqual(min);
    const note = await notes.find(order.orderId);
    expect(note).toMatchObject({ reason: 'ToppedUp', gaveUp: false });
    // Within the relayer's fee (≈ 1.5 USDC) plus its 0.5 % margin on the payout.
    expect(note?.topUp ?? 0n).toBeGreaterThan(0n);
    expect(note?.topUp ?? 0n).toBeLessThanOrEqual(1_000n * USDC - payout + (payout * 50n) / 10_000n);

    // 5 % against 0.5 %: more than the margin; the order waits, saying why, and is not given up on.
    const quoted2 = await ethFor(payout);
    const order2 = await world.openOrder({ src: A, dst: B, amountIn: 1_000n * USDC, nativeOut: true, recipient, minAmountOut: (quoted2 * 995n) / 1_000n, user: 5 });
    await mine(A);
    await moveB(payout, (quoted2 * 95n) / 100n, 20_000n * USDC);
    const nB = await relayerNonce(B);
    expect(await relayer.pass()).toMatchObject({ filled: 0 });
    expect(await relayerNonce(B)).toBe(nB);
    const delayed = await notes.find(order2.orderId);
    expect(delayed).toMatchObject({ reason: 'InsufficientOutput', gaveUp: false });
    expect(delayed?.detail).toContain('even with');
  }, 180_000);
});
