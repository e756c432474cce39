// One Uniswap V3 pool swap simulated in-process (`npm run bench:v3-swap`): the exact bigint swap loop (lib/routing/v3)
// on a 0.3 % pool with a full-range position and five nested narrow ones around the price, p50/p99 in µs for a swap that
// crosses no initialized tick and one that crosses three. No chain: the pool state is built in memory.
import { getSqrtRatioAtTick } from '@/lib/routing/v3/tickMath';
import { v3Swap } from '@/lib/routing/v3/v3Swap';
import { v3Ticks, type TickLiquidity, type V3PoolState } from '@/lib/routing/v3/v3PoolState';
import { percentile } from './httpRounds';

const WARMUP = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 100_000);
const SPACING = 60;
const FULL_RANGE = 887_220;

function pool(): V3PoolState {
  const ticks = new Map<number, TickLiquidity>();
  const add = (lower: number, upper: number, liquidity: bigint) => {
    for (const [tick, net] of [[lower, liquidity], [upper, -liquidity]] as const) {
      const t = ticks.get(tick) ?? { gross: 0n, net: 0n };
      ticks.set(tick, { gross: t.gross + liquidity, net: t.net + net });
    }
  };
  add(-FULL_RANGE, FULL_RANGE, 10n ** 21n);
  for (let k = 1; k <= 5; k++) add(-SPACING * k, SPACING * k, 10n ** 20n);
  // Price just above tick 30, inside every position: in-range liquidity is all of them.
  return {
    source: 'uniswap_v3', feePpm: 3000, tickSpacing: SPACING, sqrtPriceX96: getSqrtRatioAtTick(30) + 12_345n, tick: 30,
    liquidity: 10n ** 21n + 5n * 10n ** 20n, ticks: v3Ticks(ticks),
  };
}

/** The smallest power-of-two multiple of 10^15 wei whose swap crosses at least `crossings` initialized ticks. */
function amountCrossing(state: V3PoolState, crossings: number): bigint {
  let amount = 10n ** 15n;
  while (v3Swap(state, amount, true).ticksCrossed < crossings) amount *= 2n;
  return amount;
}

function measure(state: V3PoolState, amount: bigint): { p50: number; p99: number; crossed: number } {
  const crossed = v3Swap(state, amount, true).ticksCrossed;
  for (let i = 0; i < WARMUP; i++) v3Swap(state, amount, true);
  const us: number[] = new Array(RUNS);
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    v3Swap(state, amount, true);
    us[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  us.sort((a, b) => a - b);
  return { p50: percentile(us, 50), p99: percentile(us, 99), crossed };
}

const state = pool();
const cases = [
  { name: 'no tick crossed', amount: 10n ** 18n },
  { name: 'three ticks crossed', amount: amountCrossing(state, 3) },
];
console.log(`V3 pool swap in-process (exact bigint loop), ${RUNS} runs each, Node ${process.version}`);
for (const c of cases) {
  const r = measure(state, c.amount);
  console.log(`${c.name.padEnd(22)} ticks crossed ${r.crossed}   p50 ${r.p50.toFixed(2)} µs   p99 ${r.p99.toFixed(2)} µs`);
}
