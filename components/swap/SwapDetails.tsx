'use client';
// Details under the form: rate (invertible), service fee, price impact, minimum received, route, slippage.
import { useState } from 'react';
import { useChains } from '@/components/wallet/ChainsContext';
import { formatAmount } from './amountText';
import { CrossChainRows } from './CrossChainRows';
import { isCrossChain } from './crossChain';
import { bpsText, impactLevel, rateText } from './quoteFigures';
import type { IndicativeQuote } from './quoteTypes';
import { minimumReceived } from './swapFormState';
import { routeLegTexts } from './routeText';
import { findToken, type SwapToken } from './swapTokens';
import { SlippageSetting } from './SlippageSetting';

type Props = { quote: IndicativeQuote | undefined; hasAmount: boolean; tokenIn: SwapToken; tokenOut: SwapToken; slippage: number; onSlippage: (v: number) => void; frozen: boolean };

const IMPACT_CLASS = { ok: 'text-[var(--muted)]', warn: 'text-amber-600 dark:text-amber-400', danger: 'text-[var(--down)] font-semibold' } as const;

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex items-start justify-between gap-4 py-1">
      <dt className="text-[var(--muted)]">{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** One line per leg, so a split stays readable on a narrow screen. */
function RouteLegs({ quote, tokenIn, tokenOut, symbolOf }: { quote: IndicativeQuote; tokenIn: SwapToken; tokenOut: SwapToken; symbolOf: (chainId: number, a: `0x${string}`) => string }) {
  const legs = routeLegTexts(quote.route, tokenIn, tokenOut, symbolOf);
  if (legs.length === 0) return <>—</>;
  if (legs.length === 1) return <>{legs[0]?.path}</>;
  return (
    <ul aria-label={`Split across ${legs.length} routes`}>
      {legs.map((leg, i) => (
        <li key={i}>
          <span className="font-medium">{leg.share}</span> {leg.path}
        </li>
      ))}
    </ul>
  );
}

export function SwapDetails({ quote, hasAmount, tokenIn, tokenOut, slippage, onSlippage, frozen }: Props) {
  const [inverted, setInverted] = useState(false);
  const chains = useChains();
  const symbolOf = (chainId: number, address: `0x${string}`) => findToken(chains, chainId, address)?.symbol ?? `${address.slice(0, 6)}…`;
  return (
    <div className="mt-4 rounded-xl border border-[var(--border)] p-3 text-sm">
      {quote ? (
        <dl>
          <Row label="Rate">
            <button type="button" onClick={() => setInverted(!inverted)} title="Invert rate" className="tabular-nums hover:text-[var(--accent)]">
              {inverted
                ? `1 ${tokenOut.symbol} = ${rateText(BigInt(quote.amount_out), tokenOut.decimals, BigInt(quote.amount_in), tokenIn.decimals)} ${tokenIn.symbol}`
                : `1 ${tokenIn.symbol} = ${rateText(BigInt(quote.amount_in), tokenIn.decimals, BigInt(quote.amount_out), tokenOut.decimals)} ${tokenOut.symbol}`}{' '}
              <span aria-hidden="true">⇄</span>
              <span className="sr-only">, invert</span>
            </button>
          </Row>
          {isCrossChain(quote) ? (
            <Row label="Fees (service and relayer)">
              {formatAmount(BigInt(quote.fee_amount), tokenIn.decimals)} {tokenIn.symbol}
            </Row>
          ) : (
            <Row label="Service fee">
              {bpsText(quote.fee_rate)} · {formatAmount(BigInt(quote.fee_amount), tokenIn.decimals)} {tokenIn.symbol}
            </Row>
          )}
          <Row label="Price impact" testId="price-impact">
            <span className={IMPACT_CLASS[impactLevel(quote.price_impact_bps)]}>{bpsText(quote.price_impact_bps)}</span>
          </Row>
          <Row label={`Minimum received (${slippage} % slippage)`} testId="minimum-received">
            {formatAmount(minimumReceived(BigInt(quote.amount_out), slippage), tokenOut.decimals)} {tokenOut.symbol}
          </Row>
          {isCrossChain(quote) ? (
            <CrossChainRows quote={quote} tokenIn={tokenIn} tokenOut={tokenOut} Row={Row} />
          ) : (
            <Row label="Route" testId="route">
              <RouteLegs quote={quote} tokenIn={tokenIn} tokenOut={tokenOut} symbolOf={symbolOf} />
            </Row>
          )}
        </dl>
      ) : (
        <p className="py-1 text-[var(--muted)]">{hasAmount ? 'Rate, fee and route appear with the quote.' : 'Enter an amount to see the rate, fee and route.'}</p>
      )}
      <div className="mt-3 border-t border-[var(--border)] pt-3">
        <SlippageSetting value={slippage} onChange={onSlippage} disabled={frozen} />
      </div>
    </div>
  );
}
