// Uniswap V2 pairs behind the Pool interface: exact integer math of the pair, constant product in floats.
import type { FloatKernel, PoolSim, V2PoolState } from '../pool';
import { fitsPool, getAmountOut } from './getAmountOut';

const LP_GAMMA = 0.997;
export const V2_FEE_PPM = 3000;

/** Slots: reserve0, reserve1. */
const kernel = (state: V2PoolState): FloatKernel => {
  const r0 = Number(state.reserve0);
  const r1 = Number(state.reserve1);
  return {
    slots: 2,
    load(buf, at) {
      buf[at] = r0;
      buf[at + 1] = r1;
    },
    out(buf, at, x, zeroForOne, apply) {
      const inSlot = zeroForOne ? at : at + 1;
      const outSlot = zeroForOne ? at + 1 : at;
      const rin = buf[inSlot] ?? 0;
      const rout = buf[outSlot] ?? 0;
      const ag = x * LP_GAMMA;
      const out = (ag * rout) / (rin + ag);
      if (apply) {
        buf[inSlot] = rin + x;
        buf[outSlot] = rout - out;
      }
      return out;
    },
    marginal(buf, at, x, zeroForOne) {
      const rin = buf[zeroForOne ? at : at + 1] ?? 0;
      const rout = buf[zeroForOne ? at + 1 : at] ?? 0;
      const denominator = rin + LP_GAMMA * x;
      return (LP_GAMMA * rin * rout) / (denominator * denominator);
    },
  };
};

function amountOut(state: V2PoolState, amountIn: bigint, zeroForOne: boolean): bigint | undefined {
  const reserveIn = zeroForOne ? state.reserve0 : state.reserve1;
  const reserveOut = zeroForOne ? state.reserve1 : state.reserve0;
  if (reserveIn === 0n || reserveOut === 0n || !fitsPool(amountIn, reserveIn)) return undefined;
  return getAmountOut(amountIn, reserveIn, reserveOut);
}

export const v2Pool: PoolSim<V2PoolState> = {
  amountOut,
  swap(state, amountIn, zeroForOne) {
    const out = amountOut(state, amountIn, zeroForOne);
    if (out === undefined) return undefined;
    const next: V2PoolState = zeroForOne
      ? { source: 'uniswap_v2', reserve0: state.reserve0 + amountIn, reserve1: state.reserve1 - out }
      : { source: 'uniswap_v2', reserve0: state.reserve0 - out, reserve1: state.reserve1 + amountIn };
    return { amountOut: out, state: next };
  },
  midPrice: (state, zeroForOne) => (zeroForOne ? [state.reserve1, state.reserve0] : [state.reserve0, state.reserve1]),
  spotRate: (state, zeroForOne) =>
    LP_GAMMA * (zeroForOne ? Number(state.reserve1) / Number(state.reserve0) : Number(state.reserve0) / Number(state.reserve1)),
  feePpm: () => V2_FEE_PPM,
  floatKernel: kernel,
};

/** A V2 pair's state from its reserves. */
export function v2State(reserve0: bigint, reserve1: bigint): V2PoolState {
  return { source: 'uniswap_v2', reserve0, reserve1 };
}
