// What "Max" puts in: the whole token balance, or for the native coin the balance minus what the swap's gas may cost.
import { SWAP_GAS_UNITS } from './swapGas';

/** Gas price may rise between quote and inclusion; keep room for it. */
const GAS_PRICE_HEADROOM = 2n;
/** When the gas price is unknown, keep this much of an 18-decimals coin. */
const FALLBACK_RESERVE_WEI = 10n ** 16n;

export function gasReserve(gasPriceWei: bigint | undefined): bigint {
  return gasPriceWei === undefined ? FALLBACK_RESERVE_WEI : SWAP_GAS_UNITS * gasPriceWei * GAS_PRICE_HEADROOM;
}

export function maxSpendable(balance: bigint, isNative: boolean, gasPriceWei: bigint | undefined): bigint {
  if (!isNative) return balance;
  const rest = balance - gasReserve(gasPriceWei);
  return rest > 0n ? rest : 0n;
}
