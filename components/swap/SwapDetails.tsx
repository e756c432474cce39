'use client';
// Details under the form: rate (invertible), service fee, price impact, minimum received, route, slippage.
import { useState } from 'react';
import { useChains } from '@/components/wallet/ChainsContext';
import { formatAmount } from './amountText';
import { CrossChainRows } from './CrossChainRows';
import { isCrossChain } from './crossChain';
import { bpsText, IMPACT_TEXT_CLASS, impactLevel, rateText } from './quoteFigures';
import type { IndicativeQuote } from './quoteTypes';
import { effectiveSlippage, minimumReceived, type SlippageChoice } from './swapFormState';
import { routeLegTexts, servesSeveralSources } from './routeText';
import { findToken, type SwapToken } from './swapTokens';
import { SlippageSetting } from './SlippageSetting';

type Props = { quote: IndicativeQuote | undefined; hasAmount: boolean; tokenIn: SwapToken; tokenOut: SwapToken; slippage: SlippageChoice; onSlippage: (v: SlippageChoice) => void; frozen: boolean };

/** `nowrap`: a figure ("2,995.6 USDC") that must never break across lines; routes may wrap between legs. */
function Row({ label, children, testId, nowrap }: { label: string; children: React.ReactNode; testId?: string; nowrap?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4 py-1">
      <dt className="text-[var(--muted)]">{label}</dt>
      <dd className={`text-right tabular-nums ${nowrap ? 'whitespace-nowrap' : ''}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** One line per leg, so a split stays readable on a narrow screen. */
function RouteLegs({ quote, tokenIn, tokenOut, symbolOf }: { quote: IndicativeQuote; tokenIn: SwapToken; tokenOut: SwapToken; symbolOf: (chainId: number, a: `0x${string}`) => string }) {
  const chains = useChains();
  const legs = routeLegTexts(quote.route, tokenIn, tokenOut, symbolOf, (id) => servesSeveralSources(chains, id));
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
  const percent = effectiveSlippage(slippage, quote?.suggested_slippage);
  return (
    <div className="mt-4 rounded-xl border border-[var(--border)] p-3 text-sm">
      {quote ? (
        <dl>
          <Row label="Rate" nowrap>
            <button type="button" onClick={() => setInverted(!inverted)} title="Invert rate" className="tabular-nums hover:text-[var(--accent)]">
              {inverted
                ? `1 ${tokenOut.symbol} = ${rateText(BigInt(quote.amount_out), tokenOut.decimals, BigInt(quote.amount_in), tokenIn.decimals)} ${tokenIn.symbol}`
                : `1 ${tokenIn.symbol} = ${rateText(BigInt(quote.amount_in), tokenIn.decimals, BigInt(quote.amount_out), tokenOut.decimals)} ${tokenOut.symbol}`}{' '}
              <span aria-hidden="true">⇄</span>
              <span className="sr-only">, invert</span>
            </button>
          </Row>
          {isCrossChain(quote) ? (
            <Row label="Fees (service and relayer)" nowrap>
              {formatAmount(BigInt(quote.fee_amount), tokenIn.decimals)} {tokenIn.symbol}
            </Row>
          ) : (
            <Row label="Service fee" nowrap>
              {bpsText(quote.fee_rate)} · {formatAmount(BigInt(quote.fee_amount), tokenIn.decimals)} {tokenIn.symbol}
            </Row>
          )}
          <Row label="Price impact" testId="price-impact" nowrap>
            <span className={IMPACT_TEXT_CLASS[impactLevel(quote.price_impact_bps)]}>{bpsText(quote.price_impact_bps)}</span>
          </Row>
          <Row label={`Minimum received (${percent} % slippage)`} testId="minimum-received" nowrap>
            {formatAmount(minimumReceived(BigInt(quote.amount_out), percent), tokenOut.decimals)} {tokenOut.symbol}
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
        <SlippageSetting value={slippage} suggested={quote?.suggested_slippage} onChange={onSlippage} disabled={frozen} />
      </div>
    </div>
  );
}
