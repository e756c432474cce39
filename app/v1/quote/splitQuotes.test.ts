// On a devnet with parallel and overlapping paths: random large firm quotes split over several legs, executed
// through SwapRouter, pay exactly the quoted amount_out when nothing else trades in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { getAddress, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { quoteSignerAccount } from '@/lib/contracts/quoteSigner';
import { decodeSwapCalldata } from '@/lib/contracts/swapRouterQuote';
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
/** Four legs of three hops each, plus the fee and the wrap: generous, fixed (estimates miss the accumulator writes). */
const SPLIT_SWAP_GAS = 4_000_000n;

type Leg = { chain_id: number; share_bps: number; amount_in: string; amount_out: string; hops: { pool: string; token_in: string; token_out: string }[] };
type FirmData = { calldata: Hex; router_address: Address; value: string; amount_in: string; amount_out: string; fee_amount: string; min_amount_out: string; route: Leg[] };
type Envelope<T> = { data: T | null; error?: { type: string } };

describe('split quotes on a devnet', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let anvil: Anvil;
  let c: DevClients;
  let stack: UniswapStack;
  let token: string;
  /** Tokens a trader picks: the native coin and three ERC20s, with a USD price per whole unit and decimals. */
  let tokens: { address: Address; usd: number; decimals: number }[] = [];

  beforeAll(async () => {
    tmp = useTempDataDir({ RPC_TIMEOUT_MS: '1000', QUOTE_POLL_MS: '100', QUOTE_STALE_MS: '4000', FEE_BPS: '20', RATE_LIMIT_QUOTE_PER_MIN: '1000000' });
    anvil = await startAnvil({ chainId: CHAIN_ID });
    c = devClients(CHAIN_ID, anvil.rpcUrl);
    stack = await deployUniswap(c);
    const usdc = getAddress(await deployToken(c, 'USD Coin', 'USDC', 6));
    const dai = getAddress(await deployToken(c, 'Dai', 'DAI', 18));
    const wbtc = getAddress(await deployToken(c, 'Wrapped BTC', 'WBTC', 8));
    const router = getAddress(await deploySwapRouter(c, {
      factory: stack.factory, weth: stack.weth, owner: devAccount(0).address, quoteSigner: quoteSignerAccount().address, feeRecipient: devAccount(FEE_RECIPIENT).address,
    }));
    for (const t of [usdc, dai, wbtc]) {
      await mint(c, t, devAccount(0).address, 10n ** 36n);
      await approve(c, 0, t, stack.router02);
      await mint(c, t, devAccount(SENDER).address, 10n ** 32n);
      await approve(c, SENDER, t, router);
    }
    // Every pair of the four pool tokens has a pool: paths of 1–3 hops run in parallel and overlap.
    const weth = stack.weth;
    await addLiquidity(c, stack, 0, weth, parseUnits('200', 18), usdc, parseUnits('600000', 6));
    await addLiquidity(c, stack, 0, weth, parseUnits('100', 18), dai, parseUnits('300000', 18));
    await addLiquidity(c, stack, 0, weth, parseUnits('100', 18), wbtc, parseUnits('5', 8));
    await addLiquidity(c, stack, 0, dai, parseUnits('500000', 18), usdc, parseUnits('500000', 6));
    await addLiquidity(c, stack, 0, wbtc, parseUnits('10', 8), usdc, parseUnits('600000', 6));
    await addLiquidity(c, stack, 0, wbtc, parseUnits('4', 8), dai, parseUnits('240000', 18));
    tokens = [
      { address: zeroAddress, usd: 3000, decimals: 18 },
      { address: usdc, usd: 1, decimals: 6 },
      { address: dai, usd: 1, decimals: 18 },
      { address: wbtc, usd: 60_000, decimals: 8 },
    ];
    writeFileSync(path.join(tmp.dir, 'chains.json'), JSON.stringify({ chains: [{
      id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', factory: stack.factory, router02: stack.router02,
      weth, swapRouter: router, stablecoins: [usdc], blockTimeSec: 1,
      tokens: [
        { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
        { address: dai, symbol: 'DAI', name: 'Dai', decimals: 18 },
        { address: wbtc, symbol: 'WBTC', name: 'Wrapped BTC', decimals: 8 },
      ],
    }] }));
    token = (await signAccessToken({ sub: 'split-tests', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 })).access_token;
  });

  afterAll(async () => {
    stopFollowers();
    await anvil?.stop();
    tmp?.cleanup();
  });

  const firm = async (body: unknown) => {
    // A real socket turns the event loop between requests; in-process calls must too, or the follower's timers starve.
    await new Promise((resolve) => setImmediate(resolve));
    const res = await firmPost(new Request('http://test/v1/quote/firm', {
      method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    }));
    return { status: res.status, body: (await res.json()) as Envelope<FirmData> };
  };
  const balanceOf = (t: Address, who: Address) =>
    t === zeroAddress ? c.publicClient.getBalance({ address: who }) : c.publicClient.readContract({ address: t, abi: testERC20Abi, functionName: 'balanceOf', args: [who] });

  it('random split quotes (native and token in and out, 2–4 legs, shared pools) pay exactly amount_out', async () => {
    const seen = { legs: [] as number[], sharedPool: 0 };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 3_000, max: 400_000 }), async (i, o, usd) => {
        fc.pre(i !== o);
        const tokenIn = tokens[i] as (typeof tokens)[number];
        const tokenOut = tokens[o] as (typeof tokens)[number];
        const amountIn = parseUnits((usd / tokenIn.usd).toFixed(tokenIn.decimals > 8 ? 8 : tokenIn.decimals), tokenIn.decimals);
        const res = await firm({
          src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, token_in: tokenIn.address, token_out: tokenOut.address, amount_in: amountIn.toString(),
          from_address: devAccount(SENDER).address, to_address: devAccount(RECIPIENT).address, slippage: 0.5, expiry_time_sec: 120,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const q = res.body.data as FirmData;
        const legs = q.route;
        expect(legs.reduce((s, l) => s + BigInt(l.amount_in), 0n)).toBe(BigInt(q.amount_in) - BigInt(q.fee_amount));
        expect(legs.reduce((s, l) => s + BigInt(l.amount_out), 0n)).toBe(BigInt(q.amount_out));
        expect(legs.reduce((s, l) => s + l.share_bps, 0)).toBe(10_000);
        // The signed quote carries exactly these legs, in this order.
        const { quote } = decodeSwapCalldata(q.calldata);
        expect(quote.legs.map((l) => [l.amountIn, l.path])).toEqual(
          legs.map((l) => [BigInt(l.amount_in), [getAddress(l.hops[0]?.token_in ?? ''), ...l.hops.map((h) => getAddress(h.token_out))]]),
        );
        seen.legs.push(legs.length);
        const pools = legs.flatMap((l) => l.hops.map((h) => h.pool));
        if (new Set(pools).size < pools.length) seen.sharedPool++;

        const to = devAccount(RECIPIENT).address;
        const before = await balanceOf(tokenOut.address, to);
        const hash = await c.wallet(SENDER).sendTransaction({
          to: q.router_address, data: q.calldata, value: BigInt(q.value), gas: SPLIT_SWAP_GAS, account: devAccount(SENDER), chain: c.chain,
        });
        const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
        expect(receipt.status).toBe('success');
        expect((await balanceOf(tokenOut.address, to)) - before).toBe(BigInt(q.amount_out));
      }),
      { numRuns: 24 },
    );
    // The sizes above make most orders split; the run must have exercised several legs and a pool shared by two legs.
    expect(Math.max(...seen.legs)).toBeGreaterThanOrEqual(3);
    expect(seen.legs.filter((n) => n >= 2).length).toBeGreaterThanOrEqual(6);
    expect(seen.sharedPool).toBeGreaterThan(0);
  });
});
