// End to end across two devnet chains: cross-chain quotes through the route handlers with a real JWT, deposits sent
// with viem on the source chain, the relayer (in this process) filling on the destination and settling or refunding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, getAddress, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { loadChains } from '@/lib/chains/loadChains';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { signAttestation } from '@/lib/contracts/attestation';
import { decodeOpenCalldata, fillOrderOf } from '@/lib/contracts/crossChainQuote';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { crosschainDb } from '@/lib/crosschain/crosschainDb';
import { readyDb } from '@/lib/db/getDb';
import { devAccount, devClients, POLLING_MS, type DevClients } from '@/lib/devnet/deployUniswap';
import { startDevnet, type Devnet } from '@/lib/devnet/startDevnet';
import { stopFollowers } from '@/lib/quote/quoteFollowers';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { createRelayer, type Relayer } from '@/lib/relayer/createRelayer';
import { useTempDataDir } from '@/test/tempDataDir';
import { POST as firmPost } from './firm/route';
import { POST as indicativePost } from './indicative/route';
import { GET as statusGet } from './status/route';

const SENDER = 1;
const RECIPIENT = 2;
const OPEN_GAS = 1_500_000n;

type Envelope<T> = { code: number; msg: string; data: T | null; error?: { type: string; field?: string } };
type Leg = { chain_id: number; share_bps: number; amount_in: string; amount_out: string; hops: unknown[] };
type ChainAmount = { chain_id: number; token: string; amount: string };
type Quote = {
  amount_in: string; amount_out: string; fee_amount: string; route: Leg[]; estimated_fill_time_sec: number;
  relayer_fee: ChainAmount; bridge: { src: ChainAmount & { min_amount?: string }; dst: ChainAmount };
};
type Firm = Quote & {
  quote_id: Hex; calldata: Hex; router_address: Address; value: string; allowance_target: Address | null; min_amount_out: string;
  order_id: Hex; fill_deadline: number; deadline: number;
};
type Status = {
  quote_id: string; status: string; src_tx_hash: string | null; dst_tx_hash: string | null; amount_out_actual: string | null;
  order_id?: string; fill_deadline?: number; refund_tx_hash?: string | null; escrow?: ChainAmount | null;
};

describe('cross-chain quotes end to end on two devnets', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let devnet: Devnet;
  let relayer: Relayer;
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
      await c.publicClient.waitForTransactionReceipt({ hash: approval, pollingInterval: POLLING_MS });
    }
    const hash = await c.wallet(SENDER).sendTransaction({ to: q.router_address, data: q.calldata, value: BigInt(q.value), gas: OPEN_GAS, account, chain: c.chain });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    expect(receipt.status).toBe('success');
    return hash;
  };
  const startRelayer = async () => {
    const attester = attesterAccount();
    relayer = createRelayer({
      db: await crosschainDb(), chains: () => loadChains(), account: relayerAccount(), attest: (input) => signAttestation(input, attester),
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
    await startRelayer();
  });

  afterAll(async () => {
    await relayer?.stop();
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

  it('refuses a token that is not on the destination chain (400 naming token_out) and an amount above the relayer inventory (422), storing nothing', async () => {
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
    // Everything but the service fee comes back (USDC in needs no swap, so the escrow is the input less the fee).
    expect(await balanceOf(A, usdcA, sender)).toBe(before - (amount * 20n) / 10_000n);
  });
});
