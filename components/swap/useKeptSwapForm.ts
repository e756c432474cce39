'use client';
// Keeps the swap form's pair in the page's URL (a reload or a shared link opens it) and its pair and amount for the tab
// (keptSwapForm), restoring them once mounted: the server renders the form before the tab's storage can be read.
import { useEffect, useState, type Dispatch } from 'react';
import type { PublicChain } from '@/lib/chains/publicChain';
import { keptSwapForm, saveSwapForm } from './keptSwapForm';
import type { SwapFormAction, SwapFormState } from './swapFormState';
import { swapPairQuery, type SwapStartQuery } from './swapStartPair';

export function useKeptSwapForm(state: SwapFormState, dispatch: Dispatch<SwapFormAction>, chains: PublicChain[], start: SwapStartQuery | undefined): void {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const kept = keptSwapForm(window.sessionStorage, chains, start);
    if (kept) dispatch({ type: 'restore', ...kept });
    setRestored(true);
    // Once per mount: a new link remounts the form (the page keys it by its query).
  }, []);

  const { tokenIn, tokenOut, amountText } = state;
  useEffect(() => {
    // Before the restore, the state is the default the server rendered: saving it would lose what was kept.
    if (!restored) return;
    saveSwapForm(window.sessionStorage, { tokenIn, tokenOut, amountText });
    const query = swapPairQuery(tokenIn, tokenOut);
    // Replaced, not pushed: picking tokens does not fill the back button's history.
    if (window.location.search !== `?${query}`) window.history.replaceState(null, '', `?${query}`);
  }, [restored, tokenIn, tokenOut, amountText]);
}
