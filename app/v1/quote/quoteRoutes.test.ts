// End to end on a real devnet: quote routes called in-process with real JWTs, calldata executed with viem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BaseError, decodeErrorResult, getAddress, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { quoteSignerAccount } from '@/lib/contracts/quoteSigner';
import { decodeSwapCalldata, recoverRouterQuoteSigner } from '@/lib/contracts/swapRouterQuote';
import { appendPermit2Signature, PERMIT2_ADDRESS, type Permit2Eip712 } from '@/lib/contracts/permit2';
import { readyDb } from '@/lib/db/getDb';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { deploySwapRouter } from '@/lib/devnet/deploySwapRouter';
import { waitMined } from '@/lib/devnet/waitMined';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { loadChains } from '@/lib/chains/loadChains';
import { chainClient } from '@/lib/indexer/chainClient';
import type { JobTables } from '@/lib/jobs/jobTables';
import { runFillFollower } from '@/lib/quote/fillFollower';
import { stopFollowers } from '@/lib/chainstate/quoteFollowers';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { useTempDataDir } from '@/test/tempDataDir';
import { POST as firmPost } from './firm/route';
import { POST as indicativePost } from './indicative/route';
import { GET as statusGet } from './status/route';

const CHAIN_ID = 31337;
const SENDER = 1;
const RECIPIENT = 2;
const STRANGER = 3;
/** Holds USDC and has approved Permit2 only, never the router. */
const PERMIT2_TRADER = 4;
const FEE_RECIPIENT = 9;

type Envelope<T> = { code: number; msg: string; data: T | null; error?: { type: string; field?: string } & Record<string, unknown> };
type Json = Record<string, unknown>;
type FirmData = {
  quote_id: Hex; calldata: Hex; router_address: Address; from_address: string; to_address: string; token_in: string; token_out: string;
  amount_in: string; amount_out: string; min_amount_out: string; fee_amount: string; fee_rate: number; deadline: number; value: string;
  allowance_target: string | null; route: RouteLeg[]; price_impact_bps: number;
  src_chain_id: number; dst_chain_id: number; block_number: number; permit2?: { eip712: Permit2Eip712 };
};
type RouteLeg = { chain_id: number; share_bps: number; amount_in: string; amount_out: string; hops: { pool: string; token_in: string; token_out: string }[] };
type IndicativeData = { amount_out: string; fee_amount: string; route: RouteLeg[]; block_number: number; price_impact_bps: number; suggested_slippage: number };
/** `address` with the case of one letter flipped: mixed case with a wrong EIP-55 checksum. */
function badChecksum(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const ch = address.charAt(i);
  const flipped = ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase();
  return address.slice(0, i) + flipped + address.slice(i + 1);
}

type StatusData = { quote_id: string; status: string; src_tx_hash: string | null; amount_out_actual: string | null };

const SWAP_GAS = 1_000_000n;

describe('quote routes on a devnet', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let anvil: Anvil;
  let c: DevClients;
  let stack: UniswapStack;
  let router: Address;
  let usdc: Address;
  let dai: Address;
  let wbtc: Address;
  let integrator: string;
  let walletToken: string;
  let otherIntegrator: string;
  let indicativeOnly: string;
  let chainA: Json;
  let mtime = 1_000_000;
  const fillFollower = new AbortController();

  /** Rewrites the registry with a new mtime, which is how loadChains() notices a change. */
  const writeChains = (chains: Json[]) => {
    const file = path.join(tmp.dir, 'chains.json');
    writeFileSync(file, JSON.stringify({ chains }));
    utimesSync(file, mtime, ++mtime);
  };

  const call = async <T>(handler: (req: Request) => Promise<Response>, url: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    // A real socket turns the event loop between requests; without it, back-to-back in-process calls that finish in
    // microtasks would starve the chain follower's timers.
    await new Promise((resolve) => setImmediate(resolve));
    const res = await handler(new Request(`http://test${url}`, { ...init, headers }));
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
  const post = <T>(handler: (req: Request) => Promise<Response>, url: string, body: unknown, token = integrator) =>
    call<T>(handler, url, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' }, token });
  const indicative = (body: unknown, token?: string) => post<IndicativeData>(indicativePost, '/v1/quote/indicative', body, token);
  const firm = (body: unknown, token?: string) => post<FirmData>(firmPost, '/v1/quote/firm', body, token);
  const status = (id: string, token = integrator) => call<StatusData>(statusGet, `/v1/quote/status?quote_id=${id}`, { token });

  const quoteCount = async () => {
    const db = (await readyDb()).withTables<QuoteTables>();
    const row = await db.selectFrom('quotes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const balanceOf = (token: Address, who: Address) =>
    token === zeroAddress
      ? c.publicClient.getBalance({ address: who })
      : c.publicClient.readContract({ address: token, abi: testERC20Abi, functionName: 'balanceOf', args: [who] });
  const submit = async (q: FirmData, from = SENDER) => {
    // Explicit gas: an estimate made at the previous block's timestamp skips the pools' price-accumulator writes.
    const hash = await c.wallet(from).sendTransaction({
      to: q.router_address, data: q.calldata, value: BigInt(q.value), gas: SWAP_GAS, account: devAccount(from), chain: c.chain,
    });
    // Asked by hash: viem's receipt wait remembers a block number that a test's evm_revert may have undone.
    return waitMined(c.publicClient, hash);
  };
  /** The router's custom error name when `q` executed from `from` would revert. */
  const revertOf = async (q: FirmData, from = SENDER): Promise<string> => {
    try {
      await c.publicClient.call({ account: devAccount(from).address, to: q.router_address, data: q.calldata, value: BigInt(q.value) });
    } catch (error: unknown) {
      const raw = error instanceof BaseError ? error.walk((e) => typeof (e as { data?: unknown }).data === 'string') : undefined;
      const data = (raw as { data?: Hex } | undefined)?.data;
      return data ? decodeErrorResult({ abi: swapRouterAbi, data }).errorName : String(error);
    }
    return 'no revert';
  };
  const waitForStatus = async (id: string, wanted: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await status(id);
      if (res.body.data?.status === wanted || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    tmp = useTempDataDir({ RPC_TIMEOUT_MS: '1000', QUOTE_POLL_MS: '100', QUOTE_STALE_MS: '4000', FEE_BPS: '20', RATE_LIMIT_QUOTE_PER_MIN: '1000000', RATE_LIMIT_PUBLIC_PER_MIN: '1000000' });
    anvil = await startAnvil({ chainId: CHAIN_ID });
    c = devClients(CHAIN_ID, anvil.rpcUrl);
    stack = await deployUniswap(c);
    usdc = getAddress(await deployToken(c, 'USD Coin', 'USDC', 6));
    dai = getAddress(await deployToken(c, 'Dai', 'DAI', 18));
    wbtc = getAddress(await deployToken(c, 'Wrapped BTC', 'WBTC', 8));
    router = getAddress(await deploySwapRouter(c, {
      factory: stack.factory, weth: stack.weth, owner: devAccount(0).address, quoteSigner: quoteSignerAccount().address, feeRecipient: devAccount(FEE_RECIPIENT).address,
      attester: devAccount(0).address,
    }));
    for (const t of [usdc, dai, wbtc]) {
      await mint(c, t, devAccount(0).address, 10n ** 36n);
      await approve(c, 0, t, stack.router02);
      await mint(c, t, devAccount(SENDER).address, 10n ** 30n);
      await approve(c, SENDER, t, router);
    }
    // No DAI/USDC pool: DAI → USDC must go through WETH.
    await addLiquidity(c, stack, 0, stack.weth, parseUnits('100', 18), usdc, parseUnits('300000', 6));
    await addLiquidity(c, stack, 0, stack.weth, parseUnits('100', 18), dai, parseUnits('300000', 18));
    await addLiquidity(c, stack, 0, usdc, parseUnits('600000', 6), wbtc, parseUnits('10', 8));
    chainA = {
        id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', factory: stack.factory, router02: stack.router02,
        weth: stack.weth, swapRouter: router, permit2: PERMIT2_ADDRESS, stablecoins: [usdc], blockTimeSec: 1,
        tokens: [
          { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
          { address: dai, symbol: 'DAI', name: 'Dai', decimals: 18 },
          { address: wbtc, symbol: 'WBTC', name: 'Wrapped BTC', decimals: 8 },
        ],
    };
    writeChains([chainA]);
    // The quote-follower job, in process: it records fills from the router's logs (the web routes only read them).
    const db = await readyDb();
    void runFillFollower(db.withTables<QuoteTables & JobTables>(), { chains: () => loadChains(), client: chainClient, pollMs: 100, signal: fillFollower.signal });
    const deadline = Date.now() + 10_000;
    while (!(await db.withTables<JobTables>().selectFrom('job_cursors').select('block_number').executeTakeFirst()) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const both = ['quote:indicative', 'quote:firm'] as const;
    integrator = (await signAccessToken({ sub: 'e2e-integrator', scopes: both, ttlSec: 3600 })).access_token;
    // Start the follower, then have the router log something other than a fill: every fill below must still be seen.
    expect((await indicative({ ...base(), token_in: usdc, token_out: dai, amount_in: '1000000' })).status).toBe(200);
    const admin = await c.wallet(0).writeContract({
      address: router, abi: swapRouterAbi, functionName: 'setFeeRecipient', args: [devAccount(FEE_RECIPIENT).address], account: devAccount(0), chain: c.chain,
    });
    await c.publicClient.waitForTransactionReceipt({ hash: admin, pollingInterval: POLLING_MS });
    otherIntegrator = (await signAccessToken({ sub: 'e2e-other', scopes: both, ttlSec: 3600 })).access_token;
    walletToken = (await signAccessToken({ sub: devAccount(SENDER).address, scopes: both, ttlSec: 3600 })).access_token;
    indicativeOnly = (await signAccessToken({ sub: 'e2e-guest', scopes: ['quote:indicative'], ttlSec: 3600 })).access_token;
  });

  afterAll(async () => {
    fillFollower.abort();
    stopFollowers();
    await anvil?.stop();
    tmp?.cleanup();
  });

  const base = () => ({ src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID });
  const firmBody = (tokenIn: string, tokenOut: string, amountIn: string, extra: Json = {}) => ({
    ...base(), token_in: tokenIn, token_out: tokenOut, amount_in: amountIn,
    from_address: devAccount(SENDER).address, to_address: devAccount(RECIPIENT).address, slippage: 0.5, expiry_time_sec: 60, ...extra,
  });

  const cases = [
    { name: 'ERC20 → ERC20 direct', tokenIn: () => wbtc, tokenOut: () => usdc, amount: '1000000', hops: 1 },
    { name: 'ERC20 → ERC20 multi-hop', tokenIn: () => dai, tokenOut: () => usdc, amount: parseUnits('1500', 18).toString(), hops: 2 },
    { name: 'native → ERC20', tokenIn: () => zeroAddress, tokenOut: () => dai, amount: parseUnits('1', 18).toString(), hops: 1 },
    { name: 'ERC20 → native', tokenIn: () => usdc, tokenOut: () => zeroAddress, amount: parseUnits('2500', 6).toString(), hops: 1 },
  ];

  it.each(cases)('$name: firm quote executes as quoted, then is spent', async ({ tokenIn, tokenOut, amount, hops }) => {
    const ind = await indicative({ ...base(), token_in: tokenIn(), token_out: tokenOut(), amount_in: amount });
    expect(ind.status).toBe(200);
    // The pools have been watched for less than a minute: the suggestion is the usual default.
    expect(ind.body.data?.suggested_slippage).toBe(0.5);
    const quoted = await firm(firmBody(tokenIn(), tokenOut(), amount, { indicative_amount_out: ind.body.data?.amount_out }));
    expect(quoted.status).toBe(200);
    const q = quoted.body.data as FirmData;
    expect(q.route).toHaveLength(1);
    expect(q.route[0]).toMatchObject({ chain_id: CHAIN_ID, share_bps: 10_000, amount_in: (BigInt(amount) - BigInt(q.fee_amount)).toString(), amount_out: q.amount_out });
    expect(q.route[0]?.hops).toHaveLength(hops);
    expect(q.block_number).toBeGreaterThanOrEqual(ind.body.data?.block_number ?? Infinity);
    expect(q.fee_amount).toBe(((BigInt(amount) * 20n) / 10_000n).toString());
    expect(q.min_amount_out).toBe(((BigInt(q.amount_out) * 995_000n) / 1_000_000n).toString());
    expect(q.value).toBe(tokenIn() === zeroAddress ? amount : '0');
    expect(q.allowance_target).toBe(tokenIn() === zeroAddress ? null : router);

    // Calldata decoded equals the JSON, and the configured signer signed it.
    const { quote, signature } = decodeSwapCalldata(q.calldata);
    expect(quote).toMatchObject({
      quoteId: q.quote_id, sender: getAddress(q.from_address), recipient: getAddress(q.to_address), tokenIn: getAddress(q.token_in), tokenOut: getAddress(q.token_out),
      amountIn: BigInt(q.amount_in), feeAmount: BigInt(q.fee_amount), minAmountOut: BigInt(q.min_amount_out),
      srcChainId: BigInt(q.src_chain_id), dstChainId: BigInt(q.dst_chain_id), deadline: BigInt(q.deadline),
    });
    expect(quote.legs).toHaveLength(1);
    expect(quote.legs[0]?.amountIn).toBe(BigInt(q.amount_in) - BigInt(q.fee_amount));
    expect(quote.legs[0]?.path[0]).toBe(getAddress(q.route[0]?.hops[0]?.token_in ?? ''));
    expect(await recoverRouterQuoteSigner(CHAIN_ID, router, quote, signature)).toBe(quoteSignerAccount().address);

    const to = devAccount(RECIPIENT).address;
    const before = await balanceOf(tokenOut(), to);
    const receipt = await submit(q);
    expect(receipt.status).toBe('success');
    const received = (await balanceOf(tokenOut(), to)) - before;
    expect(received).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
    expect(received).toBe(BigInt(q.amount_out)); // nothing else traded in between

    const settled = await waitForStatus(q.quote_id, 'filled');
    expect(settled.body.data).toMatchObject({ quote_id: q.quote_id, status: 'filled', src_tx_hash: receipt.transactionHash, amount_out_actual: received.toString() });
    // The transaction that executed it finds the same quote.
    const byTx = await call<StatusData>(statusGet, `/v1/quote/status?src_tx_hash=${receipt.transactionHash}`, { token: integrator });
    expect(byTx.body.data).toMatchObject({ quote_id: q.quote_id, status: 'filled' });
    expect(await revertOf(q)).toBe('QuoteAlreadyUsed');
  });

  it('Permit2 token swap: after the one-time approval, one signature and one transaction; the recipient gets at least min_amount_out', async () => {
    const trader = devAccount(PERMIT2_TRADER);
    await mint(c, usdc, trader.address, parseUnits('10000', 6));
    await approve(c, PERMIT2_TRADER, usdc, PERMIT2_ADDRESS);
    const amount = parseUnits('2500', 6).toString();
    const quoted = await firm(firmBody(usdc, dai, amount, { from_address: trader.address, approval: 'permit2' }));
    expect(quoted.status).toBe(200);
    const q = quoted.body.data as FirmData;
    expect(q.allowance_target).toBe(PERMIT2_ADDRESS);
    const eip712 = q.permit2?.eip712;
    if (!eip712) throw new Error('no permit2.eip712 in the answer');
    expect(eip712.domain).toEqual({ name: 'Permit2', chainId: CHAIN_ID, verifyingContract: PERMIT2_ADDRESS });
    expect(eip712.message).toMatchObject({ permitted: { token: usdc, amount }, spender: router, nonce: BigInt(q.quote_id).toString(), deadline: String(q.deadline) });
    expect(eip712.message.witness).toMatchObject({ quoteId: q.quote_id, recipient: devAccount(RECIPIENT).address, minAmountOut: q.min_amount_out });

    const { EIP712Domain: _domain, ...types } = eip712.types;
    const signature = await trader.signTypedData({ domain: eip712.domain, types, primaryType: eip712.primaryType, message: eip712.message });
    const nonceBefore = await c.publicClient.getTransactionCount({ address: trader.address });
    const paid = await balanceOf(usdc, trader.address);
    const received = await balanceOf(dai, devAccount(RECIPIENT).address);
    const receipt = await submit({ ...q, calldata: appendPermit2Signature(q.calldata, signature) }, PERMIT2_TRADER);
    expect(receipt.status).toBe('success');
    expect(await c.publicClient.getTransactionCount({ address: trader.address })).toBe(nonceBefore + 1);
    expect(paid - (await balanceOf(usdc, trader.address))).toBe(BigInt(amount));
    expect((await balanceOf(dai, devAccount(RECIPIENT).address)) - received).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
    const settled = await waitForStatus(q.quote_id, 'filled');
    expect(settled.body.data).toMatchObject({ status: 'filled', src_tx_hash: receipt.transactionHash });
  });

  it('approval "permit2" is refused for native input, and an unknown approval is named', async () => {
    const native = await firm(firmBody(zeroAddress, dai, parseUnits('1', 18).toString(), { approval: 'permit2' }));
    expect(native.status).toBe(400);
    expect(native.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval' });
    const unknown = await firm(firmBody(usdc, dai, '1000000', { approval: 'permit' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval' });
  });

  it('status takes exactly one of quote_id and src_tx_hash; an unknown transaction is 404', async () => {
    const id = `0x${'cd'.repeat(32)}`;
    for (const query of ['', `quote_id=${id}&src_tx_hash=${id}`, 'src_tx_hash=0x12']) {
      const res = await call<StatusData>(statusGet, `/v1/quote/status?${query}`, { token: integrator });
      expect(res.status, query).toBe(400);
      expect(res.body.error?.type).toBe('INVALID_ARGUMENT');
    }
    const unknown = await call<StatusData>(statusGet, `/v1/quote/status?src_tx_hash=${id}`, { token: integrator });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ type: 'NOT_FOUND', field: 'src_tx_hash' });
  });

  it('an output the recipient could not keep is refused before signing: the router, the output token, WETH for native out', async () => {
    const before = await quoteCount();
    for (const [tokenOut, to] of [[zeroAddress, stack.weth], [usdc, router], [usdc, usdc]] as const) {
      const res = await firm(firmBody(dai, tokenOut, parseUnits('10', 18).toString(), { to_address: to }));
      expect(res.status, `${tokenOut} to ${to}`).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'to_address' });
    }
    expect(await quoteCount()).toBe(before);
  });

  it('calldata sent by another account reverts', async () => {
    const q = (await firm(firmBody(usdc, wbtc, '1000000000'))).body.data as FirmData;
    expect(await revertOf(q, STRANGER)).toBe('WrongSender');
    expect(await revertOf(q, SENDER)).toBe('no revert');
  });

  it('a worse firm price than indicative beyond the slippage is 409 and issues nothing', async () => {
    const before = await quoteCount();
    const ind = (await indicative({ ...base(), token_in: usdc, token_out: dai, amount_in: '1000000' })).body.data as IndicativeData;
    const inflated = (BigInt(ind.amount_out) * 2n).toString();
    const res = await firm(firmBody(usdc, dai, '1000000', { indicative_amount_out: inflated, slippage: 1 }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ type: 'SLIPPAGE_EXCEEDED', indicative_amount_out: inflated, allowed_bps: 100, retryable: true });
    expect(Number(res.body.error?.deviation_bps)).toBeGreaterThan(4_900);
    expect(await quoteCount()).toBe(before);
  });

  it('a wallet token quotes only for its own address; status shows only the own quotes', async () => {
    const own = await firm(firmBody(usdc, dai, '1000000'), walletToken);
    expect(own.status).toBe(200);
    const forOther = await firm(firmBody(usdc, dai, '1000000', { from_address: devAccount(STRANGER).address }), walletToken);
    expect(forOther.status).toBe(403);
    expect(forOther.body.error?.type).toBe('FORBIDDEN');
    const id = (own.body.data as FirmData).quote_id;
    expect((await status(id, walletToken)).body.data?.status).toBe('issued');
    expect((await status(id, otherIntegrator)).status).toBe(404);
    expect((await status(`0x${'ab'.repeat(32)}`)).status).toBe(404);
    expect((await firm(firmBody(usdc, dai, '1000000'), indicativeOnly)).status).toBe(403);
  });

  describe('rejected inputs (API.md §2) answer the documented status and type, and store nothing', () => {
    const valid = () => firmBody(usdc, dai, '1000000');
    const table: [string, () => unknown, number, string, string?][] = [
      ['amount_in "01"', () => ({ ...valid(), amount_in: '01' }), 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['amount_in "1.0"', () => ({ ...valid(), amount_in: '1.0' }), 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['amount_in "1e18"', () => ({ ...valid(), amount_in: '1e18' }), 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['amount_in "0x10"', () => ({ ...valid(), amount_in: '0x10' }), 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['amount_in " 1"', () => ({ ...valid(), amount_in: ' 1' }), 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['amount_in "-1"', () => ({ ...valid(), amount_in: '-1' }), 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['amount_in number', () => ({ ...valid(), amount_in: 1000 }), 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['amount_in "0"', () => ({ ...valid(), amount_in: '0' }), 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['amount_in 2^256', () => ({ ...valid(), amount_in: (2n ** 256n).toString() }), 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['amount_in missing', () => { const { amount_in: _a, ...rest } = valid(); return rest; }, 400, 'INVALID_ARGUMENT', 'amount_in'],
      ['indicative_amount_out "01"', () => ({ ...valid(), indicative_amount_out: '01' }), 400, 'INVALID_ARGUMENT', 'indicative_amount_out'],
      ['token_in short', () => ({ ...valid(), token_in: '0x1234' }), 400, 'INVALID_ARGUMENT', 'token_in'],
      ['token_in bad checksum', () => ({ ...valid(), token_in: badChecksum(usdc) }), 400, 'INVALID_ARGUMENT', 'token_in'],
      ['to_address zero', () => ({ ...valid(), to_address: zeroAddress }), 400, 'INVALID_ARGUMENT', 'to_address'],
      ['from_address zero', () => ({ ...valid(), from_address: zeroAddress }), 400, 'INVALID_ARGUMENT', 'from_address'],
      ['src_chain_id string', () => ({ ...valid(), src_chain_id: String(CHAIN_ID) }), 400, 'INVALID_ARGUMENT', 'src_chain_id'],
      ['src_chain_id fraction', () => ({ ...valid(), src_chain_id: 1.5 }), 400, 'INVALID_ARGUMENT', 'src_chain_id'],
      ['src_chain_id unknown', () => ({ ...valid(), src_chain_id: 999 }), 400, 'UNSUPPORTED_CHAIN', 'src_chain_id'],
      ['dst_chain_id unknown', () => ({ ...valid(), dst_chain_id: 999 }), 400, 'UNSUPPORTED_CHAIN', 'dst_chain_id'],
      ['slippage -0.1', () => ({ ...valid(), slippage: -0.1 }), 400, 'INVALID_ARGUMENT', 'slippage'],
      ['slippage 100.5', () => ({ ...valid(), slippage: 100.5 }), 400, 'INVALID_ARGUMENT', 'slippage'],
      ['slippage string', () => ({ ...valid(), slippage: '0.5' }), 400, 'INVALID_ARGUMENT', 'slippage'],
      ['expiry_time_sec 0', () => ({ ...valid(), expiry_time_sec: 0 }), 400, 'INVALID_ARGUMENT', 'expiry_time_sec'],
      ['expiry_time_sec 3601', () => ({ ...valid(), expiry_time_sec: 3601 }), 400, 'INVALID_ARGUMENT', 'expiry_time_sec'],
      ['expiry_time_sec 1.5', () => ({ ...valid(), expiry_time_sec: 1.5 }), 400, 'INVALID_ARGUMENT', 'expiry_time_sec'],
      ['same token', () => ({ ...valid(), token_out: usdc.toLowerCase() }), 400, 'INVALID_ARGUMENT', 'token_out'],
      ['typo slipage', () => { const { slippage: _s, ...rest } = valid(); return { ...rest, slipage: 0.5 }; }, 400, 'INVALID_ARGUMENT', 'slipage'],
      ['unknown field', () => ({ ...valid(), extra: 1 }), 400, 'INVALID_ARGUMENT', 'extra'],
      ['not JSON', () => '{"src_chain_id":', 400, 'MALFORMED_REQUEST'],
      ['JSON array', () => '[]', 400, 'MALFORMED_REQUEST'],
      ['over 16 KiB', () => ({ ...valid(), pad: 'x'.repeat(17 * 1024) }), 413, 'PAYLOAD_TOO_LARGE'],
      ['unknown token', () => ({ ...valid(), token_out: '0x000000000000000000000000000000000000dead' }), 400, 'UNSUPPORTED_TOKEN', 'token_out'],
      ['dust', () => ({ ...valid(), token_in: dai, token_out: wbtc, amount_in: '1' }), 422, 'AMOUNT_TOO_SMALL', 'amount_in'],
      ['unfillable', () => ({ ...valid(), amount_in: (2n ** 200n).toString() }), 422, 'INSUFFICIENT_LIQUIDITY', 'amount_in'],
    ];

    it.each(table)('%s', async (_name, body, code, type, field) => {
      const before = await quoteCount();
      for (const send of [firm, indicative]) {
        let payload = body();
        if (send === indicative && typeof payload === 'object' && payload !== null) {
          // The indicative request has no sender fields; keep only what the case is about.
          const { from_address: _f, to_address: _t, slippage: _s, expiry_time_sec: _e, indicative_amount_out: _i, ...rest } = payload as Json;
          if (['from_address', 'to_address', 'slippage', 'expiry_time_sec', 'indicative_amount_out'].includes(field ?? '')) continue;
          payload = rest;
          if (field === 'slipage') payload = { ...rest, slipage: 0.5 };
        }
        const res = await send(payload);
        expect(res.status, JSON.stringify(res.body)).toBe(code);
        expect(res.body.error?.type).toBe(type);
        if (field) expect(res.body.error?.field).toBe(field);
        expect(res.body.data).toBeNull();
      }
      expect(await quoteCount()).toBe(before);
    });

    it('cross-chain to a chain without settlers is a clear 400 on the chain that lacks them', async () => {
      writeChains([chainA, { id: 31338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:9', nativeSymbol: 'ETH', factory: stack.factory, router02: stack.router02, weth: stack.weth, tokens: [] }]);
      const res = await firm(firmBody(usdc, dai, '1000000', { dst_chain_id: 31338 }));
      writeChains([chainA]);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'UNSUPPORTED_CHAIN', field: 'src_chain_id' });
      expect(res.body.msg).toMatch(/cross-chain/);
    });

    it('non-JSON content type is 415; no token is 401', async () => {
      const res = await call(firmPost, '/v1/quote/firm', { method: 'POST', body: JSON.stringify(valid()), headers: { 'content-type': 'text/plain' }, token: integrator });
      expect(res.status).toBe(415);
      const anon = await call(indicativePost, '/v1/quote/indicative', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(anon.status).toBe(401);
    });
  });

  it('thousands of random bodies never produce a 5xx', async () => {
    const addressish = fc.oneof(
      fc.constantFrom(usdc, dai, wbtc, zeroAddress, usdc.toLowerCase(), '0x000000000000000000000000000000000000dead', devAccount(SENDER).address),
      fc.string(),
    );
    const amountish = fc.oneof(fc.bigInt(0n, 2n ** 257n).map(String), fc.string(), fc.integer(), fc.constant('1e18'));
    const value = fc.oneof(fc.integer(), fc.double(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }));
    const body = fc.oneof(
      fc.record({
        src_chain_id: fc.oneof(fc.constant(CHAIN_ID), value), dst_chain_id: fc.oneof(fc.constant(CHAIN_ID), value),
        token_in: addressish, token_out: addressish, amount_in: amountish,
        from_address: addressish, to_address: addressish, indicative_amount_out: amountish,
        slippage: fc.oneof(fc.double({ min: -1, max: 101 }), value), expiry_time_sec: fc.oneof(fc.integer({ min: -5, max: 4000 }), value),
      }, { requiredKeys: [] }),
      fc.dictionary(fc.string(), value),
      fc.json(),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (b, toFirm) => {
        const res = await (toFirm ? firm : indicative)(b);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      }),
      { numRuns: 5000 },
    );
  });

  it('a fill that a reorg drops goes back to issued; the fill on the new fork is recorded, earlier fills stay filled', async () => {
    const earlier = (await firm(firmBody(usdc, dai, '2000000'))).body.data as FirmData;
    await submit(earlier);
    expect((await waitForStatus(earlier.quote_id, 'filled')).body.data?.status).toBe('filled');
    const q = (await firm(firmBody(usdc, dai, '1000000'))).body.data as FirmData;
    const snapshot = await c.publicClient.request({ method: 'evm_snapshot' as 'eth_chainId' });
    const dropped = await submit(q);
    expect((await waitForStatus(q.quote_id, 'filled')).body.data).toMatchObject({ status: 'filled', src_tx_hash: dropped.transactionHash });

    await c.publicClient.request({ method: 'evm_revert' as 'eth_chainId', params: [snapshot] as unknown as undefined });
    await c.publicClient.request({ method: 'evm_mine' as 'eth_chainId' });
    const reissued = await waitForStatus(q.quote_id, 'issued');
    expect(reissued.body.data).toMatchObject({ status: 'issued', src_tx_hash: null, amount_out_actual: null });
    expect((await status(earlier.quote_id)).body.data).toMatchObject({ status: 'filled' });

    // Still unused on this fork, so the same calldata executes again.
    await c.publicClient.request({ method: 'evm_mine' as 'eth_chainId' });
    const refilled = await submit(q);
    expect(refilled.status).toBe('success');
    expect(refilled.blockHash).not.toBe(dropped.blockHash);
    const settled = await waitForStatus(q.quote_id, 'filled');
    expect(settled.body.data).toMatchObject({ status: 'filled', src_tx_hash: refilled.transactionHash });
  });

  it('after the deadline the calldata reverts and the status says expired', async () => {
    const q = (await firm(firmBody(usdc, dai, '1000000', { expiry_time_sec: 5 }))).body.data as FirmData;
    const block = await c.publicClient.getBlock();
    await c.publicClient.request({ method: 'evm_setNextBlockTimestamp' as 'eth_chainId', params: [Number(block.timestamp > BigInt(q.deadline) ? block.timestamp : BigInt(q.deadline)) + 1] as unknown as undefined });
    await c.publicClient.request({ method: 'evm_mine' as 'eth_chainId' });
    expect(await revertOf(q)).toBe('QuoteExpired');
    const settled = await waitForStatus(q.quote_id, 'expired');
    expect(settled.body.data?.status).toBe('expired');
  });

  it('answers 503 CHAIN_UNAVAILABLE quickly when the RPC dies, and quotes again once it is back', async () => {
    const body = { ...base(), token_in: usdc, token_out: dai, amount_in: '1000000' };
    const state = await c.publicClient.request({ method: 'anvil_dumpState' as 'eth_chainId' });
    const port = anvil.port;
    await anvil.stop();
    const deadline = Date.now() + 15_000;
    let res = await indicative(body);
    while (res.status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      res = await indicative(body);
    }
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ type: 'CHAIN_UNAVAILABLE', retryable: true });
    const started = Date.now();
    const firmDown = await firm(firmBody(usdc, dai, '1000000'));
    expect(firmDown.status).toBe(503);
    // No hang: a known-stale chain answers without waiting for the RPC (generous bound for a loaded machine).
    expect(Date.now() - started).toBeLessThan(5_000);

    anvil = await startAnvil({ chainId: CHAIN_ID, port });
    await c.publicClient.request({ method: 'anvil_loadState' as 'eth_chainId', params: [state] as unknown as undefined });
    const back = Date.now() + 20_000;
    res = await indicative(body);
    while (res.status !== 200 && Date.now() < back) {
      await new Promise((r) => setTimeout(r, 100));
      res = await indicative(body);
    }
    expect(res.status).toBe(200);
  });
});
