// Pairs list and markets page at real-network pool counts: N pools per chain on two chains (the `--pools N` profile's
// market, lib/devnet/scaleMarkets.ts: hubs, a long tail, V2 and V3 tiers), stored with their holdings (V3 pools with
// their sqrtPriceX96) and a day of trades on the deepest quarter, on SQLite and PostgreSQL. Measured in-process:
//   - one chain's figures (pairFigures: the store queries and the per-pair arithmetic the endpoint caches for 1 s),
//     in interleaved rounds over both stores, p50/p99;
//   - the GET /v1/market/pairs answer from those figures (search, sort, page, wire rows, JSON): every pair of the
//     chain (no limit, as the markets page asks), a first page sorted by liquidity, a search sorted by volume;
//   - the markets page's rows (both chains) as JSON, raw and gzipped: what the page sends the browser.
// Usage: npm run bench:pairs -- [--pools 2000] [--rounds 5] [--samples 100]
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { getAddress } from 'viem';
import { ChainConfig } from '@/lib/chains/chainConfig';
import { openTestDb, type TestDb } from '@/lib/db/openTestDb';
import type { MarketPairsTable } from '@/lib/db/schema';
import { scaleMarkets, type ScaleMarkets } from '@/lib/devnet/scaleMarkets';
import { pairFigures, type PairFigures } from '@/lib/market/pairFigures';
import { pairRow, pairsPage } from '@/lib/market/pairsList';
import { storeTrades, type NewTrade } from '@/lib/market/storeTrades';
import { percentile } from './httpRounds';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]?.replace(/^--/, '') ?? '', process.argv[i + 1] ?? '');
const POOLS = Number(args.get('pools') ?? 2_000);
const ROUNDS = Number(args.get('rounds') ?? 5);
const SAMPLES = Number(args.get('samples') ?? 100);
const CHAINS = [31337, 31338];
const NOW = Math.floor(Date.now() / 1000);
const HOUR = 3_600;
/** The deepest quarter of each chain's pools trade: six trades over the last day and one the day before. */
const TRADED_SHARE = 0.25;

const tokenAddress = (chainId: number, i: number) => getAddress(`0x${chainId.toString(16).padStart(8, '0')}${(i + 1).toString(16).padStart(32, '0')}`);
const poolAddress = (chainId: number, i: number) => getAddress(`0x${'f'.repeat(8)}${chainId.toString(16).padStart(8, '0')}${(i + 1).toString(16).padStart(24, '0')}`);
const QUOTE_RANK: Record<string, number> = { USDC: 4, USDT: 4, DAI: 4, WETH: 3, WBTC: 2 };

function chainConfig(chainId: number, m: ScaleMarkets) {
  const byName = (s: string) => tokenAddress(chainId, m.tokens.findIndex((t) => t.symbol === s));
  return ChainConfig.parse({
    id: chainId, name: `Devnet ${chainId}`, rpcUrl: 'http://127.0.0.1:9', nativeSymbol: 'ETH', factory: `0x${'3'.repeat(40)}`, router02: `0x${'4'.repeat(40)}`,
    weth: byName('WETH'), stablecoins: ['USDC', 'USDT', 'DAI'].map(byName),
    tokens: m.tokens.slice(0, 5).map((t, i) => ({ address: tokenAddress(chainId, i), symbol: t.symbol, name: `${t.symbol} token`, decimals: t.decimals })),
  });
}

/** Base units of `usd` worth of token `t`, as text. */
const unitsOf = (usd: number, price: number, decimals: number) => BigInt(Math.max(1, Math.round((usd / price) * 1e6))) * 10n ** BigInt(decimals) / 1_000_000n;

function pairRows(chainId: number, m: ScaleMarkets, firstId: number): MarketPairsTable[] {
  return m.pools.map((p, i) => {
    const [x, y] = [m.tokens[p.a], m.tokens[p.b]];
    if (!x || !y) throw new Error('pool of unknown tokens');
    const aIsQuote = (QUOTE_RANK[x.symbol] ?? 0) > (QUOTE_RANK[y.symbol] ?? 0);
    const [baseI, quoteI] = aIsQuote ? [p.b, p.a] : [p.a, p.b];
    const base = m.tokens[baseI] ?? x;
    const quote = m.tokens[quoteI] ?? y;
    const reserveBase = unitsOf(p.tvlUsd / 2, base.usd * (1 + p.priceOffset), base.decimals);
    const reserveQuote = unitsOf(p.tvlUsd / 2, quote.usd, quote.decimals);
    const baseAddress = tokenAddress(chainId, baseI);
    const quoteAddress = tokenAddress(chainId, quoteI);
    const baseIsToken0 = baseAddress.toLowerCase() < quoteAddress.toLowerCase();
    const [r0, r1] = baseIsToken0 ? [reserveBase, reserveQuote] : [reserveQuote, reserveBase];
    const sqrtPrice = BigInt(Math.floor(Math.sqrt(Number(r1) / Number(r0)) * 2 ** 48)) * 2n ** 48n;
    return {
      pair_id: firstId + i, chain_id: chainId, pool: poolAddress(chainId, i), base: baseAddress, quote: quoteAddress, base_symbol: base.symbol, quote_symbol: quote.symbol,
      base_decimals: base.decimals, quote_decimals: quote.decimals, base_is_token0: baseIsToken0 ? 1 : 0, pair_name: `${base.symbol}/${quote.symbol}`,
      reserve_base: reserveBase.toString(), reserve_quote: reserveQuote.toString(), reserves_block: 1, source: p.source, fee_ppm: p.fee ?? 3000,
      sqrt_price_x96: p.source === 'uniswap_v3' ? sqrtPrice.toString() : null,
    };
  });
}

/** Trades of the deepest pools, each 0.1 % of the pool's base holdings at a price within 2 % of the pool's. */
function tradesOf(chainId: number, rows: MarketPairsTable[]): NewTrade[] {
  const deepest = [...rows].sort((a, b) => Number(BigInt(b.reserve_quote ?? '0') - BigInt(a.reserve_quote ?? '0')) || 0).slice(0, Math.ceil(rows.length * TRADED_SHARE));
  const times = [NOW - 25 * HOUR, NOW - 20 * HOUR, NOW - 12 * HOUR, NOW - 6 * HOUR, NOW - 2 * HOUR, NOW - 30 * 60, NOW - 60];
  const out: NewTrade[] = [];
  times.forEach((ts, k) => {
    deepest.forEach((p, j) => {
      const b = BigInt(p.reserve_base ?? '0') / 1000n + 1n;
      const q = (BigInt(p.reserve_quote ?? '0') / 1000n) * BigInt(98 + ((j + k) % 5)) / 100n + 1n;
      out.push({
        chainId, txHash: `0x${(k * 1_000_000 + j).toString(16).padStart(64, '0')}`, logIndex: j % 50, blockNumber: 1 + k * 100 + Math.floor(j / 50), blockHash: `0x${k}`,
        pairId: p.pair_id, ts, amountBase: b, amountQuote: q, usdE18: q * 10n ** BigInt(18 - Math.min(18, p.quote_decimals)), side: j % 2 ? 'buy' : 'sell', maker: `0x${'7'.repeat(40)}`,
      });
    });
  });
  return out.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
}

const timed = async <T>(f: () => Promise<T> | T): Promise<[T, number]> => {
  const started = performance.now();
  const value = await f();
  return [value, performance.now() - started];
};
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => percentile(sorted(xs), 50);
const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;

const markets = scaleMarkets(POOLS);
const chains = CHAINS.map((id) => chainConfig(id, markets));
const { loadavg, cpus } = await import('node:os');
console.log(`load average at start: ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores; ${markets.pools.length} pools over ${markets.tokens.length} tokens per chain, ${CHAINS.length} chains (node ${process.version})`);
const stores: TestDb[] = [];
try {
  for (const kind of ['sqlite', 'postgres'] as const) {
    const t = await openTestDb(kind);
    stores.push(t);
    const [, seedMs] = await timed(async () => {
      for (const [c, chain] of chains.entries()) {
        const rows = pairRows(chain.id, markets, 1 + c * 100_000);
        for (let i = 0; i < rows.length; i += 500) await t.db.insertInto('market_pairs').values(rows.slice(i, i + 500)).execute();
        const trades = tradesOf(chain.id, rows);
        for (let i = 0; i < trades.length; i += 2_000) await storeTrades(t.db, trades.slice(i, i + 2_000));
      }
      // What the store's statistics job does soon after tables grow; without it PostgreSQL plans for empty tables.
      await sql`analyze`.execute(t.db);
    });
    console.log(`${kind}: ${t.label}, seeded in ${(seedMs / 1000).toFixed(1)} s`);
  }
  const chain = chains[0];
  if (!chain) throw new Error('no chain');
  // Warm both stores.
  for (const t of stores) await pairFigures(t.db, chain, NOW);
  const figures = new Map(stores.map((t) => [t.kind, { p50: [] as number[], p99: [] as number[] }]));
  let rows: PairFigures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of round % 2 === 0 ? stores : [...stores].reverse()) {
      const samples: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const [r, ms] = await timed(() => pairFigures(t.db, chain, NOW));
        samples.push(ms);
        rows = r;
      }
      const s = sorted(samples);
      figures.get(t.kind)?.p50.push(percentile(s, 50));
      figures.get(t.kind)?.p99.push(percentile(s, 99));
      console.log(`  round ${round + 1} ${t.kind.padEnd(8)} figures of ${rows.length} pairs p50 ${percentile(s, 50).toFixed(1)} ms  p99 ${percentile(s, 99).toFixed(1)} ms`);
    }
  }
  const names = new Map(chain.tokens.map((t) => [t.address.toLowerCase(), t.name]));
  const answers = {
    'every pair (no limit)': {},
    'sort=liquidity&limit=50': { sort: 'liquidity', limit: 50 },
    'q=usd&sort=volume&limit=50': { q: 'usd', sort: 'volume', limit: 50 },
  } as const;
  const answerRows: Record<string, string>[] = [];
  for (const [label, q] of Object.entries(answers)) {
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < SAMPLES * ROUNDS; i++) {
      const [json, ms] = await timed(() => JSON.stringify({ code: 0, msg: 'ok', data: pairsPage(rows, names, q).map(pairRow) }));
      samples.push(ms);
      bytes = json.length;
    }
    const s = sorted(samples);
    answerRows.push({ 'answer from the figures': label, 'p50 ms': percentile(s, 50).toFixed(2), 'p99 ms': percentile(s, 99).toFixed(2), 'bytes': bytes.toLocaleString('en') });
  }
  // The markets page's rows: every pair of both chains, in the API's shape (the page's own row adds a name or two).
  const both = (await Promise.all(chains.map((c) => pairFigures(stores[0]?.db ?? (() => { throw new Error('no store'); })(), c, NOW)))).flat();
  const pageJson = JSON.stringify(pairsPage(both, names, {}).map(pairRow));
  console.table([...figures].map(([kind, f]) => ({
    store: kind, pairs: rows.length, 'figures p50 ms, median of rounds (spread)': `${median(f.p50).toFixed(1)} (${range(f.p50)})`,
    'figures p99 ms, median of rounds (spread)': `${median(f.p99).toFixed(1)} (${range(f.p99)})`,
  })));
  console.table(answerRows);
  console.log(`markets page rows (${both.length} pairs, both chains) as JSON: ${(pageJson.length / 1024).toFixed(0)} KiB, gzipped ${(gzipSync(pageJson).length / 1024).toFixed(0)} KiB`);
  console.log(`load average at end: ${loadavg()[0]?.toFixed(2)}`);
} finally {
  for (const t of stores) await t.dispose();
}
