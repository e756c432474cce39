'use client';
// One side of the swap: label, token picker, amount (typed or quoted), balance with Max, and the error that concerns this side.
import type { ReactNode } from 'react';
import { formatAmount } from './amountText';
import type { SwapToken } from './swapTokens';
import { TokenPicker } from './TokenPicker';

type Props = {
  side: 'pay' | 'receive';
  token: SwapToken;
  onPickToken: (t: SwapToken) => void;
  balance: bigint | undefined;
  onMax?: () => void;
  error?: string;
  errorId: string;
  frozen: boolean;
  /** The amount in dollars ("$2,995.60"), when the token has a USD price. */
  usdAmount?: string;
  /** The balance in dollars. */
  usdBalance?: string;
  children: ReactNode;
};

export function TokenAmountPanel({ side, token, onPickToken, balance, onMax, error, errorId, frozen, usdAmount, usdBalance, children }: Props) {
  return (
    <div className="rounded-xl border border-[var(--border)] bg-[var(--bg)] p-3">
      <div className="mb-1 text-sm text-[var(--muted)]">{side === 'pay' ? 'You pay' : 'You receive'}</div>
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">{children}</div>
        <TokenPicker side={side} token={token} onPick={onPickToken} disabled={frozen} />
      </div>
      {/* Wraps as a whole: at 375 px a long balance goes to its own line rather than past the panel's edge. */}
      <div className="mt-1 flex min-h-5 flex-wrap items-center justify-end gap-x-2 gap-y-0.5 text-xs text-[var(--muted)]">
        <span data-testid={`${side}-usd`} className="mr-auto whitespace-nowrap tabular-nums">
          {usdAmount ?? ''}
        </span>
        {balance !== undefined ? (
          <span className="whitespace-nowrap tabular-nums">
            <span data-testid={`${side}-balance`}>
              Balance: {formatAmount(balance, token.decimals)} {token.symbol}
            </span>
            {usdBalance ? <span data-testid={`${side}-balance-usd`}> ({usdBalance})</span> : null}
          </span>
        ) : null}
        {onMax && balance !== undefined && balance > 0n ? (
          <button type="button" onClick={onMax} disabled={frozen} className="rounded px-1 font-semibold text-[var(--accent)] hover:underline" aria-label={`Use maximum ${token.symbol} balance`}>
            Max
          </button>
        ) : null}
      </div>
      <p id={errorId} role={error ? 'alert' : undefined} className="text-sm text-[var(--down)]">
        {error ?? ''}
      </p>
    </div>
  );
}
