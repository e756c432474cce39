// End to end across two devnet chains: cross-chain quotes through the route handlers with a real JWT, deposits sent
// with viem on the source chain, the relayer (in this process) filling on the destination and settling or refunding.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { erc20Abi, getAddress, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { resetEnv } from '@/lib/env';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { loadChains } from '@/lib/chains/loadChains';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { attesterClient } from '@/lib/attester/attesterClient';
import { createAttester } from '@/lib/attester/createAttester';
import { startAttesterServer, type AttesterServer } from '@/lib/attester/attesterServer';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { decodeOpenCalldata, fillOrderOf } from '@/lib/contracts/crossChainQuote';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { crosschainDb } from '@/lib/crosschain/crosschainDb';
import { readyDb } from '@/lib/db/getDb';
import { devAccount, devClients, type DevClients } from '@/lib/devnet/deployUniswap';
import { waitMined } from '@/lib/devnet/waitMined';
import { startDevnet, type Devnet } from '@/lib/devnet/startDevnet';
import { followerFor, stopFollowers } from '@/lib/chainstate/quoteFollowers';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { createRelayer, type Relayer } from '@/lib/relayer/createRelayer';
import { revertName } from '@/test/expectRevert';
import { useTempDataDir } from '@/test/tempDataDir';
import { POST as firmPost } from './firm/route';
import { POST as indicativePost } from './indicative/route';
import { GET as statusGet } from './status/route';
import { GET as attestationGet } from '../crosschain/orders/attestation/route';
import { GET as ordersGet } from '../crosschain/orders/route';
import { GET as ordersStreamGet } from '../crosschain/orders/stream/route';
import { destinationSettlerAbi } from '@/contracts/generated/destinationSettler';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { decodeOriginData, encodeOriginData } from '@/lib/contracts/crossChainQuote';
import { encodeFillerData } from '@/lib/contracts/encodeFillerData';
import type { CrossChainOrderDTO, CrossChainOrdersPage, OrderAttestation } from '@/lib/api/schemas/crosschainOrders';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { keccak256 } from 'viem';

const SENDER = 1;
const RECIPIENT = 2;
const OPEN_GAS = 1_500_000n;

type Envelope<T> = { code: number; msg: string; data: T | null; error?: { type: string; field?: string } };
type Leg = { chain_id: number; share_bps: number; amount_in: string; amount_out: string; hops: unknown[] };
type ChainAmount = { chain_id: number; token: string; amount: string };
type Quote = {
  amount_in: string; amount_out: string; fee_amount: string; route: Leg[]; estimated_fill_time_sec: number; suggested_slippage?: number;
  relayer_fee: ChainAmount; bridge: { src: ChainAmount & { min_amount?: string }; dst: ChainAmount };
};
type Firm = Quote & {
  quote_id: Hex; calldata: Hex; router_address: Address; value: string; allowance_target: Address | null; min_amount_out: string;
  order_id: Hex; fill_deadline: number; deadline: number;
};
type Status = {
  quote_id: string; status: string; src_tx_hash: string | null; dst_tx_hash: string | null; amount_out_actual: string | null;
  order_id?: string; fill_deadline?: number; refund_tx_hash?: string | null; escrow?: ChainAmount | null;
  delayed?: boolean; delay_reason?: string | null; refund_possible_at?: number | null; refund_permissionless_at?: number | null; relayer_top_up?: string | null; filler?: string | null;
  filled_at?: number | null; settle_tx_hash?: string | null;
};

describe('cross-chain quotes end to end on two devnets', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let devnet: Devnet;
  let relayer: Relayer;
  let attester: AttesterServer | undefined;
  let blockTicker: NodeJS.Timeout | undefined;
  let token: string;
  let A: ChainConfig;
  let B: ChainConfig;
  const clients = new Map<number, DevClients>();
  const dev = (chain: ChainConfig) => clients.get(chain.id) as DevClients;
  const tokenOn = (chain: ChainConfig, symbol: string) => getAddress(chain.tokens.find((t) => t.symbol === symbol)?.address ?? zeroAddress);

  const call = async <T>(handler: (req: Request) => Promise<Response>, url: string, init: RequestInit = {}) => {
    await new Promise((resolve) => setImmediate(resolve));
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    const res = await handler(new Request(`http://test${url}`, { ...init, headers }));
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
  const post = <T>(handler: (req: Request) => Promise<Response>, url: string, body: unknown) =>
    call<T>(handler, url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const status = (query: string) => call<Status>(statusGet, `/v1/quote/status?${query}`);
  const waitForStatus = async (quoteId: string, wanted: string[], timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await status(`quote_id=${quoteId}`);
      if ((res.body.data && wanted.includes(res.body.data.status)) || Date.now() > deadline) return res.body.data as Status;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const quoteCount = async () => {
    const db = (await readyDb()).withTables<QuoteTables>();
    const row = await db.selectFrom('quotes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const balanceOf = (chain: ChainConfig, tokenAddress: Address, who: Address) =>
    tokenAddress === zeroAddress
      ? dev(chain).publicClient.getBalance({ address: who })
      : dev(chain).publicClient.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
  /** Quotes whose legs run only through the V2 pairs these scenarios move (through Router02). */
  const ONLY_V2 = ['uniswap_v3'];
  const body = (src: ChainConfig, dst: ChainConfig, tokenIn: Address, tokenOut: Address, amountIn: bigint, extra: Record<string, unknown> = {}) => ({
    src_chain_id: src.id, dst_chain_id: dst.id, token_in: tokenIn, token_out: tokenOut, amount_in: amountIn.toString(),
    from_address: devAccount(SENDER).address, to_address: devAccount(RECIPIENT).address, slippage: 1, expiry_time_sec: 60, ...extra,
  });
  const indicativeBody = ({ from_address: _f, to_address: _t, slippage: _s, expiry_time_sec: _e, ...rest }: ReturnType<typeof body>) => rest;
  /** Sends the firm quote's calldata from the sender on the source chain (approving token input first). */
  const deposit = async (src: ChainConfig, q: Firm, tokenIn: Address) => {
    const c = dev(src);
    const account = devAccount(SENDER);
    if (q.allowance_target) {
      const approval = await c.wallet(SENDER).writeContract({
        address: tokenIn, abi: erc20Abi, functionName: 'approve', args: [q.allowance_target, BigInt(q.amount_in)], account, chain: c.chain,
      });
      await waitMined(c.publicClient, approval);
    }
    const hash = await c.wallet(SENDER).sendTransaction({ to: q.router_address, data: q.calldata, value: BigInt(q.value), gas: OPEN_GAS, account, chain: c.chain });
    const receipt = await waitMined(c.publicClient, hash);
    expect(receipt.status).toBe('success');
    return hash;
  };
  const startRelayer = async () => {
    // The attester is its own process in production; here its HTTP endpoint, with its own key, runs in the test.
    attester ??= await startAttesterServer(createAttester({ account: attesterAccount(), chains: () => loadChains(), rpcTimeoutMs: 2_000 }), '127.0.0.1', 0);
    // The public attestation endpoint asks this attester, as the web app asks ATTESTER_URL.
    if (process.env.ATTESTER_URL !== attester.url) {
      process.env.ATTESTER_URL = attester.url;
      resetEnv();
    }
    relayer = createRelayer({
      db: await crosschainDb(), chains: () => loadChains(), account: relayerAccount(), attester: attesterClient(attester.url, 5_000),
      pollMs: 100, confirmations: 0, rpcTimeoutMs: 2_000,
    });
    relayer.start();
    await relayer.pass();
  };

  beforeAll(async () => {
    tmp = useTempDataDir({
      RPC_TIMEOUT_MS: '2000', QUOTE_POLL_MS: '100', QUOTE_STALE_MS: '5000', RATE_LIMIT_QUOTE_PER_MIN: '1000000', RATE_LIMIT_PUBLIC_PER_MIN: '1000000',
      CROSSCHAIN_FILL_WINDOW_SEC: '300',
    });
    devnet = await startDevnet({ dataDir: tmp.dir, ports: 'free', history: 'none', activity: false });
    const chains = loadChains();
    [A, B] = [chains.find((c) => c.id === 31337) as ChainConfig, chains.find((c) => c.id === 31338) as ChainConfig];
    for (const chain of chains) clients.set(chain.id, devClients(chain.id, chain.rpcUrl));
    token = (await signAccessToken({ sub: 'crosschain-e2e', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 })).access_token;
    // Deposits and fills count a block deep (the devnet's registry `confirmations`): blocks keep coming, as the
    // devnet's activity makes them.
    blockTicker = setInterval(() => {
      for (const chain of [A, B]) void dev(chain).publicClient.request({ method: 'evm_mine' as never, params: [] as never }).catch(() => undefined);
    }, 400);
    await startRelayer();
  });

  afterAll(async () => {
    clearInterval(blockTicker);
    await relayer?.stop();
    await attester?.close();
    stopFollowers();
    await devnet?.stop();
    tmp?.cleanup();
  });

  const cases = [
    { name: 'A → B, native in on A: ETH → USDC', src: () => A, dst: () => B, tokenIn: () => zeroAddress as Address, tokenOut: () => tokenOn(B, 'USDC'), amount: parseUnits('1', 18) },
    { name: 'A → B, native out on B: USDC → ETH', src: () => A, dst: () => B, tokenIn: () => tokenOn(A, 'USDC'), tokenOut: () => zeroAddress as Address, amount: parseUnits('2500', 6) },
    { name: 'B → A, token to token: WBTC → LINK', src: () => B, dst: () => A, tokenIn: () => tokenOn(B, 'WBTC'), tokenOut: () => tokenOn(A, 'LINK'), amount: parseUnits('0.05', 8) },
  ];

  it.each(cases)('$name: firm quote → deposit on the source → recipient paid on the destination → filled, then settled', async ({ src, dst, tokenIn, tokenOut, amount }) => {
    const request = body(src(), dst(), tokenIn(), tokenOut(), amount);
    const ind = await post<Quote>(indicativePost, '/v1/quote/indicative', indicativeBody(request));
    expect(ind.status, JSON.stringify(ind.body)).toBe(200);
    // Pools watched for less than a minute: the usual default, within the cross-chain bounds.
    expect(ind.body.data?.suggested_slippage).toBe(0.5);
    const quoted = await post<Firm>(firmPost, '/v1/quote/firm', { ...request, indicative_amount_out: ind.body.data?.amount_out });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const q = quoted.body.data as Firm;
    expect(q.route.map((leg) => leg.chain_id)).toEqual([src().id, dst().id]);
    expect(BigInt(q.relayer_fee.amount)).toBe(BigInt(q.bridge.src.amount) - BigInt(q.bridge.dst.amount));
    expect(q.estimated_fill_time_sec).toBeGreaterThan(0);
    expect(q.value).toBe(tokenIn() === zeroAddress ? amount.toString() : '0');
    // The calldata opens exactly the order the answer names.
    const { quote } = decodeOpenCalldata(q.calldata);
    expect(fillOrderOf(quote, q.router_address).orderId).toBe(q.order_id);
    expect(quote.fillDeadline).toBe(q.fill_deadline);
    expect(quote.minAmountOut.toString()).toBe(q.min_amount_out);

    const recipient = devAccount(RECIPIENT).address;
    const before = await balanceOf(dst(), tokenOut(), recipient);
    const hash = await deposit(src(), q, tokenIn());
    const done = await waitForStatus(q.quote_id, ['filled', 'settled']);
    expect(done).toMatchObject({ order_id: q.order_id, fill_deadline: q.fill_deadline, src_tx_hash: hash });
    expect(done.dst_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const received = (await balanceOf(dst(), tokenOut(), recipient)) - before;
    expect(received).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
    expect(done.amount_out_actual).toBe(received.toString());
    const settled = await waitForStatus(q.quote_id, ['settled']);
    expect(settled.status).toBe('settled');
    // The deposit's hash finds the same quote.
    expect((await status(`src_tx_hash=${hash}`)).body.data).toMatchObject({ quote_id: q.quote_id, status: 'settled' });
  });

  it('refuses a token that is not on the destination chain (400 naming token_out) and an amount above the relayer inventory or its per-order cap (422), storing nothing', async () => {
    const before = await quoteCount();
    const foreign = body(A, B, tokenOn(A, 'USDC'), getAddress('0x000000000000000000000000000000000000dEaD'), parseUnits('100', 6));
    for (const [handler, url, payload] of [[indicativePost, '/v1/quote/indicative', indicativeBody(foreign)], [firmPost, '/v1/quote/firm', foreign]] as const) {
      const res = await post(handler, url, payload);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'UNSUPPORTED_TOKEN', field: 'token_out' });
    }
    // The relayer holds 2,000,000 USDC on each chain: 3,000,000 cannot be delivered.
    const huge = body(A, B, tokenOn(A, 'USDC'), tokenOn(B, 'USDC'), parseUnits('3000000', 6));
    for (const [handler, url, payload] of [[indicativePost, '/v1/quote/indicative', indicativeBody(huge)], [firmPost, '/v1/quote/firm', huge]] as const) {
      const res = await post(handler, url, payload);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ type: 'INSUFFICIENT_LIQUIDITY', field: 'amount_in' });
    }
    // Within the inventory but above what the relayer fills in one order (RELAYER_MAX_ORDER_USD, 100,000 USD).
    const overCap = body(A, B, tokenOn(A, 'USDC'), tokenOn(B, 'USDC'), parseUnits('150000', 6));
    for (const [handler, url, payload] of [[indicativePost, '/v1/quote/indicative', indicativeBody(overCap)], [firmPost, '/v1/quote/firm', overCap]] as const) {
      const res = await post(handler, url, payload);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ type: 'INSUFFICIENT_LIQUIDITY', field: 'amount_in', retryable: false });
      expect(res.body.msg).toMatch(/at most 100000 USD of the bridge asset\); split the swap/);
    }
    expect(await quoteCount()).toBe(before);
  });

  it('a recipient on the destination that could not keep the output is refused before signing: WETH for native out, the settler, the token itself', async () => {
    const before = await quoteCount();
    const usdcA = tokenOn(A, 'USDC');
    const usdcB = tokenOn(B, 'USDC');
    const wethB = tokenOn(B, 'WETH');
    for (const [tokenOut, to] of [[zeroAddress, wethB], [usdcB, B.destinationSettler], [usdcB, usdcB]] as const) {
      const res = await post(firmPost, '/v1/quote/firm', { ...body(A, B, usdcA, tokenOut as Address, parseUnits('100', 6)), to_address: to });
      expect(res.status, `${tokenOut} to ${to}`).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'to_address' });
    }
    expect(await quoteCount()).toBe(before);
  });

  it('the first cross-chain quote after 90 s without any answers 200 while the relayer runs; a relayer silent for 90 s is a retryable 422', async () => {
    const request = body(A, B, tokenOn(A, 'USDC'), tokenOn(B, 'USDC'), parseUnits('100', 6));
    const indicative = () => post<Quote>(indicativePost, '/v1/quote/indicative', indicativeBody(request));
    expect((await indicative()).status).toBe(200);
    // Only the wall clock is faked (timers stay real), so the relayer, the followers and the store keep working while
    // 90 s pass without a quote; each wait below ends on a condition, not after a set time.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const quietSpell = async (relayerRunning: boolean) => {
      vi.setSystemTime(Date.now() + 90_000);
      // A running relayer goes on with its rounds (and its progress) during the spell; wait for one after the jump.
      if (relayerRunning) await relayer.pass();
      for (const chain of [A, B]) while (!followerFor(chain).health().reachable) await new Promise((r) => setTimeout(r, 20));
    };
    let stopped = false;
    try {
      await quietSpell(true);
      const ind = await indicative();
      expect(ind.status, JSON.stringify(ind.body)).toBe(200);
      await quietSpell(true);
      const firm = await post<Firm>(firmPost, '/v1/quote/firm', request);
      expect(firm.status, JSON.stringify(firm.body)).toBe(200);

      await relayer.stop();
      stopped = true;
      await quietSpell(false);
      for (const [handler, url, payload] of [[indicativePost, '/v1/quote/indicative', indicativeBody(request)], [firmPost, '/v1/quote/firm', request]] as const) {
        const refused = await post(handler, url, payload);
        expect(refused.status).toBe(422);
        expect(refused.body.error).toMatchObject({ type: 'INSUFFICIENT_LIQUIDITY', field: 'dst_chain_id', retryable: true, retry_after_sec: 10 });
        expect(refused.body.msg).toMatch(/relayer .* is not running/);
      }
      // Back at once: a refusal is never given from a remembered value, so the restarted relayer's first round counts.
      await startRelayer();
      stopped = false;
      expect((await indicative()).status).toBe(200);
    } finally {
      vi.useRealTimers();
      if (stopped) await startRelayer();
    }
  });

  it('refuses cross-chain slippage above the cap with 400 naming slippage; same-chain quotes keep 0–100 %', async () => {
    const before = await quoteCount();
    const over = await post(firmPost, '/v1/quote/firm', body(A, B, tokenOn(A, 'USDC'), tokenOn(B, 'USDC'), parseUnits('100', 6), { slippage: 3.5 }));
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'slippage', retryable: false });
    expect(over.body.msg).toMatch(/at most 3 % for a cross-chain quote/);
    const atCap = await post(firmPost, '/v1/quote/firm', body(A, B, tokenOn(A, 'USDC'), tokenOn(B, 'USDC'), parseUnits('100', 6), { slippage: 3 }));
    expect(atCap.status, JSON.stringify(atCap.body)).toBe(200);
    const sameChain = await post(firmPost, '/v1/quote/firm', body(A, A, tokenOn(A, 'USDC'), tokenOn(A, 'WETH'), parseUnits('100', 6), { slippage: 50 }));
    expect(sameChain.status, JSON.stringify(sameChain.body)).toBe(200);
    expect(await quoteCount()).toBe(before + 2);
  });

  describe('open filling: another filler fills after our relayer\'s exclusivity window and is repaid at its repayment address', () => {
    const FILLER = 7;
    const attestationOf = (orderId: string) => call<OrderAttestation>(attestationGet, `/v1/crosschain/orders/attestation?order_id=${orderId}`);
    /** A USDC (A) → USDC (B) quote deposited while our relayer is stopped; B's clock then passes its exclusivity window. */
    const depositPastExclusivity = async () => {
      await relayer.stop();
      const quoted = await post<Firm>(firmPost, '/v1/quote/firm', body(A, B, tokenOn(A, 'USDC'), tokenOn(B, 'USDC'), parseUnits('500', 6)));
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      const q = quoted.body.data as Firm;
      const { quote } = decodeOpenCalldata(q.calldata);
      expect(quote.exclusiveFiller).toBe(B.relayer);
      await deposit(A, q, tokenOn(A, 'USDC'));
      const originData = fillOrderOf(quote, q.router_address).originData;
      const c = dev(B);
      const approval = await c.wallet(FILLER).writeContract({ address: tokenOn(B, 'USDC'), abi: erc20Abi, functionName: 'approve', args: [B.destinationSettler as Address, 10n ** 30n], account: devAccount(FILLER), chain: c.chain });
      await waitMined(c.publicClient, approval);
      // Inside the window (B's clock may already be past it: an earlier case moved it) the filler's fill reverts in words.
      const bNow = Number((await c.publicClient.getBlock()).timestamp);
      if (bNow < quote.exclusivityDeadline) {
        const early = await c.publicClient.simulateContract({ address: B.destinationSettler as Address, abi: destinationSettlerAbi, functionName: 'fill', args: [q.order_id, originData, '0x'], account: devAccount(FILLER).address })
          .then(() => 'filled', (error: unknown) => revertName(error));
        expect(early).toBe('NotExclusiveFiller');
        await c.publicClient.request({ method: 'evm_setNextBlockTimestamp' as never, params: [`0x${(quote.exclusivityDeadline + 1).toString(16)}`] as never });
        await c.publicClient.request({ method: 'evm_mine' as never, params: [] as never });
      }
      expect(Number((await c.publicClient.getBlock()).timestamp)).toBeGreaterThan(quote.exclusivityDeadline);
      return { q, originData };
    };
    const fill = async (orderId: Hex, originData: Hex, repayment: Address) => {
      const c = dev(B);
      const hash = await c.wallet(FILLER).writeContract({
        address: B.destinationSettler as Address, abi: destinationSettlerAbi, functionName: 'fill', args: [orderId, originData, encodeFillerData({ repayment })],
        account: devAccount(FILLER), chain: c.chain, gas: 1_000_000n,
      });
      const receipt = await waitMined(c.publicClient, hash);
      if (receipt.status !== 'success') {
        const why = await c.publicClient.call({ account: devAccount(FILLER).address, to: B.destinationSettler as Address, data: (await c.publicClient.getTransaction({ hash })).input, blockNumber: receipt.blockNumber - 1n })
          .then(() => 'no revert when replayed', (error: unknown) => revertName(error));
        throw new Error(`the fill reverted: ${why}`);
      }
      return hash;
    };
    afterEach(async () => {
      // Each case stops our relayer; the next one (and the rest of the file) starts from a running one.
      await relayer.stop();
      await startRelayer();
    });
    const settlements = (orderId: Hex) => dev(A).publicClient.getContractEvents({ address: A.swapRouter as Address, abi: swapRouterAbi, eventName: 'OrderSettled', args: { orderId }, fromBlock: 0n });
    const waitForAttestation = async (orderId: string) => {
      for (let i = 0; i < 100; i += 1) {
        const res = await attestationOf(orderId);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        if (res.body.data?.status !== 'pending') return res.body.data as OrderAttestation;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the attestation stayed pending');
    };

    it('with our relayer stopped: it settles itself with the public attestation, is paid once, and a forged order\'s fill is never repaid', async () => {
      const { q, originData } = await depositPastExclusivity();
      const repayment = privateKeyToAccount(generatePrivateKey()).address;
      // A forged copy (another recipient) is another order: the origin never opened it.
      const forged = encodeOriginData({ ...decodeOriginData(originData), recipient: privateKeyToAccount(generatePrivateKey()).address });
      await fill(keccak256(forged), forged, repayment);
      expect((await attestationOf(keccak256(forged))).status).toBe(404);
      expect(await attestationOf(q.order_id).then((r) => r.body.data?.status)).toBe('pending');
      const fillTx = await fill(q.order_id, originData, repayment);
      // Our relayer never saw the deposit: the status reads the fill from the destination and names who filled.
      const fillBlock = await dev(B).publicClient.getBlock({ blockNumber: (await dev(B).publicClient.getTransactionReceipt({ hash: fillTx })).blockNumber });
      expect(await waitForStatus(q.quote_id, ['filled'], 5_000)).toMatchObject({
        status: 'filled', filler: devAccount(FILLER).address, dst_tx_hash: fillTx, amount_out_actual: q.bridge.dst.amount, settle_tx_hash: null,
      });
      expect((await status(`quote_id=${q.quote_id}`)).body.data?.filled_at).toBe(Number(fillBlock.timestamp));
      const attested = await waitForAttestation(q.order_id);
      expect(attested).toMatchObject({ status: 'filled', filler: devAccount(FILLER).address, repayment, origin_settler: A.swapRouter, origin_chain_id: A.id });
      const c = dev(A);
      const hash = await c.wallet(FILLER).sendTransaction({ to: attested.origin_settler as Address, data: attested.calldata as Hex, account: devAccount(FILLER), chain: c.chain, gas: 500_000n });
      expect((await waitMined(c.publicClient, hash)).status).toBe('success');
      const paid = await balanceOf(A, tokenOn(A, 'USDC'), repayment);
      expect(paid).toBe(BigInt(q.bridge.src.amount));
      // Still without our relayer: the origin says settled.
      expect(await waitForStatus(q.quote_id, ['settled'], 5_000)).toMatchObject({ status: 'settled', filler: devAccount(FILLER).address, dst_tx_hash: fillTx });
      // Our relayer comes back: it records the fill and the settlement, and pays nobody again.
      await startRelayer();
      const settled = await waitForStatus(q.quote_id, ['settled']);
      expect(settled.status).toBe('settled');
      expect(await settlements(q.order_id)).toHaveLength(1);
      expect(await balanceOf(A, tokenOn(A, 'USDC'), repayment)).toBe(paid);
    });

    it('a filler killed after its fill, before settling, is still repaid: our relayer settles the fill to its repayment address', async () => {
      const { q, originData } = await depositPastExclusivity();
      const repayment = privateKeyToAccount(generatePrivateKey()).address;
      await fill(q.order_id, originData, repayment);
      await startRelayer();
      const settled = await waitForStatus(q.quote_id, ['settled']);
      expect(settled.status).toBe('settled');
      expect(await balanceOf(A, tokenOn(A, 'USDC'), repayment)).toBe(BigInt(q.bridge.src.amount));
      expect(await settlements(q.order_id)).toMatchObject([{ args: { relayer: repayment } }]);
      const [filledBy, , , recorded] = await dev(B).publicClient.readContract({ address: B.destinationSettler as Address, abi: destinationSettlerAbi, functionName: 'fills', args: [q.order_id] });
      expect([filledBy, recorded]).toEqual([devAccount(FILLER).address, repayment]);
      // The status and the orders feed say who filled.
      expect(settled.filler).toBe(devAccount(FILLER).address);
      const page = await call<CrossChainOrdersPage>(ordersGet, `/v1/crosschain/orders?status=settled&origin_chain_id=${A.id}&limit=5`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.data?.orders.find((o) => o.order_id === q.order_id)).toMatchObject({
        status: 'settled', filler: devAccount(FILLER).address, exclusive_filler: B.relayer, destination_settler: B.destinationSettler,
        origin_chain_id: A.id, destination_chain_id: B.id, input: { amount: q.bridge.src.amount }, output: { bridge_amount: q.bridge.dst.amount },
      });
    });

    it('the orders feed pages newest first, and its stream sends each order as it opens and changes', async () => {
      const ac = new AbortController();
      const res = await ordersStreamGet(new Request('http://test/v1/crosschain/orders/stream', { signal: ac.signal }));
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const seen: CrossChainOrderDTO[] = [];
      let buffer = '';
      // One read stays pending across the waits: a read abandoned when the wait ran out would swallow its chunk.
      let pending: ReturnType<typeof reader.read> | undefined;
      const readUntil = async (done: () => boolean, timeoutMs = 30_000) => {
        const deadline = Date.now() + timeoutMs;
        while (!done() && Date.now() < deadline) {
          pending ??= reader.read();
          const chunk = await Promise.race([pending, new Promise<undefined>((r) => setTimeout(r, 500))]);
          if (!chunk) continue;
          pending = undefined;
          if (chunk.done) continue;
          buffer += new TextDecoder().decode(chunk.value);
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (block.includes('event: order') && data) seen.push(JSON.parse(data.slice(6)) as CrossChainOrderDTO);
          }
        }
      };
      const ORDER = ['open', 'filled', 'settled'];
      try {
        const quoted = await post<Firm>(firmPost, '/v1/quote/firm', body(A, B, tokenOn(A, 'USDC'), tokenOn(B, 'USDC'), parseUnits('200', 6)));
        const q = quoted.body.data as Firm;
        await deposit(A, q, tokenOn(A, 'USDC'));
        await readUntil(() => seen.some((o) => o.order_id === q.order_id && o.status === 'settled'));
        const mine = seen.filter((o) => o.order_id === q.order_id);
        expect(mine.at(-1)).toMatchObject({ status: 'settled', filler: B.relayer, exclusive_filler: B.relayer });
        const steps = mine.map((o) => ORDER.indexOf(o.status));
        expect(steps).toEqual([...steps].sort((x, y) => x - y));
        // Paging one order at a time: newest first (open time, then id), each order once, ours among the newest.
        const walked: CrossChainOrderDTO[] = [];
        let cursor = '';
        for (let page = 0; page < 4; page += 1) {
          const res = await call<CrossChainOrdersPage>(ordersGet, `/v1/crosschain/orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          walked.push(...(res.body.data?.orders ?? []));
          cursor = res.body.data?.next_cursor ?? '';
          if (!cursor) break;
        }
        expect(walked.length).toBeGreaterThan(1);
        expect(new Set(walked.map((o) => o.order_id)).size).toBe(walked.length);
        const keys = walked.map((o) => `${o.opened_at}.${o.order_id}`);
        expect(keys).toEqual([...keys].sort((x, y) => (x < y ? 1 : -1)));
        // Ours was opened last: only an order opened in the same second can come before it.
        const ours = walked.find((o) => o.order_id === q.order_id);
        expect(ours?.opened_at).toBe(walked[0]?.opened_at);
        const bad = await call(ordersGet, '/v1/crosschain/orders?status=opened');
        expect(bad.status).toBe(400);
        expect(bad.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'status' });
      } finally {
        ac.abort();
        await reader.cancel().catch(() => undefined);
      }
    });
  });

  it('relayer stopped: the fill deadline passes on the destination → expired; the relayer returns → refunded, the escrow back on the source', async () => {
    await relayer.stop();
    const usdcA = tokenOn(A, 'USDC');
    const amount = parseUnits('1000', 6);
    const quoted = await post<Firm>(firmPost, '/v1/quote/firm', body(A, B, usdcA, tokenOn(B, 'USDC'), amount));
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const q = quoted.body.data as Firm;
    const sender = devAccount(SENDER).address;
    const before = await balanceOf(A, usdcA, sender);
    const hash = await deposit(A, q, usdcA);
    // Only the destination's clock moves past the fill deadline.
    const head = await dev(B).publicClient.getBlock();
    await dev(B).publicClient.request({ method: 'evm_setNextBlockTimestamp' as never, params: [`0x${(q.fill_deadline + 1).toString(16)}`] as never });
    await dev(B).publicClient.request({ method: 'evm_mine' as never, params: [] as never });
    expect((await dev(B).publicClient.getBlock()).timestamp).toBeGreaterThan(head.timestamp);
    const expired = await waitForStatus(q.quote_id, ['expired']);
    expect(expired).toMatchObject({ status: 'expired', src_tx_hash: hash, dst_tx_hash: null });

    await startRelayer();
    const refunded = await waitForStatus(q.quote_id, ['refunded']);
    expect(refunded.status).toBe('refunded');
    expect(refunded.refund_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const escrow = BigInt(refunded.escrow?.amount ?? '0');
    expect(escrow).toBe(BigInt(q.bridge.src.amount));
    // Everything the trader paid comes back, the service fee included (USDC in needs no swap: the escrow is the
    // input less the fee, and the fee was held beside it).
    expect(await balanceOf(A, usdcA, sender)).toBe(before);
  });

  describe('the destination pool moved past the slippage after the deposit', () => {
    type Hop = { token_in: Address; token_out: Address };
    /** The token path of each destination leg of `q`, with the bridge asset it takes. */
    const dstPaths = (q: Firm) => q.route.filter((leg) => leg.chain_id === B.id).map((leg) => {
      const hops = leg.hops as Hop[];
      return { amountIn: BigInt(leg.amount_in), path: [hops[0]?.token_in ?? zeroAddress, ...hops.map((h) => h.token_out)] };
    });
    /** What the order's destination legs give in ETH at B's pools now. */
    const ethOnB = async (q: Firm) => {
      let sum = 0n;
      for (const { amountIn, path } of dstPaths(q)) {
        sum += (await dev(B).publicClient.readContract({ address: B.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [amountIn, path] })).at(-1) ?? 0n;
      }
      return sum;
    };
    /** Someone else (account #6) sells USDC for ETH along the order's destination paths, `step` at a time, until they give at most `target`. */
    const moveB = async (q: Firm, target: bigint, step: bigint) => {
      const c = dev(B);
      const account = devAccount(6);
      const write = async (address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[]) => {
        const hash = await c.wallet(6).writeContract({ address, abi, functionName, args, account, chain: c.chain, gas: 600_000n } as never);
        expect((await waitMined(c.publicClient, hash)).status).toBe('success');
      };
      const usdcB = tokenOn(B, 'USDC');
      await write(usdcB, [{ type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ type: 'address', name: 'to' }, { type: 'uint256', name: 'amount' }], outputs: [] }], 'mint', [account.address, 10n ** 15n]);
      await write(usdcB, erc20Abi, 'approve', [B.router02, 10n ** 15n]);
      for (let i = 0; i < 80 && (await ethOnB(q)) > target; i += 1) {
        const deadline = (await c.publicClient.getBlock()).timestamp + 600n;
        for (const { path } of dstPaths(q)) await write(B.router02, uniswapV2Router02Abi, 'swapExactTokensForETH', [step, 0n, path, account.address, deadline]);
      }
      expect(await ethOnB(q)).toBeLessThanOrEqual(target);
    };
    /** A firm USDC (A) → ETH (B) quote at 0.5 % slippage, deposited while the relayer is stopped. */
    const depositWhileStopped = async () => {
      await relayer.stop();
      const usdcA = tokenOn(A, 'USDC');
      const quoted = await post<Firm>(firmPost, '/v1/quote/firm', body(A, B, usdcA, zeroAddress, parseUnits('2500', 6), { slippage: 0.5, expiry_time_sec: 900, excluded_sources: ONLY_V2 }));
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      const q = quoted.body.data as Firm;
      const sender = devAccount(SENDER).address;
      const before = await balanceOf(A, usdcA, sender);
      await deposit(A, q, usdcA);
      return { q, before, payout: BigInt(q.bridge.dst.amount) };
    };

    it('by less than the relayer\'s fee plus its margin: delivered with bridge asset of its own, at least min_amount_out, and the status says so', async () => {
      const { q, payout } = await depositWhileStopped();
      // 0.8 % against a 0.5 % slippage: the swap as quoted gives less than min_amount_out.
      await moveB(q, (BigInt(q.amount_out) * 992n) / 1_000n, parseUnits('1000', 6));
      expect(await ethOnB(q)).toBeLessThan(BigInt(q.min_amount_out));
      const recipient = devAccount(RECIPIENT).address;
      const before = await balanceOf(B, zeroAddress, recipient);
      await startRelayer();
      const done = await waitForStatus(q.quote_id, ['filled', 'settled']);
      expect(done).toMatchObject({ delayed: false, delay_reason: null, refund_possible_at: null });
      const received = (await balanceOf(B, zeroAddress, recipient)) - before;
      expect(received).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
      expect(done.amount_out_actual).toBe(received.toString());
      const topUp = BigInt(done.relayer_top_up ?? '0');
      expect(topUp).toBeGreaterThan(0n);
      // Within its fee plus its 0.5 % margin on the payout.
      expect(topUp).toBeLessThanOrEqual(BigInt(q.relayer_fee.amount) + (payout * 50n) / 10_000n);
    });

    it('by more than that: the order waits saying why and when its refund becomes possible, then is refunded in full, the service fee included', async () => {
      const { q, before } = await depositWhileStopped();
      expect(BigInt(q.fee_amount)).toBeGreaterThan(0n);
      await moveB(q, (BigInt(q.amount_out) * 95n) / 100n, parseUnits('10000', 6));
      await startRelayer();
      const delayed = await (async () => {
        for (let i = 0; i < 300; i += 1) {
          const s = (await status(`quote_id=${q.quote_id}`)).body.data;
          if (s?.delayed) return s;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`the status never said delayed: ${JSON.stringify((await status(`quote_id=${q.quote_id}`)).body)}`);
      })();
      expect(delayed).toMatchObject({
        status: 'deposited', delayed: true, refund_possible_at: q.fill_deadline + 1, refund_permissionless_at: q.fill_deadline + 86_400 + 1, relayer_top_up: null,
      });
      expect(delayed.delay_reason).toMatch(/InsufficientOutput/);
      expect(delayed.delay_reason).toMatch(/even with .* added/);
      // The destination clock passes the fill deadline; the relayer has the refund attested and sent.
      await dev(B).publicClient.request({ method: 'evm_setNextBlockTimestamp' as never, params: [`0x${(q.fill_deadline + 1).toString(16)}`] as never });
      await dev(B).publicClient.request({ method: 'evm_mine' as never, params: [] as never });
      const refunded = await waitForStatus(q.quote_id, ['refunded']);
      expect(refunded).toMatchObject({ status: 'refunded', delayed: false, dst_tx_hash: null, refund_possible_at: null });
      expect(refunded.delay_reason).toMatch(/InsufficientOutput/);
      // Balance as before the deposit: the escrow and the service fee held beside it both came back.
      expect(await balanceOf(A, tokenOn(A, 'USDC'), devAccount(SENDER).address)).toBe(before);
    });
  });

  describe('the trader\'s slippage covers the whole route', () => {
    const rpc = (chain: ChainConfig, method: string, params: unknown[] = []) => dev(chain).publicClient.request({ method: method as never, params: params as never });
    /** Someone else sells `wei` of ETH for USDC on A's WETH/USDC pool first (account #6, not the trader). */
    const sellEth = async (wei: bigint) => {
      const c = dev(A);
      const deadline = (await c.publicClient.getBlock()).timestamp + 600n;
      const hash = await c.wallet(6).writeContract({
        address: A.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactETHForTokens', args: [0n, [A.weth, tokenOn(A, 'USDC')], devAccount(6).address, deadline],
        // A fixed limit: an estimate made at the reverted-to block's time can miss the pair's price-accumulator writes.
        value: wei, account: devAccount(6), chain: c.chain, gas: 300_000n,
      });
      // Asked by hash: viem's receipt wait remembers a block number that an evm_revert of opensAfter may have undone.
      expect((await waitMined(c.publicClient, hash)).status).toBe('success');
    };
    /**
     * Whether the firm quote's deposit would go through after a sale of `wei` (tried on a snapshot, then undone): false
     * only when it would revert for too small an escrow; any other failure (a loaded machine's timeout) is thrown.
     */
    const opensAfter = async (q: Firm, wei: bigint) => {
      const snapshot = await rpc(A, 'evm_snapshot');
      try {
        await sellEth(wei);
        await dev(A).publicClient.call({ account: devAccount(SENDER).address, to: q.router_address, data: q.calldata, value: BigInt(q.value) });
        return true;
      } catch (error: unknown) {
        if (revertName(error) === 'InsufficientBridgeAmount') return false;
        throw error;
      } finally {
        await rpc(A, 'evm_revert', [snapshot]);
      }
    };
    /** The largest sale before the deposit after which it still opens (to 0.002 ETH). */
    const largestSale = async (q: Firm) => {
      let [lo, hi] = [0n, parseUnits('100', 18)];
      while (hi - lo > 2n * 10n ** 15n) {
        const mid = (lo + hi) / 2n;
        if (await opensAfter(q, mid)) lo = mid;
        else hi = mid;
      }
      return lo;
    };
    const firm = async () => {
      const quoted = await post<Firm>(firmPost, '/v1/quote/firm', body(A, B, zeroAddress, tokenOn(B, 'USDC'), parseUnits('5', 18), { slippage: 0.5, expiry_time_sec: 900, excluded_sources: ONLY_V2 }));
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      return quoted.body.data as Firm;
    };

    it('the source pool moved just inside the slippage (far past the relayer\'s fee): the deposit fills and the recipient gets at least min_amount_out', async () => {
      const q = await firm();
      const sale = await largestSale(q);
      await sellEth(sale);
      // The source leg now escrows 0.4 % and more below the quote: the relayer's fee alone is about 0.12 %.
      const escrowNow = (await dev(A).publicClient.readContract({
        address: A.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [BigInt(q.amount_in) - (BigInt(q.amount_in) * 20n) / 10_000n, [A.weth, tokenOn(A, 'USDC')]],
      })).at(-1) ?? 0n;
      expect(escrowNow * 10_000n).toBeLessThan(BigInt(q.bridge.src.amount) * 9_960n);
      const recipient = devAccount(RECIPIENT).address;
      const before = await balanceOf(B, tokenOn(B, 'USDC'), recipient);
      await deposit(A, q, zeroAddress);
      const done = await waitForStatus(q.quote_id, ['filled', 'settled']);
      expect(['filled', 'settled']).toContain(done.status);
      const received = (await balanceOf(B, tokenOn(B, 'USDC'), recipient)) - before;
      expect(received).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
      expect(received).toBeLessThan(BigInt(q.amount_out));
    });

    it('the source pool moved just outside the slippage: the deposit reverts and the trader loses nothing but gas', async () => {
      const q = await firm();
      const sale = await largestSale(q);
      expect(sale).toBeGreaterThan(parseUnits('1', 18));
      expect(await opensAfter(q, sale + 4n * 10n ** 15n)).toBe(false);
      await sellEth(sale + 4n * 10n ** 15n);
      const c = dev(A);
      const sender = devAccount(SENDER).address;
      const before = await c.publicClient.getBalance({ address: sender });
      const hash = await c.wallet(SENDER).sendTransaction({ to: q.router_address, data: q.calldata, value: BigInt(q.value), gas: OPEN_GAS, account: devAccount(SENDER), chain: c.chain });
      const receipt = await waitMined(c.publicClient, hash);
      expect(receipt.status).toBe('reverted');
      expect(await c.publicClient.getBalance({ address: sender })).toBe(before - receipt.gasUsed * receipt.effectiveGasPrice);
      expect((await status(`quote_id=${q.quote_id}`)).body.data?.status).toBe('issued');
    });
  });
});
