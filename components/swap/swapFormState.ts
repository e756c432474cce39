// The swap form's state and its transitions, kept outside React so the rules are plain functions.
import type { SwapToken } from './swapTokens';
import { sameToken } from './swapTokens';

export const SLIPPAGE_PRESETS = [0.1, 0.5, 1] as const;
/** What "Auto" stands for until a quote suggests a slippage for its route. */
export const DEFAULT_SLIPPAGE = 0.5;

/** 'auto': the slippage the quote suggests for its route (`suggested_slippage`); a number: the trader's percent. */
export type SlippageChoice = 'auto' | number;

export type SwapFormState = { tokenIn: SwapToken; tokenOut: SwapToken; amountText: string; slippage: SlippageChoice };

export type SwapFormAction =
  | { type: 'amount'; text: string }
  | { type: 'tokenIn'; token: SwapToken }
  | { type: 'tokenOut'; token: SwapToken }
  | { type: 'flip' }
  | { type: 'slippage'; value: SlippageChoice }
  /** The pair and amount the trader left the form with (keptSwapForm). */
  | { type: 'restore'; tokenIn: SwapToken; tokenOut: SwapToken; amountText: string };

export function swapFormReducer(state: SwapFormState, action: SwapFormAction): SwapFormState {
  switch (action.type) {
    case 'amount':
      return { ...state, amountText: action.text };
    case 'tokenIn':
      // Picking the token already on the other side swaps the two, as traders expect.
      return sameToken(action.token, state.tokenOut) ? { ...state, tokenIn: action.token, tokenOut: state.tokenIn } : { ...state, tokenIn: action.token };
    case 'tokenOut':
      return sameToken(action.token, state.tokenIn) ? { ...state, tokenOut: action.token, tokenIn: state.tokenOut } : { ...state, tokenOut: action.token };
    case 'flip':
      return { ...state, tokenIn: state.tokenOut, tokenOut: state.tokenIn };
    case 'slippage':
      return { ...state, slippage: action.value === 'auto' ? 'auto' : Math.min(100, Math.max(0, action.value)) };
    case 'restore':
      return { ...state, tokenIn: action.tokenIn, tokenOut: action.tokenOut, amountText: action.amountText };
  }
}

/** The percent a choice stands for: the quote's suggestion under 'auto' (the default before a quote). */
export function effectiveSlippage(choice: SlippageChoice, suggested: number | undefined): number {
  return choice === 'auto' ? (suggested ?? DEFAULT_SLIPPAGE) : choice;
}

export type SlippageWarning = 'low' | 'high' | 'confirm' | null;

/** Slippage above this percent is warned about. */
export const SLIPPAGE_WARN_PERCENT = 1;
/** Above this percent the review asks for an explicit confirmation (a 50 typed for 0.5 must not slip through). */
export const SLIPPAGE_CONFIRM_PERCENT = 5;

/** Below 0.05 % a swap often fails; above 1 % the price may move against the trader, above 5 % it needs confirming. */
export function slippageWarning(slippage: number): SlippageWarning {
  if (slippage < 0.05) return 'low';
  if (slippage > SLIPPAGE_CONFIRM_PERCENT) return 'confirm';
  if (slippage > SLIPPAGE_WARN_PERCENT) return 'high';
  return null;
}

/** `min = floor(amount × (1 − s/100))` with s at 1e-6 precision, in integers (API.md §4). */
export function minimumReceived(amountOut: bigint, slippage: number): bigint {
  const SCALE = 100_000_000n;
  const keep = SCALE - BigInt(Math.round(slippage * 1_000_000));
  return (amountOut * keep) / SCALE;
}
