'use client';
// The swap page: pay and receive panels, live indicative quote, details, the action button and the review dialog.
import { useId } from 'react';
import { useSwitchChain } from 'wagmi';
import { useChains } from '@/components/wallet/ChainsContext';
import { useOpenConnect } from '@/components/wallet/WalletUi';
import { useSignIn } from '@/components/wallet/useSignIn';
import { amountFontClass, formatAmount, toBaseUnits } from './amountText';
import { arrivalText, isCrossChain } from './crossChain';
import { AmountInput } from './AmountInput';
import { ImpactWarning } from './ImpactWarning';
import { RecipientField } from './RecipientField';
import { ReviewDialog } from './ReviewDialog';
import { SwapDetails } from './SwapDetails';
import type { SwapStartQuery } from './swapStartPair';
import { TokenAmountPanel } from './TokenAmountPanel';
import { useSwapForm } from './useSwapForm';
import { useUsdPrice } from './useUsdPrice';
import { usdText } from './usdValue';

export function SwapForm({ start }: { start?: SwapStartQuery }) {
  const chains = useChains();
  const f = useSwapForm(chains, start);
  const { tokenIn, tokenOut, amountText, slippage } = f.state;
  const openConnect = useOpenConnect();
  const switchChain = useSwitchChain();
  const { signIn } = useSignIn();
  const ids = { pay: useId(), receive: useId(), payError: useId(), receiveError: useId() };
  const frozen = f.firmRequest !== null;
  const amountOut = f.live.quote ? formatAmount(BigInt(f.live.quote.amount_out), tokenOut.decimals) : '';
  const usdIn = useUsdPrice(tokenIn);
  const usdOut = useUsdPrice(tokenOut);
  const amountInUnits = toBaseUnits(amountText, tokenIn.decimals);
  const usd = {
    pay: amountInUnits === null ? undefined : usdText(amountInUnits, tokenIn.decimals, usdIn),
    receive: f.live.quote && !f.live.updating ? usdText(BigInt(f.live.quote.amount_out), tokenOut.decimals, usdOut) : undefined,
    payBalance: f.balanceIn === undefined ? undefined : usdText(f.balanceIn, tokenIn.decimals, usdIn),
    receiveBalance: f.balanceOut === undefined ? undefined : usdText(f.balanceOut, tokenOut.decimals, usdOut),
  };

  const onAction = () => {
    switch (f.action.kind) {
      case 'connect':
        return openConnect();
      case 'switchNetwork':
        return switchChain.mutate({ chainId: tokenIn.chainId });
      case 'signIn':
        return signIn.mutate();
      case 'review':
        return f.openReview();
      default:
        return undefined;
    }
  };

  return (
    <section aria-labelledby="swap-title" className="mx-auto w-full max-w-md rounded-2xl border border-[var(--border)] bg-[var(--panel)] p-4 sm:p-5">
      <h1 id="swap-title" className="mb-3 text-xl font-semibold">
        Swap
      </h1>
      <TokenAmountPanel
        side="pay"
        token={tokenIn}
        onPickToken={(token) => f.dispatch({ type: 'tokenIn', token })}
        balance={f.balanceIn}
        onMax={f.setMax}
        error={f.errorView?.place === 'amount' ? f.errorView.message : undefined}
        errorId={ids.payError}
        frozen={frozen}
        usdAmount={usd.pay}
        usdBalance={usd.payBalance}
      >
        <AmountInput id={ids.pay} label={`Amount of ${tokenIn.symbol} to pay`} value={amountText} decimals={tokenIn.decimals} onChange={(text) => f.dispatch({ type: 'amount', text })} readOnly={frozen} describedBy={ids.payError} invalid={f.errorView?.place === 'amount'} />
      </TokenAmountPanel>
      <div className="relative z-10 -my-3 flex justify-center">
        <button type="button" onClick={() => f.dispatch({ type: 'flip' })} disabled={frozen} aria-label="Flip: pay with the token you receive" className="rounded-xl border-4 border-[var(--panel)] bg-[var(--bg)] px-3 py-1 text-lg hover:text-[var(--accent)]">
          <span aria-hidden="true">↓↑</span>
        </button>
      </div>
      <TokenAmountPanel
        side="receive"
        token={tokenOut}
        onPickToken={(token) => f.dispatch({ type: 'tokenOut', token })}
        balance={f.balanceOut}
        error={f.errorView?.place === 'tokenOut' ? f.errorView.message : undefined}
        errorId={ids.receiveError}
        frozen={frozen}
        usdAmount={usd.receive}
        usdBalance={usd.receiveBalance}
      >
        <output htmlFor={ids.pay} aria-label={`Amount of ${tokenOut.symbol} you receive`} aria-busy={f.live.updating || undefined} data-testid="receive-amount" title={amountOut || undefined} className={`block h-9 truncate leading-9 ${amountFontClass(f.live.updating ? 'Updating…' : amountOut || '0')} font-medium tabular-nums ${f.live.updating ? 'animate-pulse text-[var(--muted)]' : ''} ${amountOut ? '' : 'text-[var(--muted)]'}`}>
          {f.live.updating ? 'Updating…' : amountOut || '0'}
        </output>
        {f.live.quote && isCrossChain(f.live.quote) && !f.live.updating ? (
          <p className="mt-1 text-xs text-[var(--muted)]" data-testid="receive-arrival">
            {arrivalText(chains.find((c) => c.id === tokenOut.chainId)?.name ?? `chain ${tokenOut.chainId}`, f.live.quote.estimated_fill_time_sec)}
          </p>
        ) : null}
        {f.live.quote && !f.live.updating ? (
          <p className="mt-1 text-xs text-[var(--muted)] tabular-nums" data-testid="quote-block" data-block={f.live.quote.block_number} data-amount-out={f.live.quote.amount_out}>
            Live price · block {f.live.quote.block_number.toLocaleString('en-US')}
          </p>
        ) : null}
      </TokenAmountPanel>
      <SwapDetails quote={f.live.quote} hasAmount={amountText !== ''} tokenIn={tokenIn} tokenOut={tokenOut} slippage={slippage} onSlippage={(value) => f.dispatch({ type: 'slippage', value })} frozen={frozen} />
      {f.live.quote ? <ImpactWarning bps={f.live.quote.price_impact_bps} /> : null}
      <RecipientField onChange={f.setRecipient} frozen={frozen} />
      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {f.errorView?.place === 'form' ? <p className="text-[var(--down)]">{f.errorView.message}</p> : null}
        {f.live.stale && !f.errorView && !frozen ? <p className="text-[var(--muted)]">The last quote is too old to show; refreshing…</p> : null}
        {f.gasless && !f.errorView && f.action.kind === 'review' ? (
          <p className="text-[var(--muted)]" data-testid="gasless-note">
            No {f.nativeSymbol} for gas in this wallet: this swap is gasless. You sign, Swapdesk sends it, and its gas fee is paid in {tokenIn.symbol}.
          </p>
        ) : null}
        {signIn.error ? <p className="text-[var(--down)]">{signIn.error.message}</p> : null}
        {f.tokens.problem && !f.tokens.quoteToken ? <p className="text-[var(--muted)]">{f.tokens.problem}</p> : null}
      </div>
      <button type="button" onClick={onAction} disabled={f.action.disabled || signIn.isPending || switchChain.isPending} data-testid="swap-action" className="mt-2 w-full rounded-xl bg-[var(--accent)] px-4 py-3 text-base font-semibold text-[var(--on-accent)] disabled:cursor-not-allowed disabled:opacity-50">
        {signIn.isPending ? 'Sign the message in your wallet…' : f.action.label}
      </button>
      {f.firmRequest ? (
        <ReviewDialog
          request={f.firmRequest}
          token={f.tokens.walletToken}
          tokenIn={tokenIn}
          tokenOut={tokenOut}
          account={f.address}
          onClose={(swapped) => {
            f.closeReview(swapped);
            // The button that opened the review is disabled once the amount is cleared: the amount field takes focus.
            if (swapped) requestAnimationFrame(() => document.getElementById(ids.pay)?.focus());
          }}
        />
      ) : null}
    </section>
  );
}
