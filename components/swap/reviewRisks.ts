// What the review makes the trader confirm before approving or sending: a very high price impact or slippage.
import { bpsText, IMPACT_CONFIRM_BPS } from './quoteFigures';
import { SLIPPAGE_CONFIRM_PERCENT } from './swapFormState';

export type ReviewRisk = { id: 'impact' | 'slippage'; label: string };

export function reviewRisks(priceImpactBps: number, slippagePercent: number): ReviewRisk[] {
  const risks: ReviewRisk[] = [];
  if (priceImpactBps > IMPACT_CONFIRM_BPS) {
    risks.push({ id: 'impact', label: `I accept a price impact of ${bpsText(priceImpactBps)}: this order moves the price far against me.` });
  }
  if (slippagePercent > SLIPPAGE_CONFIRM_PERCENT) {
    risks.push({ id: 'slippage', label: `I accept a slippage of ${slippagePercent} %: the swap may pay as little as the minimum shown.` });
  }
  return risks;
}
