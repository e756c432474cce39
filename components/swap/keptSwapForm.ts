// The swap form's pair and amount kept for the browser tab, so coming back to Swap (from Markets, Activity, a reload)
// finds the form as the trader left it rather than on the default pair.
import type { PublicChain } from '@/lib/chains/publicChain';
import { swapPairQuery, swapStartPair, type SwapStartQuery } from './swapStartPair';
import { sameToken, type SwapToken } from './swapTokens';

export const KEPT_SWAP_FORM_KEY = 'swapdesk.swapForm';

export type KeptSwapForm = { tokenIn: SwapToken; tokenOut: SwapToken; amountText: string };

type Stored = { pair: string; amountText: string };

function stored(storage: Pick<Storage, 'getItem'>): Stored | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEPT_SWAP_FORM_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { pair, amountText } = value as Record<string, unknown>;
    return typeof pair === 'string' && typeof amountText === 'string' ? { pair, amountText } : null;
  } catch {
    return null;
  }
}

export function saveSwapForm(storage: Pick<Storage, 'setItem'>, form: KeptSwapForm): void {
  const value: Stored = { pair: swapPairQuery(form.tokenIn, form.tokenOut), amountText: form.amountText };
  storage.setItem(KEPT_SWAP_FORM_KEY, JSON.stringify(value));
}

/**
 * The form to restore: the kept pair and amount when the page names no pair; when it names one (a pair page's Swap
 * link, a reload), the kept amount only if it was typed for that very pair. Null when there is nothing to restore.
 */
export function keptSwapForm(storage: Pick<Storage, 'getItem'>, chains: PublicChain[], start: SwapStartQuery | undefined): KeptSwapForm | null {
  const kept = stored(storage);
  if (!kept) return null;
  const pair = swapStartPair(chains, Object.fromEntries(new URLSearchParams(kept.pair)));
  if (!pair) return null;
  const linked = swapStartPair(chains, start);
  if (linked && !(sameToken(linked.tokenIn, pair.tokenIn) && sameToken(linked.tokenOut, pair.tokenOut))) return null;
  return { ...pair, amountText: kept.amountText };
}
