// Gasless same-chain swaps on a real devnet: firm quotes with `gasless: true`, POST /v1/orders with the sender's
// Permit2 signature, and the submitter (in process, and as its own process killed mid-burst) sending them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BaseError, decodeErrorResult, parseSignature, decodeFunctionData, encodeFunctionData, getAddress, parseGwei, parseTransaction, parseUnits, toHex, zeroAddress,
  type Address, type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { permit2Abi } from '@/contracts/generated/permit2';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC1271WalletAbi, testERC1271WalletBytecode } from '@/contracts/generated/testERC1271Wallet';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { loadChains } from '@/lib/chains/loadChains';
import { stopFollowers } from '@/lib/chainstate/quoteFollowers';
import { abiLegs } from '@/lib/contracts/legs';
import { appendPermit2Signature, decodeSwapPermit2Calldata, PERMIT2_ADDRESS, type Permit2Eip712 } from '@/lib/contracts/permit2';
import { quoteSignerAccount } from '@/lib/contracts/quoteSigner';
import { submitterAccount } from '@/lib/contracts/submitterAccount';
import { signRouterQuote } from '@/lib/contracts/swapRouterQuote';
import { readyDb } from '@/lib/db/getDb';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { deploySwapRouter } from '@/lib/devnet/deploySwapRouter';
import { fundSubmitter } from '@/lib/devnet/fundSubmitter';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { createSubmitter, type Submitter } from '@/lib/gasless/createSubmitter';
import { GASLESS_PERMIT_GAS, type PermitEip712 } from '@/lib/gasless/gaslessApproval';
import { GASLESS_BASE_GAS, GASLESS_HOP_GAS, GASLESS_LEG_GAS } from '@/lib/gasless/gaslessGasFee';
import type { GaslessTables } from '@/lib/gasless/gaslessTables';
import { chainClient } from '@/lib/indexer/chainClient';
import type { JobTables } from '@/lib/jobs/jobTables';
import { runFillFollower } from '@/lib/quote/fillFollower';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { useTempDataDir } from '@/test/tempDataDir';
import { POST as firmPost } from '../quote/firm/route';
import { GET as statusGet } from '../quote/status/route';
import { POST as ordersPost } from './route';

const CHAIN_ID = 31337;
const RECIPIENT = 2;
const FRONT_RUNNER = 3;
/** Holds USDC, approved Permit2 once, then had every wei of ETH taken away. */
const GASLESS_TRADER = 5;
/** Owns a smart-contract (ERC-1271) wallet that holds USDC. */
const WALLET_OWNER = 7;
const FEE_RECIPIENT = 9;
const ROOT = path.resolve(__dirname, '../../..');

type Envelope<T> = { code: number; msg: string; data: T | null; error?: { type: string; field?: string; status?: string } & Record<string, unknown> };
type FirmData = {
  quote_id: Hex; calldata: Hex; router_address: Address; from_address: string; to_address: string; amount_in: string; amount_out: string;
  min_amount_out: string; fee_amount: string; deadline: number; allowance_target: string | null;
  route: { hops: { source: keyof typeof GASLESS_HOP_GAS }[] }[];
  gasless?: { eip712: Permit2Eip712; gas_fee_amount: string; gas_fee_token: string; approval?: { eip712: PermitEip712 } };
};
type StatusData = { quote_id: string; status: string; src_tx_hash: string | null; amount_out_actual: string | null; error?: { reason: string } | null };

describe('gasless orders on a devnet', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let anvil: Anvil;
  let c: DevClients;
  let stack: UniswapStack;
  let router: Address;
  let usdc: Address;
  let dai: Address;
  let integrator: string;
  let submitter: Submitter;
  const fillFollower = new AbortController();
  const trader = devAccount(GASLESS_TRADER);

  const call = async <T>(handler: (req: Request) => Promise<Response>, url: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    await new Promise((resolve) => setImmediate(resolve));
    const res = await handler(new Request(`http://test${url}`, { ...init, headers }));
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
  const post = <T>(handler: (req: Request) => Promise<Response>, url: string, body: unknown) =>
    call<T>(handler, url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, token: integrator });
  const firm = (body: unknown) => post<FirmData>(firmPost, '/v1/quote/firm', body);
  const order = (quoteId: string, signature: string, approvalSignature?: string) =>
    post<{ quote_id: string; status: string }>(ordersPost, '/v1/orders', { quote_id: quoteId, signature, ...(approvalSignature ? { approval_signature: approvalSignature } : {}) });
  const status = (id: string) => call<StatusData>(statusGet, `/v1/quote/status?quote_id=${id}`, { token: integrator });
  const waitForStatus = async (id: string, wanted: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const res = await status(id);
      if (res.body.data?.status === wanted || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const balanceOf = (token: Address, who: Address) => c.publicClient.readContract({ address: token, abi: testERC20Abi, functionName: 'balanceOf', args: [who] });
  const gaslessBody = (amountIn: string, extra: Record<string, unknown> = {}) => ({
    src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, token_in: usdc, token_out: dai, amount_in: amountIn,
    from_address: trader.address, to_address: devAccount(RECIPIENT).address, slippage: 0.5, expiry_time_sec: 120, gasless: true, ...extra,
  });
  const sign = async (q: FirmData, signer: { signTypedData: typeof trader.signTypedData } = trader): Promise<Hex> => {
    const eip712 = q.gasless?.eip712;
    if (!eip712) throw new Error('no gasless.eip712 in the answer');
    const { EIP712Domain: _domain, ...types } = eip712.types;
    return signer.signTypedData({ domain: eip712.domain, types, primaryType: eip712.primaryType, message: eip712.message });
  };
  /** The sender's signature of the quote's EIP-2612 permit to Permit2 (`gasless.approval.eip712`). */
  const signApproval = async (q: FirmData, signer: { signTypedData: typeof trader.signTypedData }): Promise<Hex> => {
    const eip712 = q.gasless?.approval?.eip712;
    if (!eip712) throw new Error('no gasless.approval in the answer');
    const { EIP712Domain: _domain, ...types } = eip712.types;
    return signer.signTypedData({ domain: eip712.domain, types, primaryType: 'Permit', message: eip712.message });
  };
  const gaslessQuote = async (amountIn = parseUnits('2500', 6).toString(), extra: Record<string, unknown> = {}) => {
    const res = await firm(gaslessBody(amountIn, extra));
    expect(res.status).toBe(200);
    return res.body.data as FirmData;
  };
  const orderRow = async (quoteId: string) =>
    (await readyDb()).withTables<GaslessTables>().selectFrom('gasless_orders').selectAll().where('quote_id', '=', quoteId.toLowerCase()).executeTakeFirstOrThrow();
  const revertName = (error: unknown): string => {
    const raw = error instanceof BaseError ? error.walk((e) => typeof (e as { data?: unknown }).data === 'string') : undefined;
    const data = (raw as { data?: Hex } | undefined)?.data;
    return data ? decodeErrorResult({ abi: [...swapRouterAbi, ...permit2Abi], data }).errorName : String(error);
  };

  const startProcess = (extraEnv: Record<string, string> = {}): ChildProcess => {
    const { NODE_OPTIONS: _ignored, ...rest } = process.env;
    return spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', 'scripts/submitter.ts'], {
      cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...rest, SWAPDESK_DATA_DIR: tmp.dir, CHAINS_CONFIG: path.join(tmp.dir, 'chains.json'), LOG_LEVEL: 'warn', SUBMITTER_POLL_MS: '20', JOB_LEASE_TTL_MS: '1500', ...extraEnv },
    });
  };
  /** The submitter's transactions mined after `fromBlock`, counted by the quote each carried. */
  const minedPerQuote = async (fromBlock: bigint): Promise<Record<string, number>> => {
    const head = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const counts = new Map<string, number>();
    for (let n = fromBlock + 1n; n <= head; n += 1n) {
      const block = await c.publicClient.getBlock({ blockNumber: n, includeTransactions: true });
      for (const tx of block.transactions) {
        if (getAddress(tx.from) !== submitterAccount().address) continue;
        // A cancel: the submitter's 0-value transfer to itself in place of an expired order.
        if (tx.to && getAddress(tx.to) === submitterAccount().address) {
          counts.set('cancel', (counts.get('cancel') ?? 0) + 1);
          continue;
        }
        // A sender's EIP-2612 permit to Permit2, sent to the token before the order.
        if (tx.to && getAddress(tx.to) !== router) {
          counts.set('permit', (counts.get('permit') ?? 0) + 1);
          continue;
        }
        const { args } = decodeFunctionData({ abi: swapRouterAbi, data: tx.input });
        const quoteId = (args?.[0] as { quoteId: Hex }).quoteId.toLowerCase();
        counts.set(quoteId, (counts.get(quoteId) ?? 0) + 1);
      }
    }
    return Object.fromEntries(counts);
  };
  const rpc = (method: string, params: unknown[] = []) => c.publicClient.request({ method: method as never, params: params as never });
  const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> => {
    const by = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > by) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Waits until the node's pool (or a block) holds transaction `hash`: what a test mines must have been broadcast. */
  const heldByNode = (what: string, hash: string | null | undefined) =>
    until(what, () => c.publicClient.getTransaction({ hash: hash as Hex }).then(() => true, () => undefined));
  /** Automine back on and the base fee back to `baseFee`, so later quotes' gas fees are what they were. */
  const automineAt = async (baseFee: bigint | null) => {
    await rpc('evm_setAutomine', [true]);
    await rpc('anvil_setNextBlockBaseFeePerGas', [toHex(baseFee ?? 0n)]);
    await rpc('evm_mine');
  };
  /** The next block's base fee well above what `rawTx` offers, so that block leaves it out (anvil also drops it). */
  const priceOut = async (rawTx: string) => {
    const { maxFeePerGas } = parseTransaction(rawTx as Hex);
    await rpc('anvil_setNextBlockBaseFeePerGas', [toHex((maxFeePerGas ?? 0n) * 4n)]);
    await rpc('evm_mine');
  };

  beforeAll(async () => {
    tmp = useTempDataDir({ RPC_TIMEOUT_MS: '2000', QUOTE_POLL_MS: '100', QUOTE_STALE_MS: '4000', FEE_BPS: '20', RATE_LIMIT_QUOTE_PER_MIN: '1000000', JOB_LEASE_TTL_MS: '1500' });
    anvil = await startAnvil({ chainId: CHAIN_ID });
    c = devClients(CHAIN_ID, anvil.rpcUrl);
    stack = await deployUniswap(c);
    usdc = getAddress(await deployToken(c, 'USD Coin', 'USDC', 6));
    dai = getAddress(await deployToken(c, 'Dai', 'DAI', 18));
    router = getAddress(await deploySwapRouter(c, {
      factory: stack.factory, weth: stack.weth, owner: devAccount(0).address, quoteSigner: quoteSignerAccount().address,
      feeRecipient: devAccount(FEE_RECIPIENT).address, attester: devAccount(0).address,
    }));
    for (const t of [usdc, dai]) {
      await mint(c, t, devAccount(0).address, 10n ** 36n);
      await approve(c, 0, t, stack.router02);
    }
    await addLiquidity(c, stack, 0, stack.weth, parseUnits('1000', 18), usdc, parseUnits('3000000', 6));
    await addLiquidity(c, stack, 0, stack.weth, parseUnits('1000', 18), dai, parseUnits('3000000', 18));
    // The trader approves Permit2 once while it still has ETH, then has none at all.
    await mint(c, usdc, trader.address, parseUnits('1000000', 6));
    await approve(c, GASLESS_TRADER, usdc, PERMIT2_ADDRESS);
    await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [trader.address, '0x0'] as never });
    await fundSubmitter(c, submitterAccount().address);
    const file = path.join(tmp.dir, 'chains.json');
    writeFileSync(file, JSON.stringify({ chains: [{
      id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', factory: stack.factory, router02: stack.router02,
      weth: stack.weth, swapRouter: router, permit2: PERMIT2_ADDRESS, stablecoins: [usdc], blockTimeSec: 1,
      tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 }, { address: dai, symbol: 'DAI', name: 'Dai', decimals: 18 }],
    }] }));
    utimesSync(file, 1_000_000, 1_000_001);
    const db = await readyDb();
    void runFillFollower(db.withTables<QuoteTables & JobTables>(), { chains: () => loadChains(), client: chainClient, pollMs: 100, signal: fillFollower.signal });
    submitter = createSubmitter({ db: db.withTables<GaslessTables & QuoteTables>(), chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50 });
    integrator = (await signAccessToken({ sub: 'gasless-integrator', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 })).access_token;
  }, 120_000);

  afterAll(async () => {
    await submitter?.stop();
    fillFollower.abort();
    stopFollowers();
    await anvil?.stop();
    tmp?.cleanup();
  });

  it('an account with 0 ETH swaps USDC → DAI: it signs, Swapdesk sends, the recipient gets at least min_amount_out', async () => {
    expect(await c.publicClient.getBalance({ address: trader.address })).toBe(0n);
    const q = await gaslessQuote();
    const gasFee = BigInt(q.gasless?.gas_fee_amount ?? '0');
    expect(gasFee).toBeGreaterThan(0n);
    expect(q.gasless?.gas_fee_token).toBe(usdc);
    expect(q.allowance_target).toBe(PERMIT2_ADDRESS);
    // The gas fee is inside the quote's fee, so amount_out and min_amount_out already pay for it.
    expect(BigInt(q.fee_amount)).toBe((BigInt(q.amount_in) * 20n) / 10_000n + gasFee);
    expect(decodeSwapPermit2Calldata(q.calldata).quote.feeAmount).toBe(BigInt(q.fee_amount));

    const signature = await sign(q);
    const posted = await order(q.quote_id, signature);
    expect(posted.status).toBe(200);
    expect(posted.body.data).toEqual({ quote_id: q.quote_id, status: 'submitted' });
    expect((await status(q.quote_id)).body.data?.status).toBe('submitted');
    // A second post of the same quote: 409 with the status it has now.
    const again = await order(q.quote_id, signature);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ type: 'ORDER_EXISTS', field: 'quote_id', status: 'submitted' });

    const paidBefore = await balanceOf(usdc, trader.address);
    const receivedBefore = await balanceOf(dai, devAccount(RECIPIENT).address);
    await submitter.round();
    await submitter.round();
    const filled = await waitForStatus(q.quote_id, 'filled');
    expect(filled.body.data?.status).toBe('filled');
    const hash = filled.body.data?.src_tx_hash as Hex;
    const [tx, receipt] = await Promise.all([c.publicClient.getTransaction({ hash }), c.publicClient.getTransactionReceipt({ hash })]);
    expect(getAddress(tx.from)).toBe(submitterAccount().address);
    expect(receipt.status).toBe('success');
    // The submitter's gas stayed within what the quote charged for (its estimate, before the margin).
    const estimate = q.route.reduce((gas, leg) => gas + GASLESS_LEG_GAS + leg.hops.reduce((g, hop) => g + GASLESS_HOP_GAS[hop.source], 0n), GASLESS_BASE_GAS);
    expect(receipt.gasUsed).toBeLessThanOrEqual(estimate);
    expect(paidBefore - (await balanceOf(usdc, trader.address))).toBe(BigInt(q.amount_in));
    const received = (await balanceOf(dai, devAccount(RECIPIENT).address)) - receivedBefore;
    expect(received).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
    expect(filled.body.data?.amount_out_actual).toBe(received.toString());
    expect(await c.publicClient.getBalance({ address: trader.address })).toBe(0n);
    expect((await order(q.quote_id, signature)).body.error).toMatchObject({ type: 'ORDER_EXISTS', status: 'filled' });
  });

  it('a fresh account with only USDC, 0 ETH and no Permit2 approval swaps by signing twice: Swapdesk sends its EIP-2612 permit, then the order', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey());
    await mint(c, usdc, fresh.address, parseUnits('10000', 6));
    expect(await c.publicClient.getBalance({ address: fresh.address })).toBe(0n);
    const allowanceOf = (owner: Address) => c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'allowance', args: [owner, PERMIT2_ADDRESS] });
    expect(await allowanceOf(fresh.address)).toBe(0n);
    const amountIn = parseUnits('2500', 6).toString();
    // Asked at one block, the approved trader's quote and the fresh account's differ only by the permit's gas.
    const head = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const [q, approvedQ] = await Promise.all([gaslessQuote(amountIn, { from_address: fresh.address }), gaslessQuote(amountIn)]);
    expect(await c.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(head);
    expect(approvedQ.gasless?.approval).toBeUndefined();
    expect(BigInt(q.gasless?.gas_fee_amount ?? '0')).toBeGreaterThan(BigInt(approvedQ.gasless?.gas_fee_amount ?? '0'));
    const eip712 = q.gasless?.approval?.eip712;
    expect(eip712).toMatchObject({
      domain: { name: 'USD Coin', version: '1', chainId: CHAIN_ID, verifyingContract: usdc },
      primaryType: 'Permit',
      message: { owner: fresh.address, spender: PERMIT2_ADDRESS, value: (2n ** 256n - 1n).toString(), nonce: '0', deadline: String(q.deadline) },
    });
    const signature = await sign(q, fresh);
    const approvalSignature = await signApproval(q, fresh);

    // Without the permit signature, or with anyone else's: 400 naming approval_signature, and nothing is stored.
    const missing = await order(q.quote_id, signature);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval_signature' });
    const stranger = await order(q.quote_id, signature, await signApproval(q, privateKeyToAccount(generatePrivateKey())));
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval_signature' });
    expect((await orderRow(q.quote_id)).status).toBe('issued');

    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const [paidBefore, receivedBefore] = [await balanceOf(usdc, fresh.address), await balanceOf(dai, devAccount(RECIPIENT).address)];
    expect((await order(q.quote_id, signature, approvalSignature)).status).toBe(200);
    await until('the order filled', async () => {
      await submitter.round();
      return (await orderRow(q.quote_id)).status === 'filled' ? true : undefined;
    });
    const row = await orderRow(q.quote_id);
    // The permit, from the submitter to the token, mined before the order and within the gas the quote charged for it.
    const permit = await c.publicClient.getTransactionReceipt({ hash: row.approval_tx_hash as Hex });
    expect(permit).toMatchObject({ status: 'success', from: submitterAccount().address.toLowerCase(), to: usdc.toLowerCase() });
    expect(permit.gasUsed).toBeLessThanOrEqual(GASLESS_PERMIT_GAS);
    const filled = await c.publicClient.getTransactionReceipt({ hash: row.tx_hash as Hex });
    expect(filled.blockNumber).toBeGreaterThan(permit.blockNumber);
    expect(await allowanceOf(fresh.address)).toBe(2n ** 256n - 1n);
    expect(paidBefore - (await balanceOf(usdc, fresh.address))).toBe(BigInt(q.amount_in));
    expect((await balanceOf(dai, devAccount(RECIPIENT).address)) - receivedBefore).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
    expect(await c.publicClient.getBalance({ address: fresh.address })).toBe(0n);
    expect(await minedPerQuote(fromBlock)).toEqual({ permit: 1, [q.quote_id.toLowerCase()]: 1 });

    // A replay of the used permit signature changes nothing: the next quote offers no approval and refuses it, and on
    // the chain the token refuses it (its nonce moved on), whoever sends it.
    const next = await gaslessQuote(amountIn, { from_address: fresh.address });
    expect(next.gasless?.approval).toBeUndefined();
    const replayed = await order(next.quote_id, await sign(next, fresh), approvalSignature);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval_signature' });
    expect((await orderRow(next.quote_id)).status).toBe('issued');
    const { r, s, yParity } = parseSignature(approvalSignature);
    const onChain = await c.publicClient.call({
      account: devAccount(FRONT_RUNNER).address, to: usdc,
      data: encodeFunctionData({ abi: testERC20Abi, functionName: 'permit', args: [fresh.address, PERMIT2_ADDRESS, 2n ** 256n - 1n, BigInt(q.deadline), 27 + yParity, r, s] }),
    }).then(() => 'taken', () => 'refused');
    expect(onChain).toBe('refused');
    expect(await c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'nonces', args: [fresh.address] })).toBe(1n);
    // The later swap is one signature: no permit again.
    const laterFrom = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    expect((await order(next.quote_id, await sign(next, fresh))).status).toBe(200);
    await until('the later order filled', async () => {
      await submitter.round();
      return (await orderRow(next.quote_id)).status === 'filled' ? true : undefined;
    });
    expect((await orderRow(next.quote_id)).approval_tx_hash).toBeNull();
    expect(await minedPerQuote(laterFrom)).toEqual({ [next.quote_id.toLowerCase()]: 1 });
    expect(await c.publicClient.getBalance({ address: fresh.address })).toBe(0n);
  }, 60_000);

  it('a permit signed for an earlier quote that still covers the order is taken with the deadline it signed: the trader signs it once', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey());
    await mint(c, usdc, fresh.address, parseUnits('10000', 6));
    const amountIn = parseUnits('2500', 6).toString();
    // The review signed the first quote's permit; then the quote was refreshed.
    const first = await gaslessQuote(amountIn, { from_address: fresh.address, expiry_time_sec: 60 });
    const approvalSignature = await signApproval(first, fresh);
    const q = await gaslessQuote(amountIn, { from_address: fresh.address });
    expect(q.gasless?.approval?.eip712.message).toMatchObject({ nonce: '0', deadline: String(q.deadline) });
    expect(first.deadline).toBeLessThan(q.deadline);
    const signature = await sign(q, fresh);
    const post = (extra: Record<string, unknown>) =>
      call<{ status: string }>(ordersPost, '/v1/orders', { method: 'POST', body: JSON.stringify({ quote_id: q.quote_id, signature, approval_signature: approvalSignature, ...extra }), headers: { 'content-type': 'application/json' }, token: integrator });
    // Read as this quote's own permit it is not the sender's signature; a deadline past this quote's is not taken.
    expect((await post({})).body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval_signature' });
    expect((await post({ approval_deadline: q.deadline + 1 })).body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval_deadline' });
    expect((await post({ approval_deadline: first.deadline - 1 })).body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval_signature' });
    expect((await orderRow(q.quote_id)).status).toBe('issued');
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    expect((await post({ approval_deadline: first.deadline })).status).toBe(200);
    await until('the order filled', async () => {
      await submitter.round();
      return (await orderRow(q.quote_id)).status === 'filled' ? true : undefined;
    });
    expect(await minedPerQuote(fromBlock)).toEqual({ permit: 1, [q.quote_id.toLowerCase()]: 1 });
    expect(await c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'allowance', args: [fresh.address, PERMIT2_ADDRESS] })).toBe(2n ** 256n - 1n);
  }, 60_000);

  it('a signature by anyone but from_address is 400 naming signature, and nothing is stored', async () => {
    const q = await gaslessQuote();
    const stranger = privateKeyToAccount(generatePrivateKey());
    const res = await order(q.quote_id, await sign(q, stranger));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'signature' });
    // The sender's signature of a different quote does not serve this one either.
    const other = await gaslessQuote();
    expect((await order(q.quote_id, await sign(other))).body.error).toMatchObject({ field: 'signature' });
    expect((await order(q.quote_id, `0x${'00'.repeat(65)}`)).body.error).toMatchObject({ field: 'signature' });
    expect((await orderRow(q.quote_id)).status).toBe('issued');
    // …and the right one is still taken afterwards.
    expect((await order(q.quote_id, await sign(q))).status).toBe(200);
    await submitter.round();
    await submitter.round();
    expect(await orderRow(q.quote_id)).toMatchObject({ status: 'filled', error_reason: null });
  });

  it('refuses what it cannot send: unknown, non-gasless, native input and too short a deadline', async () => {
    expect((await order(`0x${'ab'.repeat(32)}`, `0x${'11'.repeat(65)}`)).status).toBe(404);
    const plain = await firm({ ...gaslessBody(parseUnits('100', 6).toString()), gasless: undefined, approval: 'permit2' });
    const notGasless = await order(plain.body.data?.quote_id ?? '', `0x${'11'.repeat(65)}`);
    expect(notGasless.status).toBe(400);
    expect(notGasless.body.error).toMatchObject({ field: 'quote_id' });
    expect(notGasless.body.msg).toMatch(/not a gasless quote/);
    const native = await firm(gaslessBody('1000000', { token_in: zeroAddress }));
    expect(native.body.error).toMatchObject({ field: 'gasless' });
    const short = await firm(gaslessBody('1000000', { expiry_time_sec: 3 }));
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ field: 'expiry_time_sec' });
    const allowance = await firm(gaslessBody('1000000', { approval: 'allowance' }));
    expect(allowance.body.error).toMatchObject({ field: 'approval' });
  });

  it('a submitter cannot change the amounts or the recipient: the permit witness binds the whole quote', async () => {
    const q = await gaslessQuote();
    const signature = await sign(q);
    const { quote } = decodeSwapPermit2Calldata(q.calldata);
    const submitterAddress = submitterAccount().address;
    const tampered = [
      { ...quote, recipient: submitterAddress },
      { ...quote, minAmountOut: 1n },
      // More fee, less swapped: the legs still add up, only the sender never agreed to it.
      { ...quote, feeAmount: quote.feeAmount + 1_000n, legs: quote.legs.map((leg, i) => (i === 0 ? { ...leg, amountIn: leg.amountIn - 1_000n } : leg)) },
    ];
    for (const changed of tampered) {
      // Even re-signed by the quote signer itself, the sender's Permit2 signature covers only the original quote.
      const routerSignature = await signRouterQuote(quoteSignerAccount(), CHAIN_ID, router, changed);
      const data = encodeFunctionData({ abi: swapRouterAbi, functionName: 'swapPermit2', args: [{ ...changed, legs: abiLegs(changed.legs) }, routerSignature, signature] });
      const name = await c.publicClient.call({ account: submitterAddress, to: router, data }).then(() => 'no revert', revertName);
      expect(name).toBe('InvalidSigner');
    }
    // The untouched order still executes.
    const untouched = appendPermit2Signature(q.calldata, signature);
    expect(decodeFunctionData({ abi: swapRouterAbi, data: untouched }).functionName).toBe('swapPermit2');
    await expect(c.publicClient.call({ account: submitterAddress, to: router, data: untouched })).resolves.toBeDefined();
  });

  it('a front-runner who sends the signed order first pays the recipient, not itself; the submitter\'s copy fails unsent', async () => {
    const q = await gaslessQuote();
    const signature = await sign(q);
    expect((await order(q.quote_id, signature)).status).toBe(200);
    const runner = devAccount(FRONT_RUNNER);
    const recipient = devAccount(RECIPIENT).address;
    const [recipientBefore, runnerDaiBefore, runnerUsdcBefore] = await Promise.all([balanceOf(dai, recipient), balanceOf(dai, runner.address), balanceOf(usdc, runner.address)]);
    const hash = await c.wallet(FRONT_RUNNER).sendTransaction({ to: router, data: appendPermit2Signature(q.calldata, signature), gas: 1_000_000n, account: runner, chain: c.chain });
    const frontRun = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    expect(frontRun.status).toBe('success');
    expect((await balanceOf(dai, recipient)) - recipientBefore).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
    expect(await balanceOf(dai, runner.address)).toBe(runnerDaiBefore);
    expect(await balanceOf(usdc, runner.address)).toBe(runnerUsdcBefore);

    const submitterNonce = await c.publicClient.getTransactionCount({ address: submitterAccount().address });
    await submitter.round();
    const row = await orderRow(q.quote_id);
    expect(row.status).toBe('failed');
    expect(row.error_reason).toMatch(/QuoteAlreadyUsed|InvalidNonce/);
    expect(row.tx_hash).toBeNull();
    // Simulated, refused, never sent: the submitter spent nothing on it.
    expect(await c.publicClient.getTransactionCount({ address: submitterAccount().address })).toBe(submitterNonce);
    // The quote itself was executed, once, by the front-runner's transaction.
    const res = await waitForStatus(q.quote_id, 'filled');
    expect(res.body.data).toMatchObject({ status: 'filled', src_tx_hash: hash });
  });

  it('an order that would revert is failed with the reason and never sent; the status says so', async () => {
    const q = await gaslessQuote();
    const signature = await sign(q);
    expect((await order(q.quote_id, signature)).status).toBe(200);
    // The sender withdraws Permit2's allowance (impersonated: it has no gas of its own) before the submitter gets to it.
    await c.publicClient.request({ method: 'anvil_impersonateAccount' as never, params: [trader.address] as never });
    await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [trader.address, '0x2386f26fc10000'] as never });
    const revoke = await c.wallet(0).writeContract({ address: usdc, abi: testERC20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS, 0n], account: trader.address, chain: c.chain });
    await c.publicClient.waitForTransactionReceipt({ hash: revoke, pollingInterval: POLLING_MS });
    await c.publicClient.request({ method: 'anvil_stopImpersonatingAccount' as never, params: [trader.address] as never });
    await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [trader.address, '0x0'] as never });
    const paid = await balanceOf(usdc, trader.address);
    await submitter.round();
    const res = await status(q.quote_id);
    expect(res.body.data?.status).toBe('failed');
    expect(res.body.data?.error?.reason).toMatch(/not sent/);
    expect(await balanceOf(usdc, trader.address)).toBe(paid);
    // Give the approval back for the tests that follow (impersonated again).
    await c.publicClient.request({ method: 'anvil_impersonateAccount' as never, params: [trader.address] as never });
    await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [trader.address, '0x2386f26fc10000'] as never });
    const back = await c.wallet(0).writeContract({ address: usdc, abi: testERC20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS, 2n ** 256n - 1n], account: trader.address, chain: c.chain });
    await c.publicClient.waitForTransactionReceipt({ hash: back, pollingInterval: POLLING_MS });
    await c.publicClient.request({ method: 'anvil_stopImpersonatingAccount' as never, params: [trader.address] as never });
    await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [trader.address, '0x0'] as never });
  });

  it('a submitter process SIGKILLed mid-burst sends every order exactly once after its restart', async () => {
    const ORDERS = 16;
    const quotes: FirmData[] = [];
    for (let i = 0; i < ORDERS; i += 1) quotes.push(await gaslessQuote(parseUnits(String(1000 + i), 6).toString(), { slippage: 5 }));
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const rowsOf = async () => (await readyDb()).withTables<GaslessTables>().selectFrom('gasless_orders').select(['quote_id', 'status', 'error_reason'])
      .where('quote_id', 'in', quotes.map((q) => q.quote_id.toLowerCase())).execute();
    const states = async () => (await rowsOf()).map((r) => r.status);
    const first = startProcess();
    // Post every order at once while the submitter runs: it picks them up in rounds.
    const posted = await Promise.all(quotes.map(async (q) => order(q.quote_id, await sign(q))));
    expect(posted.map((p) => p.status)).toEqual(quotes.map(() => 200));
    const killBy = Date.now() + 60_000;
    while ((await states()).filter((s) => s !== 'submitted').length < 3 && Date.now() < killBy) await new Promise((r) => setTimeout(r, 5));
    first.kill('SIGKILL');
    await once(first, 'exit');
    const atKill = await states();
    expect(atKill.filter((s) => s === 'submitted').length).toBeGreaterThan(0);

    const second = startProcess();
    try {
      const doneBy = Date.now() + 60_000;
      while ((await states()).some((s) => s !== 'filled' && s !== 'failed') && Date.now() < doneBy) await new Promise((r) => setTimeout(r, 50));
    } finally {
      second.kill('SIGTERM');
      await once(second, 'exit');
    }
    expect((await rowsOf()).filter((r) => r.status !== 'filled')).toEqual([]);
    // On-chain: every transaction of the submitter since the burst began, by the quote it carried.
    expect(await minedPerQuote(fromBlock)).toEqual(Object.fromEntries(quotes.map((q) => [q.quote_id.toLowerCase(), 1])));
  }, 180_000);
  // The tests below send with submitters of their own (the shared one's local nonce would be behind after them).
  it('a transaction priced out by a base fee jump is replaced at its nonce with higher fees; the order fills once, by the replacement', async () => {
    const db = (await readyDb()).withTables<GaslessTables & QuoteTables>();
    const bumping = createSubmitter({
      db, chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50,
      replacement: { afterMs: 2_000, maxBumps: 3, maxFeePerGas: parseGwei('1000') },
    });
    const q = await gaslessQuote();
    expect((await order(q.quote_id, await sign(q))).status).toBe(200);
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let first: Awaited<ReturnType<typeof orderRow>>;
    let second: Awaited<ReturnType<typeof orderRow>>;
    try {
      await bumping.round();
      first = await orderRow(q.quote_id);
      expect(first).toMatchObject({ status: 'sent', replaced_tx_hashes: null });
      await priceOut(first.raw_tx ?? '');
      expect(await c.publicClient.getTransactionReceipt({ hash: first.tx_hash as Hex }).catch(() => undefined)).toBeUndefined();
      // Not mined yet, but not for long enough: left as it is.
      await bumping.round();
      expect((await orderRow(q.quote_id)).tx_hash).toBe(first.tx_hash);
      await new Promise((r) => setTimeout(r, 2_100));
      await bumping.round();
      second = await orderRow(q.quote_id);
      expect(second.status).toBe('sent');
      expect(JSON.parse(second.replaced_tx_hashes ?? '[]')).toEqual([first.tx_hash]);
      expect((await status(q.quote_id)).body.data?.status).toBe('submitted');
      const [was, now] = [parseTransaction(first.raw_tx as Hex), parseTransaction(second.raw_tx as Hex)];
      expect(now.nonce).toBe(was.nonce);
      expect(now.data).toBe(was.data);
      expect(now.maxFeePerGas ?? 0n).toBeGreaterThanOrEqual(((was.maxFeePerGas ?? 0n) * 110n) / 100n);
      expect(now.maxPriorityFeePerGas ?? 0n).toBeGreaterThanOrEqual(((was.maxPriorityFeePerGas ?? 0n) * 110n) / 100n);
      await rpc('evm_mine');
    } finally {
      await automineAt(baseFee);
    }
    await bumping.round();
    expect(await orderRow(q.quote_id)).toMatchObject({ status: 'filled', tx_hash: second.tx_hash });
    const filled = await waitForStatus(q.quote_id, 'filled');
    expect(filled.body.data?.src_tx_hash).toBe(second.tx_hash);
    expect(await minedPerQuote(fromBlock)).toEqual({ [q.quote_id.toLowerCase()]: 1 });
  }, 60_000);

  it('a submitter SIGKILLed after replacing a stuck transaction, the node having lost both, rebroadcasts the replacement: one execution', async () => {
    const q = await gaslessQuote();
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let replacement = '';
    try {
      const first = startProcess({ SUBMITTER_BUMP_AFTER_MS: '1000' });
      try {
        expect((await order(q.quote_id, await sign(q))).status).toBe(200);
        const sent = await until('the order sent', async () => {
          const row = await orderRow(q.quote_id);
          return row.status === 'sent' ? row : undefined;
        });
        await priceOut(sent.raw_tx ?? '');
        const bumped = await until('the replacement recorded', async () => {
          const row = await orderRow(q.quote_id);
          return row.replaced_tx_hashes ? row : undefined;
        });
        replacement = bumped.tx_hash ?? '';
      } finally {
        first.kill('SIGKILL');
        await once(first, 'exit');
      }
      // Killed between the replacement and its block; the node forgets every pending transaction (as a restarted one
      // would): only the submitter's record still has it.
      await rpc('anvil_dropAllTransactions');
      const killed = await orderRow(q.quote_id);
      expect(killed.status).toBe('sent');
      replacement = killed.tx_hash ?? '';
      const restarted = startProcess({ SUBMITTER_BUMP_AFTER_MS: '600000' });
      try {
        await heldByNode('the recorded replacement rebroadcast', replacement);
        await rpc('evm_mine');
        await until('the order filled', async () => ((await orderRow(q.quote_id)).status === 'filled' ? true : undefined));
      } finally {
        restarted.kill('SIGTERM');
        await once(restarted, 'exit');
      }
    } finally {
      await automineAt(baseFee);
    }
    expect(await orderRow(q.quote_id)).toMatchObject({ status: 'filled', tx_hash: replacement });
    expect(await minedPerQuote(fromBlock)).toEqual({ [q.quote_id.toLowerCase()]: 1 });
  }, 120_000);
  it('replacements stop at SUBMITTER_MAX_BUMPS and never offer more than SUBMITTER_MAX_FEE_GWEI', async () => {
    const db = (await readyDb()).withTables<GaslessTables & QuoteTables>();
    const submitterWith = (replacement: { afterMs: number; maxBumps: number; maxFeePerGas: bigint }) =>
      createSubmitter({ db, chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50, replacement });
    const rowState = async (id: string) => {
      const row = await orderRow(id);
      return { status: row.status, tx_hash: row.tx_hash, replaced: JSON.parse(row.replaced_tx_hashes ?? '[]') as string[] };
    };
    const q = await gaslessQuote();
    expect((await order(q.quote_id, await sign(q))).status).toBe(200);
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    try {
      await submitterWith({ afterMs: 0, maxBumps: 5, maxFeePerGas: parseGwei('100000') }).round();
      const first = await orderRow(q.quote_id);
      const firstFee = parseTransaction(first.raw_tx as Hex).maxFeePerGas ?? 0n;
      await priceOut(first.raw_tx ?? '');
      // A cap below +10 % of what the transaction offers: left as it is, however long it waits.
      const capped = submitterWith({ afterMs: 0, maxBumps: 5, maxFeePerGas: (firstFee * 105n) / 100n });
      for (let i = 0; i < 3; i += 1) await capped.round();
      expect(await rowState(q.quote_id)).toEqual({ status: 'sent', tx_hash: first.tx_hash, replaced: [] });
      // One replacement allowed: it is made once, and not again when it is priced out in turn.
      const once = submitterWith({ afterMs: 0, maxBumps: 1, maxFeePerGas: parseGwei('100000') });
      await once.round();
      const replaced = await orderRow(q.quote_id);
      expect(await rowState(q.quote_id)).toMatchObject({ status: 'sent', replaced: [first.tx_hash] });
      await priceOut(replaced.raw_tx ?? '');
      for (let i = 0; i < 3; i += 1) await once.round();
      expect(await rowState(q.quote_id)).toEqual({ status: 'sent', tx_hash: replaced.tx_hash, replaced: [first.tx_hash] });
    } finally {
      await automineAt(baseFee);
    }
    // With the base fee back down, the recorded replacement is rebroadcast as it is and mined: one execution.
    const after = submitterWith({ afterMs: 600_000, maxBumps: 1, maxFeePerGas: parseGwei('100000') });
    // A round rebroadcasts and another reads the receipt; on a loaded machine the block may land between them.
    await until('the replacement mined and the order filled', async () => {
      await after.round();
      return (await rowState(q.quote_id)).status === 'filled' ? true : undefined;
    });
    expect(await minedPerQuote(fromBlock)).toEqual({ [q.quote_id.toLowerCase()]: 1 });
  }, 60_000);

  it('a smart-contract wallet\'s order (ERC-1271) fills; a signature its isValidSignature refuses is 400 naming signature', async () => {
    const owner = devAccount(WALLET_OWNER);
    const deployed = await c.wallet(0).deployContract({ abi: testERC1271WalletAbi, bytecode: testERC1271WalletBytecode, args: [owner.address], account: devAccount(0), chain: c.chain });
    const wallet = getAddress((await c.publicClient.waitForTransactionReceipt({ hash: deployed, pollingInterval: POLLING_MS })).contractAddress ?? zeroAddress);
    await mint(c, usdc, wallet, parseUnits('10000', 6));
    const approval = await c.wallet(WALLET_OWNER).writeContract({
      address: wallet, abi: testERC1271WalletAbi, functionName: 'execute', account: owner, chain: c.chain,
      args: [usdc, encodeFunctionData({ abi: testERC20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS, 2n ** 256n - 1n] })],
    });
    await c.publicClient.waitForTransactionReceipt({ hash: approval, pollingInterval: POLLING_MS });
    const walletSubmitter = createSubmitter({
      db: (await readyDb()).withTables<GaslessTables & QuoteTables>(), chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50,
    });

    const q = await gaslessQuote(parseUnits('2500', 6).toString(), { from_address: wallet });
    // Anyone's but the owner's, and the owner's of another quote: the wallet refuses both (as Permit2 would ask it).
    const stranger = privateKeyToAccount(generatePrivateKey());
    for (const wrong of [await sign(q, stranger), await sign(await gaslessQuote(parseUnits('2400', 6).toString(), { from_address: wallet }), owner), `0x${'11'.repeat(200)}`]) {
      const res = await order(q.quote_id, wrong);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'signature' });
    }
    expect((await orderRow(q.quote_id)).status).toBe('issued');

    const paidBefore = await balanceOf(usdc, wallet);
    const receivedBefore = await balanceOf(dai, devAccount(RECIPIENT).address);
    expect((await order(q.quote_id, await sign(q, owner))).status).toBe(200);
    await walletSubmitter.round();
    await walletSubmitter.round();
    const filled = await waitForStatus(q.quote_id, 'filled');
    expect(filled.body.data?.status).toBe('filled');
    expect(paidBefore - (await balanceOf(usdc, wallet))).toBe(BigInt(q.amount_in));
    expect((await balanceOf(dai, devAccount(RECIPIENT).address)) - receivedBefore).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
  }, 60_000);

  it('a submitter SIGKILLed after recording a sender\'s permit, the node having lost it, rebroadcasts that permit: one permit, one order', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey());
    await mint(c, usdc, fresh.address, parseUnits('10000', 6));
    const q = await gaslessQuote(parseUnits('2500', 6).toString(), { from_address: fresh.address });
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let permit = '';
    try {
      const first = startProcess();
      try {
        expect((await order(q.quote_id, await sign(q, fresh), await signApproval(q, fresh))).status).toBe(200);
        permit = await until('the permit recorded', async () => (await orderRow(q.quote_id)).approval_tx_hash ?? undefined);
      } finally {
        first.kill('SIGKILL');
        await once(first, 'exit');
      }
      // Killed before any block; the node forgets its pool: only the submitter's record still has the permit.
      await rpc('anvil_dropAllTransactions');
      expect(await orderRow(q.quote_id)).toMatchObject({ status: 'submitted', approval_tx_hash: permit, tx_hash: null });
      const restarted = startProcess();
      try {
        await heldByNode('the recorded permit rebroadcast', permit);
        await rpc('evm_mine');
        // The order is simulated against the allowance the mined permit gave, then sent.
        // The order is recorded `sent` before it is broadcast: mine only once the node holds it.
        const sent = await until('the order sent', async () => {
          const row = await orderRow(q.quote_id);
          return row.status === 'sent' && row.tx_hash ? row.tx_hash : undefined;
        });
        await heldByNode('the order handed to the node', sent);
        await rpc('evm_mine');
        await until('the order filled', async () => ((await orderRow(q.quote_id)).status === 'filled' ? true : undefined));
      } finally {
        restarted.kill('SIGTERM');
        await once(restarted, 'exit');
      }
    } finally {
      await automineAt(baseFee);
    }
    expect((await orderRow(q.quote_id)).approval_tx_hash).toBe(permit);
    expect(await minedPerQuote(fromBlock)).toEqual({ permit: 1, [q.quote_id.toLowerCase()]: 1 });
    expect(await c.publicClient.getBalance({ address: fresh.address })).toBe(0n);
  }, 120_000);

  /** A fresh account holding only USDC, its gasless order posted with the permit the quote offered. */
  const freshPermitOrder = async (extra: Record<string, unknown> = {}) => {
    const fresh = privateKeyToAccount(generatePrivateKey());
    await mint(c, usdc, fresh.address, parseUnits('10000', 6));
    const q = await gaslessQuote(parseUnits('2500', 6).toString(), { from_address: fresh.address, ...extra });
    return { fresh, q, post: async () => expect((await order(q.quote_id, await sign(q, fresh), await signApproval(q, fresh))).status).toBe(200) };
  };

  it('a sender\'s permit priced out by a base fee jump is replaced at its nonce with higher fees; the order fills once, and a later order is not held up', async () => {
    const db = (await readyDb()).withTables<GaslessTables & QuoteTables>();
    const bumping = createSubmitter({
      db, chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50,
      replacement: { afterMs: 2_000, maxBumps: 3, maxFeePerGas: parseGwei('1000') },
    });
    const { fresh, q, post } = await freshPermitOrder();
    await post();
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let first: Awaited<ReturnType<typeof orderRow>>;
    let second: Awaited<ReturnType<typeof orderRow>>;
    try {
      await bumping.round();
      first = await orderRow(q.quote_id);
      expect(first).toMatchObject({ status: 'submitted', tx_hash: null, approval_replaced_tx_hashes: null });
      await priceOut(first.approval_raw_tx ?? '');
      expect(await c.publicClient.getTransactionReceipt({ hash: first.approval_tx_hash as Hex }).catch(() => undefined)).toBeUndefined();
      // Not mined yet, but not for long enough: left as it is.
      await bumping.round();
      expect((await orderRow(q.quote_id)).approval_tx_hash).toBe(first.approval_tx_hash);
      await new Promise((r) => setTimeout(r, 2_100));
      await bumping.round();
      second = await orderRow(q.quote_id);
      expect(second).toMatchObject({ status: 'submitted', tx_hash: null });
      expect(JSON.parse(second.approval_replaced_tx_hashes ?? '[]')).toEqual([first.approval_tx_hash]);
      const [was, now] = [parseTransaction(first.approval_raw_tx as Hex), parseTransaction(second.approval_raw_tx as Hex)];
      expect(now.nonce).toBe(was.nonce);
      expect(now.to).toBe(was.to);
      expect(now.data).toBe(was.data);
      expect(now.maxFeePerGas ?? 0n).toBeGreaterThanOrEqual(((was.maxFeePerGas ?? 0n) * 110n) / 100n);
      expect(now.maxPriorityFeePerGas ?? 0n).toBeGreaterThanOrEqual(((was.maxPriorityFeePerGas ?? 0n) * 110n) / 100n);
      // Mined while the base fee is still high: the replacement, not the permit it replaced.
      await rpc('evm_mine');
      expect((await c.publicClient.getTransactionReceipt({ hash: second.approval_tx_hash as Hex })).status).toBe('success');
    } finally {
      await automineAt(baseFee);
    }
    await until('the order filled', async () => {
      await bumping.round();
      return (await orderRow(q.quote_id)).status === 'filled' ? true : undefined;
    });
    expect(await orderRow(q.quote_id)).toMatchObject({ approval_tx_hash: second.approval_tx_hash });
    expect(await minedPerQuote(fromBlock)).toEqual({ permit: 1, [q.quote_id.toLowerCase()]: 1 });
    expect(await c.publicClient.getBalance({ address: fresh.address })).toBe(0n);
    // Another user's order, posted once the base fee is back, is sent in one round (mined at once) and filled in the next.
    const later = await gaslessQuote();
    expect((await order(later.quote_id, await sign(later))).status).toBe(200);
    await bumping.round();
    expect((await orderRow(later.quote_id)).status).toBe('sent');
    await bumping.round();
    expect((await orderRow(later.quote_id)).status).toBe('filled');
  }, 60_000);

  it('a submitter SIGKILLed after replacing a stuck permit, the node having lost both, rebroadcasts the replacement: one permit, one order', async () => {
    const { q, post } = await freshPermitOrder();
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let replacement = '';
    try {
      const first = startProcess({ SUBMITTER_BUMP_AFTER_MS: '1000' });
      try {
        await post();
        const recorded = await until('the permit recorded', async () => {
          const row = await orderRow(q.quote_id);
          return row.approval_raw_tx ? row : undefined;
        });
        await priceOut(recorded.approval_raw_tx ?? '');
        await until('the permit\'s replacement recorded', async () => ((await orderRow(q.quote_id)).approval_replaced_tx_hashes ? true : undefined));
      } finally {
        first.kill('SIGKILL');
        await once(first, 'exit');
      }
      // Killed between the replacement and its block; the node forgets every pending transaction: only the
      // submitter's record still has it.
      await rpc('anvil_dropAllTransactions');
      const killed = await orderRow(q.quote_id);
      expect(killed).toMatchObject({ status: 'submitted', tx_hash: null });
      replacement = killed.approval_tx_hash ?? '';
      expect(JSON.parse(killed.approval_replaced_tx_hashes ?? '[]')).not.toContain(replacement);
      const restarted = startProcess({ SUBMITTER_BUMP_AFTER_MS: '600000' });
      try {
        await heldByNode('the recorded replacement rebroadcast', replacement);
        await rpc('evm_mine');
        // Recorded before it leaves: mined once the node has it.
        const sent = await until('the order sent', async () => {
          const row = await orderRow(q.quote_id);
          return row.status === 'sent' ? row : undefined;
        });
        await heldByNode('the order handed to the node', sent.tx_hash);
        await rpc('evm_mine');
        await until('the order filled', async () => ((await orderRow(q.quote_id)).status === 'filled' ? true : undefined));
      } finally {
        restarted.kill('SIGTERM');
        await once(restarted, 'exit');
      }
    } finally {
      await automineAt(baseFee);
    }
    expect((await orderRow(q.quote_id)).approval_tx_hash).toBe(replacement);
    expect((await c.publicClient.getTransactionReceipt({ hash: replacement as Hex })).status).toBe('success');
    expect(await minedPerQuote(fromBlock)).toEqual({ permit: 1, [q.quote_id.toLowerCase()]: 1 });
  }, 120_000);

  // The tests below move the chain's clock past their quotes' deadlines: they come last.
  /** The submitter's transaction at the order's nonce is a 0-value transfer to itself (a cancel). */
  const isCancel = (rawTx: string | null) => {
    const tx = parseTransaction((rawTx ?? '0x') as Hex);
    return tx.to !== undefined && tx.to !== null && getAddress(tx.to) === submitterAccount().address && (tx.value ?? 0n) === 0n && (tx.data ?? '0x') === '0x';
  };
  /** Priced out (as priceOut) in a block stamped just past `deadline`: from then on the order could only revert. */
  const pricedOutPast = async (rawTx: string, deadline: number) => {
    const { maxFeePerGas } = parseTransaction(rawTx as Hex);
    await rpc('anvil_setNextBlockBaseFeePerGas', [toHex((maxFeePerGas ?? 0n) * 4n)]);
    await rpc('evm_setNextBlockTimestamp', [toHex(deadline + 1)]);
    await rpc('evm_mine');
  };

  it('a transaction stuck past its quote\'s deadline is cancelled at its nonce by a self-transfer: failed/expired, nothing of the user\'s moved', async () => {
    const db = (await readyDb()).withTables<GaslessTables & QuoteTables>();
    const cancelling = createSubmitter({
      db, chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50,
      replacement: { afterMs: 600_000, maxBumps: 3, maxFeePerGas: parseGwei('1000') },
    });
    const q = await gaslessQuote(parseUnits('2500', 6).toString(), { expiry_time_sec: 30 });
    expect((await order(q.quote_id, await sign(q))).status).toBe(200);
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const nonceBefore = await c.publicClient.getTransactionCount({ address: submitterAccount().address });
    const [paidBefore, receivedBefore] = await Promise.all([balanceOf(usdc, trader.address), balanceOf(dai, devAccount(RECIPIENT).address)]);
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let cancel: Awaited<ReturnType<typeof orderRow>>;
    try {
      await cancelling.round();
      const sent = await orderRow(q.quote_id);
      expect(sent.status).toBe('sent');
      await pricedOutPast(sent.raw_tx ?? '', q.deadline);
      expect(await c.publicClient.getTransactionReceipt({ hash: sent.tx_hash as Hex }).catch(() => undefined)).toBeUndefined();
      // Past the deadline the order can only revert: not bumped (however long it waited) but cancelled.
      await cancelling.round();
      cancel = await orderRow(q.quote_id);
      expect(cancel.status).toBe('sent');
      expect(JSON.parse(cancel.replaced_tx_hashes ?? '[]')).toEqual([sent.tx_hash]);
      expect(isCancel(cancel.raw_tx)).toBe(true);
      const [was, now] = [parseTransaction(sent.raw_tx as Hex), parseTransaction(cancel.raw_tx as Hex)];
      expect(now.nonce).toBe(was.nonce);
      expect(now.maxFeePerGas ?? 0n).toBeGreaterThanOrEqual(((was.maxFeePerGas ?? 0n) * 110n) / 100n);
      expect(now.maxPriorityFeePerGas ?? 0n).toBeGreaterThanOrEqual(((was.maxPriorityFeePerGas ?? 0n) * 110n) / 100n);
      // Handed to the node: the next block mines it in place of the order.
      await c.publicClient.getTransaction({ hash: cancel.tx_hash as Hex });
      await rpc('evm_mine');
    } finally {
      await automineAt(baseFee);
    }
    await cancelling.round();
    expect(await orderRow(q.quote_id)).toMatchObject({ status: 'failed', error_reason: 'expired', tx_hash: cancel.tx_hash });
    const res = await status(q.quote_id);
    expect(res.body.data).toMatchObject({ status: 'failed', error: { reason: 'expired' } });
    expect(await minedPerQuote(fromBlock)).toEqual({ cancel: 1 });
    expect(await c.publicClient.getTransactionCount({ address: submitterAccount().address })).toBe(nonceBefore + 1);
    expect(await balanceOf(usdc, trader.address)).toBe(paidBefore);
    expect(await balanceOf(dai, devAccount(RECIPIENT).address)).toBe(receivedBefore);
    expect(await c.publicClient.getBalance({ address: trader.address })).toBe(0n);
  }, 60_000);

  it('when the order\'s own transaction is mined instead of its cancel, the order is what the chain says (reverted: failed), never expired too', async () => {
    const db = (await readyDb()).withTables<GaslessTables & QuoteTables>();
    const cancelling = createSubmitter({
      db, chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50,
      replacement: { afterMs: 600_000, maxBumps: 3, maxFeePerGas: parseGwei('1000') },
    });
    const q = await gaslessQuote(parseUnits('2500', 6).toString(), { expiry_time_sec: 300 });
    expect((await order(q.quote_id, await sign(q))).status).toBe(200);
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const paidBefore = await balanceOf(usdc, trader.address);
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let sent: Awaited<ReturnType<typeof orderRow>>;
    try {
      await cancelling.round();
      sent = await orderRow(q.quote_id);
      await pricedOutPast(sent.raw_tx ?? '', q.deadline);
      await cancelling.round();
      expect(isCancel((await orderRow(q.quote_id)).raw_tx)).toBe(true);
      // The cancel is lost and the order's own bytes reach a block instead (another node had them, say).
      await rpc('anvil_dropAllTransactions');
      await rpc('anvil_setNextBlockBaseFeePerGas', [toHex(baseFee ?? 0n)]);
      await c.publicClient.sendRawTransaction({ serializedTransaction: sent.raw_tx as Hex });
      await rpc('evm_mine');
    } finally {
      await automineAt(baseFee);
    }
    expect((await c.publicClient.getTransactionReceipt({ hash: sent.tx_hash as Hex })).status).toBe('reverted');
    await cancelling.round();
    const row = await orderRow(q.quote_id);
    expect(row).toMatchObject({ status: 'failed', tx_hash: sent.tx_hash });
    expect(row.error_reason).toMatch(/reverted on-chain/);
    expect(await minedPerQuote(fromBlock)).toEqual({ [q.quote_id.toLowerCase()]: 1 });
    expect(await balanceOf(usdc, trader.address)).toBe(paidBefore);
  }, 60_000);

  it('a submitter SIGKILLed after recording a cancel, the node having lost it, rebroadcasts that cancel: nothing sent twice', async () => {
    const q = await gaslessQuote(parseUnits('2500', 6).toString(), { expiry_time_sec: 600 });
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const nonceBefore = await c.publicClient.getTransactionCount({ address: submitterAccount().address });
    const paidBefore = await balanceOf(usdc, trader.address);
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let cancel = '';
    try {
      const first = startProcess({ SUBMITTER_BUMP_AFTER_MS: '600000' });
      try {
        expect((await order(q.quote_id, await sign(q))).status).toBe(200);
        const sent = await until('the order sent', async () => {
          const row = await orderRow(q.quote_id);
          return row.status === 'sent' ? row : undefined;
        });
        await pricedOutPast(sent.raw_tx ?? '', q.deadline);
        await until('the cancel recorded', async () => {
          const row = await orderRow(q.quote_id);
          return isCancel(row.raw_tx) ? row : undefined;
        });
      } finally {
        first.kill('SIGKILL');
        await once(first, 'exit');
      }
      await rpc('anvil_dropAllTransactions');
      const killed = await orderRow(q.quote_id);
      expect(killed.status).toBe('sent');
      expect(isCancel(killed.raw_tx)).toBe(true);
      cancel = killed.tx_hash ?? '';
      const restarted = startProcess({ SUBMITTER_BUMP_AFTER_MS: '600000' });
      try {
        await heldByNode('the recorded cancel rebroadcast', cancel);
        await rpc('evm_mine');
        await until('the order failed', async () => ((await orderRow(q.quote_id)).status === 'failed' ? true : undefined));
      } finally {
        restarted.kill('SIGTERM');
        await once(restarted, 'exit');
      }
    } finally {
      await automineAt(baseFee);
    }
    expect(await orderRow(q.quote_id)).toMatchObject({ status: 'failed', error_reason: 'expired', tx_hash: cancel });
    expect(await minedPerQuote(fromBlock)).toEqual({ cancel: 1 });
    expect(await c.publicClient.getTransactionCount({ address: submitterAccount().address })).toBe(nonceBefore + 1);
    expect(await balanceOf(usdc, trader.address)).toBe(paidBefore);
  }, 120_000);

  it('a permit still unmined when its order\'s deadline passes is cancelled at its nonce: the order fails unsent and later orders go through', async () => {
    const db = (await readyDb()).withTables<GaslessTables & QuoteTables>();
    const cancelling = createSubmitter({
      db, chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50,
      replacement: { afterMs: 600_000, maxBumps: 3, maxFeePerGas: parseGwei('1000') },
    });
    // Longer than the chain's clock was moved on by the tests above (the last one by its 600 s quote).
    const { fresh, q, post } = await freshPermitOrder({ expiry_time_sec: 1200 });
    await post();
    const fromBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const nonceBefore = await c.publicClient.getTransactionCount({ address: submitterAccount().address });
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let cancel: Awaited<ReturnType<typeof orderRow>>;
    try {
      await cancelling.round();
      const recorded = await orderRow(q.quote_id);
      expect(recorded).toMatchObject({ status: 'submitted', tx_hash: null });
      await pricedOutPast(recorded.approval_raw_tx ?? '', q.deadline);
      await cancelling.round();
      cancel = await orderRow(q.quote_id);
      expect(cancel).toMatchObject({ status: 'failed', tx_hash: null });
      expect(JSON.parse(cancel.approval_replaced_tx_hashes ?? '[]')).toEqual([recorded.approval_tx_hash]);
      expect(isCancel(cancel.approval_raw_tx)).toBe(true);
      const [was, now] = [parseTransaction(recorded.approval_raw_tx as Hex), parseTransaction(cancel.approval_raw_tx as Hex)];
      expect(now.nonce).toBe(was.nonce);
      expect(now.maxFeePerGas ?? 0n).toBeGreaterThanOrEqual(((was.maxFeePerGas ?? 0n) * 110n) / 100n);
      await c.publicClient.getTransaction({ hash: cancel.approval_tx_hash as Hex });
      await rpc('evm_mine');
    } finally {
      await automineAt(baseFee);
    }
    // The priced-out block may have dropped the cancel from the pool; rounds rebroadcast it until a block holds it.
    await until('the cancel mined', async () => {
      await cancelling.round();
      return (await minedPerQuote(fromBlock)).cancel ? true : undefined;
    });
    expect(await minedPerQuote(fromBlock)).toEqual({ cancel: 1 });
    expect(await c.publicClient.getTransactionCount({ address: submitterAccount().address })).toBe(nonceBefore + 1);
    expect(await c.publicClient.readContract({ address: usdc, abi: testERC20Abi, functionName: 'allowance', args: [fresh.address, PERMIT2_ADDRESS] })).toBe(0n);
    // The nonce is free: another user's order (its deadline past the chain's moved clock) is sent in one round (mined
    // at once) and then filled, with the one transaction it was sent in. (The round that reads its receipt may come
    // before the node answers for the new block: rounds go on until it is recorded.)
    const later = await gaslessQuote(parseUnits('2500', 6).toString(), { expiry_time_sec: 3600 });
    expect((await order(later.quote_id, await sign(later))).status).toBe(200);
    await cancelling.round();
    const sentLater = await orderRow(later.quote_id);
    expect(sentLater.status).toBe('sent');
    const filledLater = await until('the later order filled', async () => {
      await cancelling.round();
      const row = await orderRow(later.quote_id);
      return row.status === 'filled' ? row : undefined;
    });
    expect(filledLater.tx_hash).toBe(sentLater.tx_hash);
    expect(await c.publicClient.getTransactionCount({ address: submitterAccount().address })).toBe(nonceBefore + 2);
  }, 60_000);

  it('a stuck order whose +10 % would pass SUBMITTER_MAX_FEE_GWEI is still cancelled past its deadline, costing no more than the order could have; the next order then fills', async () => {
    const db = (await readyDb()).withTables<GaslessTables & QuoteTables>();
    const submitterWith = (maxFeePerGas: bigint) =>
      createSubmitter({ db, chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50, replacement: { afterMs: 600_000, maxBumps: 3, maxFeePerGas } });
    // Earlier tests moved the chain's clock ahead of the wall's: the quote's 30 s count from the chain's.
    const lead = Math.max(0, Number((await c.publicClient.getBlock()).timestamp) - Math.floor(Date.now() / 1000));
    const q = await gaslessQuote(parseUnits('2500', 6).toString(), { expiry_time_sec: lead + 30 });
    expect((await order(q.quote_id, await sign(q))).status).toBe(200);
    const nonceBefore = await c.publicClient.getTransactionCount({ address: submitterAccount().address });
    const { baseFeePerGas: baseFee } = await c.publicClient.getBlock();
    await rpc('evm_setAutomine', [false]);
    let capped: Submitter;
    let cancel: Awaited<ReturnType<typeof orderRow>>;
    try {
      await submitterWith(parseGwei('1000')).round();
      const sent = await orderRow(q.quote_id);
      expect(sent.status).toBe('sent');
      await heldByNode('the order', sent.tx_hash);
      const was = parseTransaction(sent.raw_tx as Hex);
      // The cap is what the order offers: no replacement of it (+10 %) fits under it.
      capped = submitterWith(was.maxFeePerGas ?? 0n);
      await pricedOutPast(sent.raw_tx ?? '', q.deadline);
      await capped.round();
      cancel = await orderRow(q.quote_id);
      expect(isCancel(cancel.raw_tx)).toBe(true);
      const now = parseTransaction(cancel.raw_tx as Hex);
      expect(now.nonce).toBe(was.nonce);
      expect(now.maxFeePerGas ?? 0n).toBeGreaterThan(was.maxFeePerGas ?? 0n);
      expect(21_000n * (now.maxFeePerGas ?? 0n)).toBeLessThanOrEqual((was.gas ?? 0n) * (was.maxFeePerGas ?? 0n));
      await heldByNode('the cancel', cancel.tx_hash);
      await rpc('evm_mine');
    } finally {
      await automineAt(baseFee);
    }
    await capped.round();
    expect(await orderRow(q.quote_id)).toMatchObject({ status: 'failed', error_reason: 'expired', tx_hash: cancel.tx_hash });
    // The nonce is free: the account's next gasless order goes out and fills.
    const next = await gaslessQuote(parseUnits('2500', 6).toString(), { expiry_time_sec: lead + 120 });
    expect((await order(next.quote_id, await sign(next))).status).toBe(200);
    await until('the next order filled', async () => {
      await capped.round();
      return (await orderRow(next.quote_id)).status === 'filled' ? true : undefined;
    });
    expect(await c.publicClient.getTransactionCount({ address: submitterAccount().address })).toBe(nonceBefore + 2);
  }, 60_000);
});
