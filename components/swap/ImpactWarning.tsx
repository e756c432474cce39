'use client';
// A banner when the price impact is high (amber above 5 %, red above 15 %), on the form and in the review alike.
import { bpsText, impactLevel } from './quoteFigures';

const LEVEL_CLASS = { warn: 'border-amber-500 text-amber-700 dark:text-amber-300', danger: 'border-[var(--down)] text-[var(--down)]' } as const;

export function ImpactWarning({ bps }: { bps: number }) {
  const level = impactLevel(bps);
  if (level === 'ok') return null;
  return (
    <div role="alert" data-testid="impact-warning" data-level={level} className={`mt-3 rounded-xl border p-3 text-sm ${LEVEL_CLASS[level]}`}>
      <p className="font-semibold">{level === 'danger' ? 'Very high price impact' : 'High price impact'}: {bpsText(bps)}</p>
      <p>This order moves the pool price against you: you receive {bpsText(bps)} less than at the market price. A smaller amount loses less.</p>
    </div>
  );
}
