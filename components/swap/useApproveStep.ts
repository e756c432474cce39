'use client';
// The review's one-time enable step: an approval transaction (the exact amount to the router, or Permit2 once per token
// for any amount), or, where a gasless quote offers it (API.md §9), the token's EIP-2612 permit of Permit2 signed instead:
// no transaction, Swapdesk's submitter sends the permit with the order.
import { useCallback, useMemo, useState } from 'react';
import { erc20Abi, maxUint256, type Address, type Hex } from 'viem';
import { useConfig } from 'wagmi';
import { signTypedData, waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import { gaslessApprovalTypedData } from '@/lib/client/checkGaslessApproval';
import { keptApproval, signedApproval, type SignedApproval } from '@/lib/client/keptApproval';
import { isUserRejection, routerErrorMessage } from './routerErrors';
import type { SwapToken } from './swapTokens';
import type { SwapStep } from './useSwapExecution';

const RECEIPT_POLL_MS = 250;

/** The approval to post with the order: its signature, and the deadline it signed when an earlier quote offered it. */
export type ApprovalToPost = { signature: Hex; deadline?: number };

/** `nowMs`: the review's clock, ticking, so a kept approval about to expire is dropped while the review stays open. */
type Review = { step: SwapStep; setStep: (step: SwapStep) => void; account: Address | undefined; tokenIn: SwapToken; refetchAllowance: () => Promise<unknown>; nowMs: number };

export function useApproveStep({ step, setStep, account, tokenIn, refetchAllowance, nowMs }: Review) {
  const config = useConfig();
  const [signed, setSigned] = useState<SignedApproval>();
  const approve = useCallback(async () => {
    if (step.kind !== 'review' || !step.offer.firm.allowance_target) return;
    const current = step.offer;
    const q = current.firm;
    const target = q.allowance_target as Address;
    const offered = q.gasless?.approval?.eip712;
    setStep({ kind: 'approving', offer: current });
    try {
      if (offered && account) {
        // Checked with the quote (checkFirmQuote); the wallet signs the permit rebuilt from its checked fields.
        const typed = gaslessApprovalTypedData(offered);
        const signature = await signTypedData(config, { account, ...typed });
        setSigned(signedApproval(typed, signature));
        setStep({ kind: 'review', offer: current });
        return;
      }
      // Permit2 is approved once per token for any amount (each swap is then bound by its own signature); the router
      // only ever for the exact amount of this quote.
      const amount = q.permit2 || q.gasless ? maxUint256 : BigInt(q.amount_in);
      const hash = await writeContract(config, { chainId: q.src_chain_id, address: q.token_in, abi: erc20Abi, functionName: 'approve', args: [target, amount] });
      setStep({ kind: 'approving', offer: current, hash });
      const receipt = await waitForTransactionReceipt(config, { chainId: q.src_chain_id, hash, pollingInterval: RECEIPT_POLL_MS });
      if (receipt.status !== 'success') throw new Error('approval reverted');
      await refetchAllowance();
      setStep({ kind: 'review', offer: current });
    } catch (error: unknown) {
      if (isUserRejection(error)) setStep({ kind: 'review', offer: current });
      else setStep({ kind: 'failed', at: 'enable', firm: q, message: `${q.permit2 || q.gasless ? `Enabling ${tokenIn.symbol} for Permit2` : 'The approval'} failed: ${routerErrorMessage(error)}` });
    }
  }, [step, setStep, account, config, refetchAllowance, tokenIn.symbol]);
  const offer = 'offer' in step ? step.offer : undefined;
  // Signed for this quote or, while it still covers it, for one this quote replaced: the trader does not sign twice.
  const firm = offer?.firm;
  const nowSec = Math.floor(nowMs / 1_000);
  const approval = useMemo<ApprovalToPost | undefined>(() => (firm ? keptApproval(signed, firm, nowSec) : undefined), [signed, firm, nowSec]);
  return { approve, approval };
}
