'use client';
// The 14 candle intervals as a radio group: one tab stop, arrow keys move and select (WAI-ARIA radio pattern).
import { useRef, type KeyboardEvent } from 'react';
import { KLINE_INTERVALS, type KlineInterval } from '@/lib/market/klineIntervals';

const LABELS: Record<KlineInterval, string> = {
  '1m': '1 minute', '3m': '3 minutes', '5m': '5 minutes', '15m': '15 minutes', '30m': '30 minutes',
  '1h': '1 hour', '2h': '2 hours', '4h': '4 hours', '8h': '8 hours', '12h': '12 hours',
  '1d': '1 day', '3d': '3 days', '1w': '1 week', '1M': '1 month',
};

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export function IntervalSwitcher({ value, onChange }: { value: KlineInterval; onChange: (i: KlineInterval) => void }) {
  const group = useRef<HTMLDivElement>(null);
  const select = (index: number) => {
    const n = KLINE_INTERVALS.length;
    const next = KLINE_INTERVALS[((index % n) + n) % n];
    if (!next) return;
    onChange(next);
    group.current?.querySelector<HTMLButtonElement>(`[data-interval="${next}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = KLINE_INTERVALS.indexOf(value);
    const step = STEP[e.key];
    if (step !== undefined) select(at + step);
    else if (e.key === 'Home') select(0);
    else if (e.key === 'End') select(KLINE_INTERVALS.length - 1);
    else return;
    e.preventDefault();
  };
  return (
    <div ref={group} role="radiogroup" aria-label="Candle interval" onKeyDown={onKeyDown} className="flex flex-wrap gap-1">
      {KLINE_INTERVALS.map((i) => (
        <button
          key={i}
          type="button"
          role="radio"
          aria-checked={i === value}
          aria-label={LABELS[i]}
          tabIndex={i === value ? 0 : -1}
          data-interval={i}
          onClick={() => onChange(i)}
          className={`min-w-9 rounded-md px-2 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-[var(--accent)] ${
            i === value ? 'bg-[var(--accent)] text-[var(--on-accent)]' : 'text-[var(--muted)] hover:bg-[var(--bg)] hover:text-[var(--fg)]'
          }`}
        >
          {i}
        </button>
      ))}
    </div>
  );
}
