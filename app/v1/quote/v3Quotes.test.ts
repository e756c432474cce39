// On a devnet with Uniswap V3 pools beside V2 pairs (some pairs on both at different prices, some on two V3 fee tiers,
// some on V3 only): firm quotes route over V3 hops, their calldata names each hop's pool by fee tier, and executed
// through SwapRouter they pay exactly amount_out when nothing else trades in between; excluded_sources is honoured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { getAddress, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { weth9Abi } from '@/contracts/generated/weth9';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { quoteSignerAccount } from '@/lib/contracts/quoteSigner';
import { decodeSwapCalldata } from '@/lib/contracts/swapRouterQuote';
import { addV3Liquidity } from '@/lib/devnet/addV3Liquidity';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { deploySwapRouter } from '@/lib/devnet/deploySwapRouter';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { stopFollowers } from '@/lib/chainstate/quoteFollowers';
import { useTempDataDir } from '@/test/tempDataDir';
import { POST as firmPost } from './firm/route';

const CHAIN_ID = 31337;
const SENDER = 1;
const RECIPIENT = 2;
const FEE_RECIPIENT = 9;
const SWAP_GAS = 5_000_000n;

type Hop = { pool: string; token_in: string; token_out: string; source: string; fee_ppm: number };
type Leg = { amount_in: string; amount_out: string; hops: Hop[] };
type FirmData = { calldata: Hex; router_address: Address; value: string; amount_in: string; amount_out: string; fee_amount: string; min_amount_out: string; route: Leg[] };
type Envelope<T> = { data: T | null; error?: { type: string; message: string } };

describe('firm quotes over Uniswap V3 pools', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let anvil: Anvil;
  let c: DevClients;
  let stack: UniswapStack;
  let token: string;
  let tokens: { address: Address; usd: number; decimals: number }[] = [];
  const seen = { v3Hops: 0, v2Hops: 0, mixedLegs: 0, mixedRoutes: 0 };

  beforeAll(async () => {
    tmp = useTempDataDir({ RPC_TIMEOUT_MS: '1000', QUOTE_POLL_MS: '100', QUOTE_STALE_MS: '4000', FEE_BPS: '20', RATE_LIMIT_QUOTE_PER_MIN: '1000000' });
    anvil = await startAnvil({ chainId: CHAIN_ID });
    c = devClients(CHAIN_ID, anvil.rpcUrl);
    stack = await deployUniswap(c);
    const usdc = getAddress(await deployToken(c, 'USD Coin', 'USDC', 6));
    const dai = getAddress(await deployToken(c, 'Dai', 'DAI', 18));
    const wbtc = getAddress(await deployToken(c, 'Wrapped BTC', 'WBTC', 8));
    const router = getAddress(await deploySwapRouter(c, {
      factory: stack.factory, v3Factory: stack.v3Factory, weth: stack.weth, owner: devAccount(0).address, quoteSigner: quoteSignerAccount().address, feeRecipient: devAccount(FEE_RECIPIENT).address,
    }));
    for (const t of [usdc, dai, wbtc]) {
      await mint(c, t, devAccount(0).address, 10n ** 36n);
      await approve(c, 0, t, stack.router02);
      await mint(c, t, devAccount(SENDER).address, 10n ** 32n);
      await approve(c, SENDER, t, router);
    }
    await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [devAccount(0).address, `0x${(10n ** 26n).toString(16)}`] as never });
    const weth = stack.weth;
    // V2: WETH-USDC, WETH-DAI, DAI-USDC.
    await addLiquidity(c, stack, 0, weth, parseUnits('100', 18), usdc, parseUnits('300000', 6));
    await addLiquidity(c, stack, 0, weth, parseUnits('100', 18), dai, parseUnits('300000', 18));
    await addLiquidity(c, stack, 0, dai, parseUnits('300000', 18), usdc, parseUnits('300000', 6));
    // V3, narrow ranges and wide ones: WETH-USDC on two tiers at slightly different prices, WBTC-USDC and WBTC-WETH only on V3.
    const wrap = await c.wallet(0).writeContract({ address: weth, abi: weth9Abi, functionName: 'deposit', value: parseUnits('1000', 18), account: devAccount(0), chain: c.chain });
    await c.publicClient.waitForTransactionReceipt({ hash: wrap, pollingInterval: POLLING_MS });
    const v3 = async (a: Address, b: Address, fee: 500 | 3000 | 10000 | 100, price: number, amountA: bigint, amountB: bigint) => {
      await addV3Liquidity(c, stack, 0, { tokenA: a, tokenB: b, fee, price }, { lower: 0, upper: Infinity, amountA, amountB });
      await addV3Liquidity(c, stack, 0, { tokenA: a, tokenB: b, fee, price }, { lower: 0.98, upper: 1.02, amountA: amountA * 2n, amountB: amountB * 2n });
    };
    await v3(weth, usdc, 500, 3006e-12, parseUnits('60', 18), parseUnits('180000', 6));
    await v3(weth, usdc, 3000, 2994e-12, parseUnits('40', 18), parseUnits('120000', 6));
    await v3(wbtc, usdc, 3000, 600, parseUnits('5', 8), parseUnits('300000', 6));
    await v3(wbtc, weth, 500, 2e11, parseUnits('3', 8), parseUnits('60', 18));
    await v3(dai, usdc, 100, 1.0005e-12, parseUnits('200000', 18), parseUnits('200000', 6));
    tokens = [
      { address: zeroAddress, usd: 3000, decimals: 18 },
      { address: usdc, usd: 1, decimals: 6 },
      { address: dai, usd: 1, decimals: 18 },
      { address: wbtc, usd: 60_000, decimals: 8 },
    ];
    writeFileSync(path.join(tmp.dir, 'chains.json'), JSON.stringify({ chains: [{
      id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', factory: stack.factory, router02: stack.router02,
      weth, v3Factory: stack.v3Factory, v3Quoter: stack.quoterV2, swapRouter: router, stablecoins: [usdc], blockTimeSec: 1, startBlock: stack.startBlock,
      tokens: [
        { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
        { address: dai, symbol: 'DAI', name: 'Dai', decimals: 18 },
        { address: wbtc, symbol: 'WBTC', name: 'Wrapped BTC', decimals: 8 },
      ],
    }] }));
    token = (await signAccessToken({ sub: 'v3-tests', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 })).access_token;
  }, 240_000);

  afterAll(async () => {
    stopFollowers();
    await anvil?.stop();
    tmp?.cleanup();
  });

  const firm = async (body: unknown) => {
    await new Promise((resolve) => setImmediate(resolve));
    const res = await firmPost(new Request('http://test/v1/quote/firm', {
      method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    }));
    return { status: res.status, body: (await res.json()) as Envelope<FirmData> };
  };
  const balanceOf = (t: Address, who: Address) =>
    t === zeroAddress ? c.publicClient.getBalance({ address: who }) : c.publicClient.readContract({ address: t, abi: testERC20Abi, functionName: 'balanceOf', args: [who] });

  /** Quotes, checks the calldata against the route, executes it and returns the route; the recipient gets exactly amount_out. */
  async function quoteAndExecute(tokenIn: (typeof tokens)[number], tokenOut: (typeof tokens)[number], usd: number, excluded?: string[]): Promise<Leg[]> {
    const amountIn = parseUnits((usd / tokenIn.usd).toFixed(Math.min(tokenIn.decimals, 8)), tokenIn.decimals);
    const res = await firm({
      src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, token_in: tokenIn.address, token_out: tokenOut.address, amount_in: amountIn.toString(),
      from_address: devAccount(SENDER).address, to_address: devAccount(RECIPIENT).address, slippage: 0.5, expiry_time_sec: 120,
      ...(excluded ? { excluded_sources: excluded } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.data as FirmData;
    // The signed legs name each hop's pool exactly as the route says: 0 for a V2 pair, the fee tier for a V3 pool.
    const { quote } = decodeSwapCalldata(q.calldata);
    expect(quote.legs.map((l) => [l.amountIn, l.path, l.fees ?? l.path.slice(1).map(() => 0)])).toEqual(
      q.route.map((l) => [
        BigInt(l.amount_in),
        [getAddress(l.hops[0]?.token_in ?? ''), ...l.hops.map((h) => getAddress(h.token_out))],
        l.hops.map((h) => (h.source === 'uniswap_v3' ? h.fee_ppm : 0)),
      ]),
    );
    const to = devAccount(RECIPIENT).address;
    const before = await balanceOf(tokenOut.address, to);
    const hash = await c.wallet(SENDER).sendTransaction({ to: q.router_address, data: q.calldata, value: BigInt(q.value), gas: SWAP_GAS, account: devAccount(SENDER), chain: c.chain });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    expect(receipt.status).toBe('success');
    const received = (await balanceOf(tokenOut.address, to)) - before;
    expect(received).toBe(BigInt(q.amount_out));
    expect(received >= BigInt(q.min_amount_out)).toBe(true);
    return q.route;
  }

  it('random firm quotes over V2 and V3 pools (split, mixed hops, native ends) pay exactly amount_out', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 500, max: 300_000 }), async (i, o, usd) => {
        fc.pre(i !== o);
        const route = await quoteAndExecute(tokens[i] as (typeof tokens)[number], tokens[o] as (typeof tokens)[number], usd);
        const sources = route.flatMap((l) => l.hops.map((h) => h.source));
        seen.v3Hops += sources.filter((s) => s === 'uniswap_v3').length;
        seen.v2Hops += sources.filter((s) => s === 'uniswap_v2').length;
        if (route.some((l) => new Set(l.hops.map((h) => h.source)).size > 1)) seen.mixedLegs++;
        if (new Set(sources).size > 1) seen.mixedRoutes++;
      }),
      { numRuns: 24 },
    );
    console.log(`V3 firm quotes executed: ${seen.v3Hops} V3 hops, ${seen.v2Hops} V2 hops, ${seen.mixedRoutes} routes over both sources, ${seen.mixedLegs} with both in one leg`);
    expect(seen.v3Hops).toBeGreaterThan(10);
    expect(seen.mixedRoutes).toBeGreaterThan(0);
  }, 600_000);

  it('excluded_sources is honoured: V2 only, or V3 only, and either executes exactly', async () => {
    const [eth, usdc, , wbtc] = tokens as [(typeof tokens)[number], (typeof tokens)[number], (typeof tokens)[number], (typeof tokens)[number]];
    const v2Only = await quoteAndExecute(eth, usdc, 20_000, ['uniswap_v3']);
    expect(new Set(v2Only.flatMap((l) => l.hops.map((h) => h.source)))).toEqual(new Set(['uniswap_v2']));
    const v3Only = await quoteAndExecute(eth, usdc, 20_000, ['uniswap_v2']);
    expect(new Set(v3Only.flatMap((l) => l.hops.map((h) => h.source)))).toEqual(new Set(['uniswap_v3']));
    // WBTC trades only on V3: without V3 there is no route at all.
    const res = await firm({
      src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, token_in: wbtc.address, token_out: usdc.address, amount_in: '10000000',
      from_address: devAccount(SENDER).address, to_address: devAccount(RECIPIENT).address, slippage: 0.5, expiry_time_sec: 120, excluded_sources: ['uniswap_v3'],
    });
    expect(res.status).toBe(422);
    expect(res.body.error?.type).toBe('NO_ROUTE');
  }, 120_000);
});
