'use client';
// The hovered candle (or the newest one) as text: time, OHLC, change and volume. Raw API values ride in data-value.
import type { Kline } from '@/lib/market/marketDto';
import { formatAmount, formatChange, formatPrice, changeDirection } from './formatMarket';
import { PAIR_TEST_IDS } from './pairTestIds';

type Props = { candle: Kline | undefined; formatTime: (openTimeSec: number) => string; baseSymbol: string };

function Item({ term, name, value, shown, testId }: { term: string; name: string; value: string; shown: string; testId: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-[var(--muted)]">
        <span aria-hidden="true">{term}</span>
        <span className="sr-only">{name}</span>
      </dt>
      <dd data-testid={testId} data-value={value} className="tabular-nums">
        {shown}
      </dd>
    </div>
  );
}

export function ChartLegend({ candle, formatTime, baseSymbol }: Props) {
  if (!candle) return <p className="text-xs text-[var(--muted)]">No candles yet.</p>;
  const change = Number(candle.open) === 0 ? 0 : Number(candle.close) / Number(candle.open) - 1;
  const dir = changeDirection(change);
  return (
    <dl data-testid={PAIR_TEST_IDS.legend} aria-label="Candle values" className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      <div className="flex gap-1">
        <dt className="sr-only">Open time</dt>
        <dd data-testid={PAIR_TEST_IDS.legendTime} data-value={String(candle.open_time)} className="font-medium">
          {formatTime(candle.open_time)}
        </dd>
      </div>
      <Item term="O" name="Open" value={candle.open} shown={formatPrice(candle.open)} testId={PAIR_TEST_IDS.legendOpen} />
      <Item term="H" name="High" value={candle.high} shown={formatPrice(candle.high)} testId={PAIR_TEST_IDS.legendHigh} />
      <Item term="L" name="Low" value={candle.low} shown={formatPrice(candle.low)} testId={PAIR_TEST_IDS.legendLow} />
      <Item term="C" name="Close" value={candle.close} shown={formatPrice(candle.close)} testId={PAIR_TEST_IDS.legendClose} />
      <div className="flex gap-1">
        <dt className="sr-only">Change</dt>
        <dd className={`tabular-nums ${dir === 'up' ? 'text-[var(--up)]' : dir === 'down' ? 'text-[var(--down)]' : ''}`}>
          {formatChange(change)}
        </dd>
      </div>
      <Item term="Vol" name="Volume" value={candle.volume_base} shown={`${formatAmount(candle.volume_base)} ${baseSymbol}`} testId={PAIR_TEST_IDS.legendVolume} />
    </dl>
  );
}
