// Gas of a SwapRouter swap by the shape of its route, as measured on the devnet (`npm run bench:swap-gas`: a least-
// squares fit over swaps of every token pair at 0.1–50 ETH): the network cost shown until the wallet can estimate the
// transaction, and the gas Max keeps room for before any route is known.
import { MAX_HOPS, MAX_LEGS } from '@/lib/contracts/legs';

/** The call itself: signature check, fee transfer, payout (and wrapping or unwrapping a native end). */
const BASE_GAS = 100_000n;
const GAS_PER_LEG = 31_000n;
const GAS_PER_V2_HOP = 33_000n;
/** A V3 hop crossing no initialized tick; each tick crossed costs more (see TICK_CROSSING_MARGIN_GAS). */
const GAS_PER_V3_HOP = 53_000n;
/** The most a measured swap used above its shape's fit (V3 hops crossing several ticks), rounded up. */
const TICK_CROSSING_MARGIN_GAS = 160_000n;

type RouteShape = readonly { hops: readonly { source: string }[] }[];

/** The typical gas of a swap along `route` (its legs on the chain that sends it). */
export function typicalSwapGas(route: RouteShape): bigint {
  let gas = BASE_GAS;
  for (const leg of route) {
    gas += GAS_PER_LEG;
    for (const hop of leg.hops) gas += hop.source === 'uniswap_v3' ? GAS_PER_V3_HOP : GAS_PER_V2_HOP;
  }
  return route.length === 0 ? gas + GAS_PER_LEG : gas;
}

/** The largest swap the router takes (MAX_LEGS legs of MAX_HOPS V3 hops each, crossing ticks): what Max leaves for gas. */
export const SWAP_GAS_UNITS =
  typicalSwapGas(Array.from({ length: MAX_LEGS }, () => ({ hops: Array.from({ length: MAX_HOPS }, () => ({ source: 'uniswap_v3' })) }))) + TICK_CROSSING_MARGIN_GAS;
