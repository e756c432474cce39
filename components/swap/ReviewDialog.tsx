'use client';
// The review: a firm quote with its minimum, fee and deadline, then approve or enable Permit2 (if needed) and swap (for
// Permit2: sign, then send; gasless: sign, and Swapdesk sends it), then the outcome.
import { useState } from 'react';
import { useChains } from '@/components/wallet/ChainsContext';
import type { Address } from 'viem';
import { Dialog } from '@/components/ui/Dialog';
import { formatAmount } from './amountText';
import { bpsText, IMPACT_TEXT_CLASS, impactLevel } from './quoteFigures';
import { ImpactWarning } from './ImpactWarning';
import { useNetworkCost } from './useNetworkCost';
import { usdText } from './usdValue';
import type { FirmQuote, FirmQuoteRequest } from './quoteTypes';
import type { SwapToken } from './swapTokens';
import { useSwapExecution, type SwapStep } from './useSwapExecution';
import { ReviewOutcome } from './ReviewOutcome';
import { isCrossChain } from './crossChain';
import { CrossChainReviewRows, CrossChainSent } from './CrossChainReview';
import { reviewRisks } from './reviewRisks';
import { RiskConfirmations } from './RiskConfirmations';
import { reviewSteps } from './reviewSteps';
import { ReviewSteps } from './ReviewSteps';
import { swapTokens } from './swapTokens';

type Props = { request: FirmQuoteRequest; token: string | undefined; tokenIn: SwapToken; tokenOut: SwapToken; account: Address | undefined; onClose: (swapped: boolean) => void };

const BUTTON = 'w-full rounded-xl bg-[var(--accent)] px-4 py-3 font-semibold text-[var(--on-accent)] disabled:opacity-50';

function Row({ label, value, testId, valueClass = '' }: { label: string; value: string; testId?: string; valueClass?: string }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-[var(--muted)]">{label}</dt>
      <dd className={`text-right tabular-nums whitespace-nowrap ${valueClass}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function ReviewDialog({ request, token, tokenIn, tokenOut, account, onClose }: Props) {
  const x = useSwapExecution({ request, token, tokenIn, tokenOut, account });
  const { step } = x;
  // A gasless order being relayed is Swapdesk's to send: the review may close, and Activity follows it.
  const busy = step.kind === 'approving' || step.kind === 'permitting' || step.kind === 'signing' || step.kind === 'pending' || step.kind === 'submitting';
  const chain = useChains().find((c) => c.id === tokenIn.chainId);
  const nativeSymbol = (chain ? swapTokens(chain)[0]?.symbol : undefined) ?? 'native coin';
  const firm = 'offer' in step ? step.offer.firm : step.kind === 'failed' ? step.firm : undefined;
  // Named steps for a token taken through Permit2; the router's own approval keeps its single button.
  const steps = firm?.permit2 || firm?.gasless ? reviewSteps({ step, symbolIn: tokenIn.symbol, gasless: firm.gasless !== undefined, needsApproval: x.needsApproval, enableBySignature: firm.gasless?.approval !== undefined }) : null;
  // Closed once the order is out (sent, or handed to Swapdesk), the form clears its amount: the same swap is not reviewed twice by accident.
  const close = () => onClose(step.kind === 'success' || step.kind === 'relaying');
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(new Set());
  const risks = step.kind === 'review' ? reviewRisks(step.offer.firm.price_impact_bps, request.slippage) : [];
  const confirmed = risks.every((r) => accepted.has(r.id));
  const accept = (id: string, yes: boolean) => {
    const next = new Set(accepted);
    if (yes) next.add(id);
    else next.delete(id);
    setAccepted(next);
  };
  return (
    <Dialog open onClose={busy ? () => undefined : close} title="Review swap" testId="review-dialog">
      <div aria-live="polite" className="flex flex-col gap-4">
        {step.kind === 'quoting' ? <p className="py-6 text-center text-[var(--muted)]">Getting a firm quote…</p> : null}
        {'offer' in step ? (
          <FirmSummary step={step} tokenIn={tokenIn} tokenOut={tokenOut} secondsLeft={x.secondsLeft}>
            {/* A Permit2 call cannot be estimated before the signature it carries exists: the typical figure stands in. */}
            {step.offer.firm.gasless ? (
              <>
                <Row label="Network cost" value={`None: Swapdesk sends it`} />
                <Row label="Gas fee (inside the amounts)" value={`${formatAmount(BigInt(step.offer.firm.gasless.gas_fee_amount), tokenIn.decimals)} ${tokenIn.symbol}`} testId="gasless-gas-fee" />
              </>
            ) : (
              <NetworkCostRow firm={step.offer.firm} account={account} canEstimate={!x.needsApproval && !x.checkingAllowance && !step.offer.firm.permit2} />
            )}
          </FirmSummary>
        ) : null}
        {steps ? <ReviewSteps steps={steps} /> : null}
        {step.kind === 'review' ? <ImpactWarning bps={step.offer.firm.price_impact_bps} /> : null}
        {step.kind === 'review' && step.offer.mustAccept ? (
          <div role="alert" className="rounded-xl border border-amber-500 p-3 text-sm">
            <p>The price moved: you now receive {bpsText(step.offer.worseBps)} less than the estimate.</p>
            <button type="button" onClick={x.accept} className={`${BUTTON} mt-3`}>
              Accept new price
            </button>
          </div>
        ) : null}
        {step.kind === 'review' && !step.offer.mustAccept ? <RiskConfirmations risks={risks} accepted={accepted} onChange={accept} /> : null}
        {step.kind === 'review' && !step.offer.mustAccept ? (
          <ReviewAction firm={step.offer.firm} tokenIn={tokenIn} nativeSymbol={nativeSymbol} confirmed={confirmed} needsApproval={x.needsApproval} checking={x.checkingAllowance} onApprove={() => void x.approve()} onSwap={() => void x.swap()} />
        ) : null}
        {(step.kind === 'pending' || step.kind === 'relaying' || step.kind === 'success') && isCrossChain(step.offer.firm) ? (
          <CrossChainSent quoteId={step.offer.firm.quote_id} token={token} onClose={() => onClose(true)} />
        ) : (
          <ReviewOutcome step={step} tokenIn={tokenIn} tokenOut={tokenOut} onRetry={() => void x.requote()} onClose={close} />
        )}
      </div>
    </Dialog>
  );
}

/** The review's next step: approve (the router for this amount, or Permit2 once for the token), then swap or sign and swap. */
type ActionProps = { firm: FirmQuote; tokenIn: SwapToken; nativeSymbol: string; confirmed: boolean; needsApproval: boolean; checking: boolean; onApprove: () => void; onSwap: () => void };

function ReviewAction({ firm, tokenIn, nativeSymbol, confirmed, needsApproval, checking, onApprove, onSwap }: ActionProps) {
  const viaPermit2 = firm.permit2 !== undefined;
  const gasless = firm.gasless !== undefined;
  if (checking) {
    return (
      <button type="button" disabled className={BUTTON}>
        Checking {tokenIn.symbol} allowance…
      </button>
    );
  }
  if (needsApproval && firm.gasless?.approval) {
    // The token's own permit of Permit2, signed: Swapdesk sends it with the swap, so no native coin is needed even once.
    return (
      <div className="flex flex-col gap-2">
        <button type="button" disabled={!confirmed} onClick={onApprove} className={BUTTON}>
          Enable {tokenIn.symbol} (one time)
        </button>
        <p className="text-xs text-[var(--muted)]" data-testid="gasless-enable-by-signature">
          Step 1 of 2: sign once to let Permit2 move {tokenIn.symbol} for you. Swapdesk sends this approval with your swap, so you need no {nativeSymbol}.
        </p>
      </div>
    );
  }
  if (needsApproval && gasless) {
    // Permit2 takes only what it was approved for, and an approval is a transaction this wallet cannot pay for.
    return (
      <div className="flex flex-col gap-2">
        <button type="button" disabled className={BUTTON}>
          Enable {tokenIn.symbol} (one time)
        </button>
        <p role="alert" className="text-sm" data-testid="gasless-needs-enable">
          This wallet has no {nativeSymbol} for gas, and enabling {tokenIn.symbol} for Permit2 is a one-time transaction that needs a little {nativeSymbol}. Add {nativeSymbol} to this wallet and enable {tokenIn.symbol} once; after that, {tokenIn.symbol} swaps need only your signature, even with no {nativeSymbol}.
        </p>
      </div>
    );
  }
  if (needsApproval) {
    return (
      <div className="flex flex-col gap-2">
        <button type="button" disabled={!confirmed} onClick={onApprove} className={BUTTON}>
          {viaPermit2 ? `Enable ${tokenIn.symbol} (one time)` : `Approve ${formatAmount(BigInt(firm.amount_in), tokenIn.decimals)} ${tokenIn.symbol}`}
        </button>
        {viaPermit2 ? (
          <p className="text-xs text-[var(--muted)]" data-testid="permit2-hint">
            Step 1 of 2: one transaction lets Permit2 move {tokenIn.symbol} for you. Each swap after it needs only your signature and one transaction, and takes exactly the amount you sign for.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <button type="button" disabled={!confirmed} onClick={onSwap} className={BUTTON}>
      {gasless ? 'Sign' : viaPermit2 ? 'Sign and swap' : 'Swap'}
    </button>
  );
}

/** Gas of the transaction the review sends, in native coin and dollars ("≈" while it is a typical figure, not an estimate). */
function NetworkCostRow({ firm, account, canEstimate }: { firm: FirmQuote; account: Address | undefined; canEstimate: boolean }) {
  const cost = useNetworkCost(firm, account, canEstimate);
  if (!cost) return <Row label="Network cost" value="—" testId="network-cost" />;
  const usd = usdText(cost.wei, cost.native.decimals, cost.usdPerNative);
  const value = `${cost.estimated ? '' : '≈ '}${formatAmount(cost.wei, cost.native.decimals, 3)} ${cost.native.symbol}${usd ? ` (${usd})` : ''}`;
  return <Row label="Network cost" value={value} testId="network-cost" />;
}

function FirmSummary({ step, tokenIn, tokenOut, secondsLeft, children }: { step: Extract<SwapStep, { offer: unknown }>; tokenIn: SwapToken; tokenOut: SwapToken; secondsLeft: number | undefined; children: React.ReactNode }) {
  const q = step.offer.firm;
  const gasFee = BigInt(q.gasless?.gas_fee_amount ?? 0);
  // Once sent, or handed to Swapdesk to send, the quote's life is no longer the trader's to watch.
  const sentOrDone = step.kind === 'pending' || step.kind === 'submitting' || step.kind === 'relaying' || step.kind === 'success';
  return (
    <dl>
      <Row label="You pay" value={`${formatAmount(BigInt(q.amount_in), tokenIn.decimals)} ${tokenIn.symbol}`} />
      <Row label="You receive (expected)" value={`${formatAmount(BigInt(q.amount_out), tokenOut.decimals)} ${tokenOut.symbol}`} testId="firm-amount-out" />
      <Row label="Minimum received" value={`${formatAmount(BigInt(q.min_amount_out), tokenOut.decimals)} ${tokenOut.symbol}`} testId="firm-min-out" />
      {isCrossChain(q) ? (
        <>
          {/* As same-chain: a gasless quote's fee_amount also holds the gas fee, which has its own row. */}
          <Row label="Fees (service and relayer)" value={`${formatAmount(BigInt(q.fee_amount) - gasFee, tokenIn.decimals)} ${tokenIn.symbol}`} testId="firm-crosschain-fees" />
          <CrossChainReviewRows firm={q} tokenIn={tokenIn} tokenOut={tokenOut} />
        </>
      ) : (
        // A gasless quote's fee_amount also holds the gas fee, which has its own row.
        <Row label="Service fee" value={`${bpsText(q.fee_rate)} · ${formatAmount(BigInt(q.fee_amount) - gasFee, tokenIn.decimals)} ${tokenIn.symbol}`} testId="firm-service-fee" />
      )}
      {!isCrossChain(q) ? <Row label="Price impact" value={bpsText(q.price_impact_bps)} testId="firm-price-impact" valueClass={IMPACT_TEXT_CLASS[impactLevel(q.price_impact_bps)]} /> : null}
      {children}
      <Row label="Recipient" value={`${q.to_address.slice(0, 6)}…${q.to_address.slice(-4)}`} />
      {!sentOrDone ? <Row label="Quote expires in" value={secondsLeft === undefined ? '—' : `${secondsLeft} s`} testId="quote-countdown" /> : null}
    </dl>
  );
}
