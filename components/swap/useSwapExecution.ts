'use client';
// The review dialog's steps: firm quote → (accept new price) → (approve exact amount) → swap → pending → success or failure in words.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { erc20Abi, type Address, type Hex } from 'viem';
import { useConfig } from 'wagmi';
import { call, estimateGas, sendTransaction, waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import { useNow } from '@/components/ui/useNow';
import { ApiCallError } from './apiFetch';
import { quoteErrorMessage } from './quoteErrorMessage';
import { quoteFilledAmount } from './quoteFilledAmount';
import type { FirmQuoteRequest } from './quoteTypes';
import { requestFirmQuote, type FirmQuoteResult } from './requestFirmQuote';
import { isUserRejection, routerErrorMessage } from './routerErrors';
import type { SwapToken } from './swapTokens';
import { useAllowance } from './useAllowance';

/** Gas limit sent with a swap, as a percentage of the estimate. */
const SWAP_GAS_HEADROOM_PCT = 150n;

export type SwapStep =
  | { kind: 'quoting' }
  | { kind: 'review'; offer: FirmQuoteResult }
  | { kind: 'approving'; offer: FirmQuoteResult; hash?: Hex }
  | { kind: 'signing'; offer: FirmQuoteResult }
  | { kind: 'pending'; offer: FirmQuoteResult; hash: Hex }
  | { kind: 'success'; offer: FirmQuoteResult; hash: Hex; amountOut: bigint | undefined }
  | { kind: 'failed'; message: string };

export type SwapExecution = {
  step: SwapStep;
  secondsLeft: number | undefined;
  needsApproval: boolean;
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
  // A refreshed token must not re-quote: only the frozen request decides when a new firm quote is asked.
  const tokenRef = useRef(token);
  tokenRef.current = token;

  const requote = useCallback(async () => {
    const bearer = tokenRef.current;
    if (!request || !bearer) return;
    const mine = ++generation.current;
    setStep({ kind: 'quoting' });
    try {
      const result = await requestFirmQuote(request, bearer);
      if (mine === generation.current) setStep({ kind: 'review', offer: result });
    } catch (error: unknown) {
      if (mine !== generation.current) return;
      const message = error instanceof ApiCallError ? quoteErrorMessage(error, { in: tokenIn.symbol, out: tokenOut.symbol }).message : 'The firm quote could not be fetched. Try again.';
      setStep({ kind: 'failed', message });
    }
  }, [request, tokenIn.symbol, tokenOut.symbol]);

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

  const approve = useCallback(async () => {
    if (step.kind !== 'review' || !step.offer.firm.allowance_target) return;
    const current = step.offer;
    const q = current.firm;
    const target = step.offer.firm.allowance_target;
    setStep({ kind: 'approving', offer: current });
    try {
      const hash = await writeContract(config, { chainId: q.src_chain_id, address: q.token_in, abi: erc20Abi, functionName: 'approve', args: [target, BigInt(q.amount_in)] });
      setStep({ kind: 'approving', offer: current, hash });
      const receipt = await waitForTransactionReceipt(config, { chainId: q.src_chain_id, hash, pollingInterval: RECEIPT_POLL_MS });
      if (receipt.status !== 'success') throw new Error('approval reverted');
      await allowance.refetch();
      setStep({ kind: 'review', offer: current });
    } catch (error: unknown) {
      if (isUserRejection(error)) setStep({ kind: 'review', offer: current });
      else setStep({ kind: 'failed', message: `The approval failed: ${routerErrorMessage(error)}` });
    }
  }, [step, config, allowance]);

  const swap = useCallback(async () => {
    if (step.kind !== 'review' || step.offer.mustAccept || !account) return;
    const current = step.offer;
    const q = current.firm;
    const tx = { chainId: q.src_chain_id, account, to: q.router_address, data: q.calldata, value: BigInt(q.value) };
    setStep({ kind: 'signing', offer: current });
    try {
      // The estimate doubles as a dry run: a quote the router would refuse is explained before the wallet asks for a
      // signature. Headroom matters: a pool's first swap in a new block also writes its price accumulators, which an
      // estimate made against the previous block's timestamp does not pay for.
      const estimate = await estimateGas(config, tx);
      const hash = await sendTransaction(config, { ...tx, gas: (estimate * SWAP_GAS_HEADROOM_PCT) / 100n });
      setStep({ kind: 'pending', offer: current, hash });
      const receipt = await waitForTransactionReceipt(config, { chainId: q.src_chain_id, hash, pollingInterval: RECEIPT_POLL_MS });
      if (receipt.status !== 'success') {
        const reason = await call(config, { ...tx, blockNumber: receipt.blockNumber }).then(() => undefined, (e: unknown) => e);
        throw reason ?? new Error('The swap transaction reverted.');
      }
      setStep({ kind: 'success', offer: current, hash, amountOut: quoteFilledAmount(receipt.logs, q.router_address) });
      await client.invalidateQueries();
    } catch (error: unknown) {
      if (isUserRejection(error)) setStep({ kind: 'review', offer: current });
      else setStep({ kind: 'failed', message: routerErrorMessage(error) });
    }
  }, [step, account, config, client]);

  const accept = useCallback(() => {
    if (step.kind === 'review') setStep({ kind: 'review', offer: { ...step.offer, mustAccept: false } });
  }, [step]);

  const firm = offer?.firm;
  const secondsLeft = offer ? Math.max(0, Math.floor((offer.expiresAtMs - now) / 1_000)) : undefined;
  const needsApproval = firm !== undefined && firm.allowance_target !== null && allowance.data !== undefined && allowance.data < BigInt(firm.amount_in);
  return { step, secondsLeft, needsApproval, accept, approve, swap, requote };
}
