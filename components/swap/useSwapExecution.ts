'use client';
// The review dialog's steps: firm quote → (accept new price) → (approve: the exact amount to the router, or Permit2 once per
// token) → (sign the Permit2 permit) → swap → pending → success or failure in words. A gasless quote is signed and handed
// to Swapdesk's submitter instead of sent (useGaslessSwap): sign → submitting → relaying → success or failure.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Address, Hex } from 'viem';
import { useConfig } from 'wagmi';
import { call, estimateGas, sendTransaction, waitForTransactionReceipt } from 'wagmi/actions';
import { useNow } from '@/components/ui/useNow';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import { useChains } from '@/components/wallet/ChainsContext';
import { appendPermit2Signature } from '@/lib/contracts/permit2';
import { ApiCallError } from './apiFetch';
import { quoteErrorMessage } from './quoteErrorMessage';
import { quoteFilledAmount } from './quoteFilledAmount';
import type { FirmQuote, FirmQuoteRequest } from './quoteTypes';
import { requestFirmQuote, type FirmQuoteResult } from './requestFirmQuote';
import { gaslessQuoteError } from './gaslessOrderError';
import { isCrossChain } from './crossChain';
import { simulateDestinationFill } from './simulateDestinationFill';
import { isUserRejection, routerErrorMessage } from './routerErrors';
import { trackedOrderOf, trackOrder } from './trackedOrder';
import { chainTime, firmQuoteMismatch } from './firmQuoteMismatch';
import type { SwapToken } from './swapTokens';
import { signPermit2 } from './signPermit2';
import { useAllowance } from './useAllowance';
import { useApproveStep } from './useApproveStep';
import { useGaslessSwap } from './useGaslessSwap';

/** Gas limit sent with a swap, as a percentage of the estimate. */
const SWAP_GAS_HEADROOM_PCT = 150n;

export type SwapStep =
  | { kind: 'quoting' }
  | { kind: 'review'; offer: FirmQuoteResult }
  | { kind: 'approving'; offer: FirmQuoteResult; hash?: Hex }
  | { kind: 'permitting'; offer: FirmQuoteResult }
  | { kind: 'signing'; offer: FirmQuoteResult }
  | { kind: 'pending'; offer: FirmQuoteResult; hash: Hex }
  | { kind: 'submitting'; offer: FirmQuoteResult }
  | { kind: 'relaying'; offer: FirmQuoteResult }
  | { kind: 'success'; offer: FirmQuoteResult; hash: Hex; amountOut: bigint | undefined }
  /** `at`: the step that failed (the one-time enable or the swap itself); absent when the quote could not be had. */
  | { kind: 'failed'; message: string; at?: 'enable' | 'swap'; firm?: FirmQuote };

export type SwapExecution = {
  step: SwapStep;
  secondsLeft: number | undefined;
  needsApproval: boolean;
  /** The input allowance is still being read: neither approving nor swapping is offered yet. */
  checkingAllowance: boolean;
  accept: () => void;
  approve: () => Promise<void>;
  swap: () => Promise<void>;
  requote: () => Promise<void>;
};

type Input = { request: FirmQuoteRequest | null; token: string | undefined; tokenIn: SwapToken; tokenOut: SwapToken; account: Address | undefined };

const RECEIPT_POLL_MS = 250;

export function useSwapExecution({ request, token, tokenIn, tokenOut, account }: Input): SwapExecution {
  const config = useConfig();
  const client = useQueryClient();
  const [step, setStep] = useState<SwapStep>({ kind: 'quoting' });
  const now = useNow(1_000);
  const offer = 'offer' in step ? step.offer : undefined;
  const allowance = useAllowance(offer?.firm, account);
  const generation = useRef(0);
  const apiBase = useApiBase();
  // The registry is read when a quote arrives; it must not itself trigger a re-quote.
  const chains = useChains();
  const chainsRef = useRef(chains);
  chainsRef.current = chains;
  // A refreshed token must not re-quote: only the frozen request decides when a new firm quote is asked.
  const tokenRef = useRef(token);
  tokenRef.current = token;

  const requote = useCallback(async () => {
    const bearer = tokenRef.current;
    if (!request || !bearer) return;
    const mine = ++generation.current;
    setStep({ kind: 'quoting' });
    try {
      const result = await requestFirmQuote(request, bearer, apiBase);
      // The fill deadline is on the destination's clock: read it to bound the deadline the order carries.
      const dstNowSec = isCrossChain(request) ? await chainTime(config, request.dst_chain_id) : undefined;
      if (mine !== generation.current) return;
      const wrong = firmQuoteMismatch(result.firm, request, chainsRef.current, dstNowSec);
      setStep(wrong ? { kind: 'failed', message: wrong } : { kind: 'review', offer: result });
    } catch (error: unknown) {
      if (mine !== generation.current) return;
      const gaslessRefusal = error instanceof ApiCallError && request.gasless ? gaslessQuoteError(error, tokenIn.symbol) : undefined;
      const message = error instanceof ApiCallError ? (gaslessRefusal ?? quoteErrorMessage(error, { in: tokenIn.symbol, out: tokenOut.symbol }).message) : 'The firm quote could not be fetched. Try again.';
      setStep({ kind: 'failed', message });
    }
  }, [request, tokenIn.symbol, tokenOut.symbol, apiBase, config]);

  useEffect(() => {
    void requote();
    return () => {
      generation.current++;
    };
  }, [requote]);

  // A quote that expires before it is sent is replaced, never sent: a timer set for its deadline asks a new one.
  useEffect(() => {
    if (step.kind !== 'review') return;
    const id = setTimeout(() => void requote(), Math.max(0, step.offer.expiresAtMs - Date.now()));
    return () => clearTimeout(id);
  }, [step, requote]);

  const { approve, approval } = useApproveStep({ step, setStep, account, tokenIn, refetchAllowance: allowance.refetch, nowMs: now });
  const swapGasless = useGaslessSwap({ setStep, generation, token: tokenRef, chains: chainsRef, requote });

  const swap = useCallback(async () => {
    if (step.kind !== 'review' || step.offer.mustAccept || !account) return;
    const current = step.offer;
    const q = current.firm;
    if (q.gasless) return swapGasless(current, account, tokenIn, tokenOut, approval);
    const viaPermit2 = q.permit2 !== undefined;
    const tx = { chainId: q.src_chain_id, account, to: q.router_address, data: q.calldata, value: BigInt(q.value) };
    setStep({ kind: viaPermit2 ? 'permitting' : 'signing', offer: current });
    try {
      if (viaPermit2) {
        const data = appendPermit2Signature(q.calldata, await signPermit2(config, q, account, chainsRef.current));
        // A signature that came back after the quote's life would only be refused on-chain: ask a new quote instead.
        if (Date.now() >= current.expiresAtMs) {
          void requote();
          return;
        }
        tx.data = data;
        setStep({ kind: 'signing', offer: current });
      }
      // The estimate doubles as a dry run: a quote the router would refuse is explained before the wallet asks for a
      // signature. Headroom matters: a pool's first swap in a new block also writes its price accumulators, which an
      // estimate made against the previous block's timestamp does not pay for.
      // A cross-chain order is only as good as its delivery: the destination's swap of the signed legs is tried
      // first, so a deposit the relayer could not deliver (and that would only come back as a refund) is never sent.
      if (isCrossChain(q)) {
        const shortfall = await simulateDestinationFill(config, q, chainsRef.current, tokenOut);
        if (shortfall) {
          setStep({ kind: 'failed', message: shortfall });
          return;
        }
      }
      const estimate = await estimateGas(config, tx);
      const hash = await sendTransaction(config, { ...tx, gas: (estimate * SWAP_GAS_HEADROOM_PCT) / 100n });
      setStep({ kind: 'pending', offer: current, hash });
      // A cross-chain swap is followed past this dialog (and across reloads) until the destination delivers.
      if (isCrossChain(q)) trackOrder(trackedOrderOf(q, hash, account, tokenIn, tokenOut));
      const receipt = await waitForTransactionReceipt(config, { chainId: q.src_chain_id, hash, pollingInterval: RECEIPT_POLL_MS });
      if (receipt.status !== 'success') {
        const reason = await call(config, { ...tx, blockNumber: receipt.blockNumber }).then(() => undefined, (e: unknown) => e);
        throw reason ?? new Error('The swap transaction reverted.');
      }
      setStep({ kind: 'success', offer: current, hash, amountOut: quoteFilledAmount(receipt.logs, q.router_address) });
      await client.invalidateQueries();
    } catch (error: unknown) {
      if (isUserRejection(error)) setStep({ kind: 'review', offer: current });
      else setStep({ kind: 'failed', at: 'swap', firm: q, message: routerErrorMessage(error, { viaPermit2 }) });
    }
  }, [step, account, config, client, tokenIn, tokenOut, requote, swapGasless, approval]);

  const accept = useCallback(() => {
    if (step.kind === 'review') setStep({ kind: 'review', offer: { ...step.offer, mustAccept: false } });
  }, [step]);

  const firm = offer?.firm;
  const secondsLeft = offer ? Math.max(0, Math.floor((offer.expiresAtMs - now) / 1_000)) : undefined;
  // A signed EIP-2612 approval enables the token as the transaction would: Swapdesk sends it with the order.
  const needsApproval = firm !== undefined && firm.allowance_target !== null && allowance.data !== undefined && allowance.data < BigInt(firm.amount_in) && !approval;
  const checkingAllowance = firm !== undefined && firm.allowance_target !== null && allowance.data === undefined && !allowance.isError;
  return { step, secondsLeft, needsApproval, checkingAllowance, accept, approve, swap, requote };
}
