'use client';
// What happened after the click: waiting for the wallet, pending with the hash, success with the amount received, or a failure in words.
import Link from 'next/link';
import { formatAmount } from './amountText';
import type { SwapToken } from './swapTokens';
import type { SwapStep } from './useSwapExecution';

type Props = { step: SwapStep; tokenIn: SwapToken; tokenOut: SwapToken; onRetry: () => void; onClose: () => void };

const SECONDARY = 'w-full rounded-xl border border-[var(--border)] px-4 py-3 font-semibold';

const shortHash = (h: string) => `${h.slice(0, 10)}…${h.slice(-8)}`;

export function ReviewOutcome({ step, tokenIn, tokenOut, onRetry, onClose }: Props) {
  switch (step.kind) {
    case 'approving':
      if (step.offer.firm.gasless?.approval) return <p className="text-center text-sm">Sign enabling {tokenIn.symbol} for Permit2 in your wallet (one time, no transaction).</p>;
      if (step.offer.firm.permit2) {
        return <p className="text-center text-sm">{step.hash ? `Enabling ${tokenIn.symbol} for Permit2… transaction ${shortHash(step.hash)}` : `Confirm enabling ${tokenIn.symbol} for Permit2 in your wallet (one time).`}</p>;
      }
      return <p className="text-center text-sm">{step.hash ? `Approving ${tokenIn.symbol}… transaction ${shortHash(step.hash)}` : `Confirm the ${tokenIn.symbol} approval in your wallet.`}</p>;
    case 'permitting':
      return (
        <p className="text-center text-sm" data-testid="permit2-signing">
          Sign in your wallet: it lets the router take exactly {formatAmount(BigInt(step.offer.firm.amount_in), tokenIn.decimals)} {tokenIn.symbol} for this quote, once.
          {step.offer.firm.gasless ? ' Swapdesk then sends the swap and pays its gas.' : ''}
        </p>
      );
    case 'submitting':
      return <p className="text-center text-sm" data-testid="swap-pending">Handing your signed order to Swapdesk…</p>;
    case 'relaying':
      // The order is Swapdesk's to send now: closing the review leaves it to Activity, which follows it to its end.
      return (
        <div className="flex flex-col gap-3 text-center">
          <p className="text-sm" data-testid="swap-pending">
            Swapdesk is sending your swap… Nothing more is needed from your wallet: you can close this and follow it in{' '}
            <Link href="/activity" className="underline hover:text-[var(--accent)]">
              Activity
            </Link>
            .
          </p>
          <button type="button" onClick={onClose} className={SECONDARY}>
            Close
          </button>
        </div>
      );
    case 'signing':
      return <p className="text-center text-sm">Confirm the swap in your wallet.</p>;
    case 'pending':
      return (
        <p className="text-center text-sm" data-testid="swap-pending">
          Swap pending… transaction <span title={step.hash}>{shortHash(step.hash)}</span>
        </p>
      );
    case 'success':
      return (
        <div className="flex flex-col gap-3 text-center">
          <p role="status" className="font-semibold text-[var(--up)]" data-testid="swap-success">
            Swap complete: you received {step.amountOut === undefined ? 'your' : formatAmount(step.amountOut, tokenOut.decimals)} {tokenOut.symbol}.
          </p>
          <p className="text-xs text-[var(--muted)]" title={step.hash}>
            Transaction {shortHash(step.hash)}
          </p>
          <button type="button" onClick={onClose} className={SECONDARY}>
            Close
          </button>
        </div>
      );
    case 'failed':
      return (
        <div className="flex flex-col gap-3">
          <p role="alert" className="text-sm text-[var(--down)]">
            {step.message}
          </p>
          <button type="button" onClick={onRetry} className={SECONDARY}>
            Get a new quote
          </button>
        </div>
      );
    default:
      return null;
  }
}
