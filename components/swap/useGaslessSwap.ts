'use client';
// The review's gasless path: the wallet only signs the Permit2 permit (rebuilt from the calldata), the signed order goes
// to Swapdesk's submitter (POST /v1/orders) and its status is followed: permitting → submitting → relaying → success or
// failure. A cross-chain order is tracked from the moment Swapdesk has it (the tracker follows it to its delivery, also
// across reloads) and the review's part ends with its deposit. Closing the review while relaying stops this follow;
// Activity (and, cross-chain, the tracker) keeps following the order.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type RefObject } from 'react';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import type { PublicChain } from '@/lib/chains/publicChain';
import { isCrossChain } from './crossChain';
import type { FirmQuoteResult } from './requestFirmQuote';
import { isUserRejection, routerErrorMessage } from './routerErrors';
import { runGaslessOrder } from './runGaslessOrder';
import { signPermit2 } from './signPermit2';
import { simulateDestinationFill } from './simulateDestinationFill';
import type { SwapToken } from './swapTokens';
import { trackedOrderOf, trackOrder } from './trackedOrder';
import type { ApprovalToPost } from './useApproveStep';
import type { SwapStep } from './useSwapExecution';

type Review = {
  setStep: (step: SwapStep) => void;
  /** Moves on with the review (a new quote, a close): an answer for an earlier generation is dropped. */
  generation: RefObject<number>;
  token: RefObject<string | undefined>;
  chains: RefObject<PublicChain[]>;
  requote: () => Promise<void>;
};

/** `approval`: the EIP-2612 approval of Permit2 the quote offered (or an earlier one that still covers it), signed in the enable step. */
type SendGasless = (current: FirmQuoteResult, from: Address, tokenIn: SwapToken, tokenOut: SwapToken, approval?: ApprovalToPost) => Promise<void>;

export function useGaslessSwap({ setStep, generation, token, chains, requote }: Review): SendGasless {
  const config = useConfig();
  const client = useQueryClient();
  const apiBase = useApiBase();
  return useCallback(async (current, from, tokenIn, tokenOut, approval) => {
    const q = current.firm;
    const bearer = token.current;
    const mine = generation.current;
    const crossChain = isCrossChain(q);
    if (!bearer) return;
    setStep({ kind: 'permitting', offer: current });
    try {
      // As for an order the wallet sends: a deposit the destination could not deliver is never signed for.
      const shortfall = crossChain ? await simulateDestinationFill(config, q, chains.current, tokenOut) : undefined;
      if (shortfall) {
        setStep({ kind: 'failed', message: shortfall });
        return;
      }
      const signature = await signPermit2(config, q, from, chains.current);
      if (Date.now() >= current.expiresAtMs) {
        void requote();
        return;
      }
      setStep({ kind: 'submitting', offer: current });
      const outcome = await runGaslessOrder({
        quoteId: q.quote_id, signature, approval, token: bearer, baseUrl: apiBase, deadlineSec: q.deadline, crossChain,
        onSubmitted: () => {
          if (crossChain) trackOrder(trackedOrderOf(q, null, from, tokenIn, tokenOut));
          setStep({ kind: 'relaying', offer: current });
        },
        isCurrent: () => mine === generation.current,
      });
      if (mine !== generation.current) return;
      setStep(outcome.ok ? { kind: 'success', offer: current, hash: outcome.hash, amountOut: outcome.amountOut } : { kind: 'failed', at: 'swap', firm: q, message: outcome.message });
      if (outcome.ok) await client.invalidateQueries();
    } catch (error: unknown) {
      if (isUserRejection(error)) setStep({ kind: 'review', offer: current });
      else setStep({ kind: 'failed', at: 'swap', firm: q, message: routerErrorMessage(error, { viaPermit2: true }) });
    }
  }, [config, client, apiBase, requote, setStep, generation, token, chains]);
}
