// The stream hub against a real Uniswap V2 deployment and a real chain follower: one route search per distinct input
// per block, none for a block that moved no pool the search reads, and a new answer when a pool on a path the route
// does not use moves and makes that path the better one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseUnits, type Address } from 'viem';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import type { IndicativeQuote, IndicativeQuoteRequest } from '@/lib/api/schemas/quote';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { ChainFollower } from '@/lib/chainstate/chainFollower';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { useTempDataDir } from '@/test/tempDataDir';
import { QuoteStreamHub, type Priced } from './quoteStreamHub';
import { until } from '@/test/until';

const CHAIN_ID = 31337;
const TRADER = 1;

/** The answer of a pricing (undefined for a failure). */
const answerOf = (priced: Priced): IndicativeQuote | undefined => ('answer' in priced ? priced.answer : undefined);

describe('QuoteStreamHub on a real chain follower', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let anvil: Anvil;
  let c: DevClients;
  let stack: UniswapStack;
  let follower: ChainFollower;
  let hub: QuoteStreamHub<Priced>;
  const searched: IndicativeQuoteRequest[] = [];
  // A → B: a deep direct pool at 1:1, and a path through C that pays half as much until C/B is moved.
  let a: Address, b: Address, cc: Address, d: Address, e: Address;
  let cbPool: Address;

  /** Swaps `amount` of `from` into `to` through their pair; returns the block it was mined in. */
  async function swap(from: Address, to: Address, amount: bigint): Promise<bigint> {
    const hash = await c.wallet(TRADER).writeContract({
      address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens',
      args: [amount, 0n, [from, to], devAccount(TRADER).address, 2n ** 40n], account: devAccount(TRADER), chain: c.chain, gas: 300_000n,
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    return receipt.blockNumber;
  }

  beforeAll(async () => {
    tmp = useTempDataDir({ FEE_BPS: '0' });
    anvil = await startAnvil({ chainId: CHAIN_ID });
    c = devClients(CHAIN_ID, anvil.rpcUrl);
    stack = await deployUniswap(c);
    const tokens: Address[] = [];
    // One after another: the deployer's nonces.
    for (const symbol of ['A', 'B', 'C', 'D', 'E']) tokens.push(getAddress(await deployToken(c, `Token ${symbol}`, symbol, 18)));
    [a, b, cc, d, e] = tokens as [Address, Address, Address, Address, Address];
    const lp = devAccount(0).address;
    for (const t of tokens) {
      await mint(c, t, lp, 10n ** 30n);
      await approve(c, 0, t, stack.router02);
      await mint(c, t, devAccount(TRADER).address, 10n ** 30n);
      await approve(c, TRADER, t, stack.router02);
    }
    await addLiquidity(c, stack, 0, a, parseUnits('1000', 18), b, parseUnits('1000', 18));
    await addLiquidity(c, stack, 0, a, parseUnits('1000', 18), cc, parseUnits('1000', 18));
    await addLiquidity(c, stack, 0, cc, parseUnits('1000', 18), b, parseUnits('500', 18));
    await addLiquidity(c, stack, 0, d, parseUnits('1000', 18), e, parseUnits('1000', 18));
    const chain: ChainConfig = {
      id: CHAIN_ID, name: 'Test', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', nativeDecimals: 18, factory: getAddress(stack.factory),
      router02: getAddress(stack.router02), weth: getAddress(stack.weth), stablecoins: [b], startBlock: 0, blockTimeSec: 1, tokens: [],
    };
    follower = new ChainFollower(chain, { pollMs: 50, rpcTimeoutMs: 1_000, staleAfterMs: 5_000, fullReloadMs: 3_600_000 });
    follower.start();
    await follower.ready(10_000);
    const graph = follower.snapshot();
    const cbIndex = graph.topology.pools.findIndex((p) => [p.token0, p.token1].includes(cc) && [p.token0, p.token1].includes(b));
    cbPool = graph.topology.pools[cbIndex]?.address ?? getAddress('0x0000000000000000000000000000000000000000');
    hub = new QuoteStreamHub({ outcome: (priced) => priced, followerOf: async () => follower, onSearch: (body) => searched.push(body) });
  });

  afterAll(async () => {
    await follower?.stop();
    await anvil?.stop();
    tmp?.cleanup();
  });

  const body = (amount: string): IndicativeQuoteRequest => ({ src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, token_in: a, token_out: b, amount_in: parseUnits(amount, 18).toString() });
  const poolsOf = (answer: IndicativeQuote) => answer.route.flatMap((leg) => leg.hops.map((hop) => getAddress(hop.pool)));

  it('searches once for streams of the same inputs, and not again when a block moves only pools off their paths', async () => {
    const seen: [IndicativeQuote[], IndicativeQuote[]] = [[], []];
    const listen = (i: number) => (outcome: Priced) => { const answer = answerOf(outcome); if (answer) seen[i]?.push(answer); };
    const first = await hub.open(body('1'));
    const offs = [first.subscribe(listen(0))];
    // A second stream of the same inputs at the same block is answered from the first one's search.
    const second = await hub.open(body('1'));
    offs.push(second.subscribe(listen(1)));
    expect(searched).toHaveLength(1);
    expect(hub.groupCount).toBe(1);
    const before = answerOf(first.first);
    expect(before && poolsOf(before)).not.toContain(cbPool);

    const unrelated = await swap(d, e, parseUnits('10', 18));
    // Both streams hear of the block (priced at it), from the route kept as it was.
    await until(() => (seen.every((list) => list.some((x) => x.block_number >= Number(unrelated))) ? true : undefined));
    expect(searched).toHaveLength(1);
    expect(seen[0].at(-1)?.amount_out).toBe(before?.amount_out);

    // The direct pool the route uses moves: one search for both streams.
    const direct = await swap(a, b, parseUnits('5', 18));
    await until(() => (seen.every((list) => list.some((x) => x.block_number >= Number(direct))) ? true : undefined));
    expect(searched).toHaveLength(2);
    expect(seen[0].at(-1)?.amount_out).not.toBe(before?.amount_out);
    expect(seen[1].at(-1)).toEqual(seen[0].at(-1));
    offs.forEach((off) => off());
    expect(hub.groupCount).toBe(0);
  });

  it('answers anew when a pool on a path the route does not use moves and makes that path better', async () => {
    const stream = await hub.open(body('2'));
    const searches = searched.length;
    const seen: IndicativeQuote[] = [];
    const off = stream.subscribe((outcome) => { const answer = answerOf(outcome); if (answer) seen.push(answer); });
    const before = answerOf(stream.first);
    if (!before) throw new Error('no first answer');
    expect(poolsOf(before)).not.toContain(cbPool);

    // B sold into C/B: C now buys twice as much B, so A → C → B beats the direct pool.
    const moved = await swap(b, cc, parseUnits('500', 18));
    const after = await until(() => seen.find((x) => x.block_number >= Number(moved)));
    expect(searched.length).toBe(searches + 1);
    expect(poolsOf(after)).toContain(cbPool);
    expect(BigInt(after.amount_out)).toBeGreaterThan(BigInt(before.amount_out));
    off();
  });

  it('keeps streaming after the chain\'s follower is replaced (its registry entry changed)', async () => {
    const chain = follower.chain;
    const options = { pollMs: 50, rpcTimeoutMs: 1_000, staleAfterMs: 5_000, fullReloadMs: 3_600_000 };
    let current = new ChainFollower(chain, options);
    current.start();
    await current.ready(10_000);
    const replacedListeners = new Set<(f: ChainFollower) => void>();
    const own = new QuoteStreamHub<Priced>({
      outcome: (priced) => priced, followerOf: async () => current,
      followerReplaced: (listener) => { replacedListeners.add(listener); return () => replacedListeners.delete(listener); },
    });
    const stream = await own.open(body('3'));
    const seen: IndicativeQuote[] = [];
    const off = stream.subscribe((outcome) => { const answer = answerOf(outcome); if (answer) seen.push(answer); });
    const old = current;
    current = new ChainFollower(chain, options);
    current.start();
    await current.ready(10_000);
    await old.stop();
    for (const listener of replacedListeners) listener(current);
    try {
      const moved = await swap(a, b, parseUnits('1', 18));
      // The old follower is stopped: only the new one can tell the stream of this block.
      await until(() => seen.find((x) => x.block_number >= Number(moved)));
    } finally {
      off();
      await current.stop();
    }
  });
});
