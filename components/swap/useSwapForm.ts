'use client';
// Everything the swap form shows, derived from its inputs, the wallet, the tokens and the live quote.
import { useEffect, useMemo, useReducer, useState } from 'react';
import { isAddressEqual } from 'viem';
import { useConnection, useGasPrice } from 'wagmi';
import type { PublicChain } from '@/lib/chains/publicChain';
import { useApiToken } from '@/components/wallet/useApiToken';
import { toBaseUnits, unitsToInputText } from './amountText';
import { approvalFor } from './approvalFor';
import { gaslessFor } from './gaslessFor';
import { ApiCallError } from './apiFetch';
import { maxSpendable } from './maxSpendable';
import { quoteErrorMessage } from './quoteErrorMessage';
import { FIRM_QUOTE_TTL_S, quotePollMs } from './quoteTiming';
import type { FirmQuoteRequest, IndicativeQuoteRequest } from './quoteTypes';
import type { Recipient } from './RecipientField';
import { swapAction } from './swapAction';
import { effectiveSlippage, swapFormReducer, type SwapFormState } from './swapFormState';
import { typicalSwapGas } from './swapGas';
import { swapStartPair, type SwapStartQuery } from './swapStartPair';
import { isNativeToken, swapTokens } from './swapTokens';
import { useIndicativeQuote } from './useIndicativeQuote';
import { useKeptSwapForm } from './useKeptSwapForm';
import { useTokenBalance } from './useTokenBalances';

function initialState({ chains, start }: { chains: PublicChain[]; start: SwapStartQuery | undefined }): SwapFormState {
  const linked = swapStartPair(chains, start);
  if (linked) return { ...linked, amountText: '', slippage: 'auto' };
  const chain = chains[0];
  if (!chain) throw new Error('no chains configured');
  const [native, ...rest] = swapTokens(chain);
  // Native → its wrapped token is a wrap, not a swap: start on the first other token.
  const first = rest.find((t) => !isAddressEqual(t.address, chain.weth)) ?? rest[0];
  if (!native || !first) throw new Error(`${chain.name} has no tokens configured`);
  return { tokenIn: native, tokenOut: first, amountText: '', slippage: 'auto' };
}

/** `start`: the pair a link asked for (`/?chain=…&in=…&out=…`); the first chain's native coin → first token otherwise. */
export function useSwapForm(chains: PublicChain[], start?: SwapStartQuery) {
  const [state, dispatch] = useReducer(swapFormReducer, { chains, start }, initialState);
  useKeptSwapForm(state, dispatch, chains, start);
  const [recipient, setRecipient] = useState<Recipient>({ kind: 'self' });
  const [firmRequest, setFirmRequest] = useState<FirmQuoteRequest | null>(null);
  const { address, chainId, isConnected } = useConnection();
  const tokens = useApiToken();
  const { tokenIn, tokenOut, amountText, slippage } = state;
  const amountIn = toBaseUnits(amountText, tokenIn.decimals);
  const balanceIn = useTokenBalance(tokenIn, address);
  const balanceOut = useTokenBalance(tokenOut, address);
  const srcChain = chains.find((c) => c.id === tokenIn.chainId);
  const nativeIn = srcChain ? swapTokens(srcChain)[0] : undefined;
  // The native balance decides whether a token swap can pay its own gas or goes gasless.
  const nativeBalance = useTokenBalance(nativeIn ?? tokenIn, nativeIn ? address : undefined);
  const gasPrice = useGasPrice({ chainId: tokenIn.chainId, query: { enabled: isNativeToken(tokenIn) || isConnected } });

  const request = useMemo<IndicativeQuoteRequest | null>(
    () => (amountIn === null ? null : { src_chain_id: tokenIn.chainId, dst_chain_id: tokenOut.chainId, token_in: tokenIn.address, token_out: tokenOut.address, amount_in: amountIn.toString() }),
    [amountIn, tokenIn.chainId, tokenIn.address, tokenOut.chainId, tokenOut.address],
  );
  const blockTimeSec = chains.find((c) => c.id === tokenIn.chainId)?.blockTimeSec;
  const live = useIndicativeQuote(request, tokens.quoteToken, quotePollMs(blockTimeSec), firmRequest !== null);
  const errorView = live.error ? quoteErrorMessage(live.error, { in: tokenIn.symbol, out: tokenOut.symbol }) : null;
  const unauthenticated = live.error instanceof ApiCallError && live.error.type === 'UNAUTHENTICATED';
  const { reload } = tokens;
  // An expired or revoked token: fetch a new one; the quote retries with it.
  useEffect(() => {
    if (unauthenticated) void reload(true);
  }, [unauthenticated, reload]);

  const approval = request ? approvalFor(request, chains) : 'allowance';
  // Same-chain or cross-chain: the gasless order is signed through Permit2 and sent by Swapdesk (API.md §9).
  const gasless = request !== null && gaslessFor({
    order: request,
    chains,
    nativeBalance,
    gasCostWei: gasPrice.data !== undefined && live.quote ? gasPrice.data * typicalSwapGas(live.quote.route) : undefined,
  });

  const action = swapAction({
    amountIn,
    connected: isConnected,
    onRightNetwork: chainId === tokenIn.chainId,
    balance: balanceIn,
    symbolIn: tokenIn.symbol,
    signedIn: tokens.walletToken !== undefined,
    recipientIncomplete: recipient.kind === 'incomplete',
    hasQuote: live.quote !== undefined,
    quoteFailed: errorView !== null,
  });

  const openReview = () => {
    if (!request || !live.quote || !address || recipient.kind === 'incomplete') return;
    setFirmRequest({
      ...request,
      ...(approval === 'permit2' ? { approval } : {}),
      ...(gasless ? { gasless: true } : {}),
      from_address: address,
      to_address: recipient.kind === 'other' ? recipient.address : address,
      indicative_amount_out: live.quote.amount_out,
      slippage: effectiveSlippage(slippage, live.quote.suggested_slippage),
      expiry_time_sec: FIRM_QUOTE_TTL_S,
    });
  };
  // After a swap the form starts over; after a cancel it keeps what the trader typed.
  const closeReview = (swapped: boolean) => {
    setFirmRequest(null);
    if (swapped) dispatch({ type: 'amount', text: '' });
  };
  const setMax = () => {
    if (balanceIn === undefined) return;
    const max = maxSpendable(balanceIn, isNativeToken(tokenIn), gasPrice.data);
    dispatch({ type: 'amount', text: unitsToInputText(max, tokenIn.decimals) });
  };

  return { state, dispatch, live, errorView, action, balanceIn, balanceOut, setMax, setRecipient, firmRequest, gasless, nativeSymbol: nativeIn?.symbol ?? 'native coin', openReview, closeReview, address, tokens };
}
