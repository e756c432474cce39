'use client';
// The amount field: decimal text only (typed or pasted), digits beyond the token's decimals dropped.
import { amountFontClass, cleanAmountText } from './amountText';

type Props = {
  id: string;
  label: string;
  value: string;
  decimals: number;
  onChange: (text: string) => void;
  readOnly?: boolean;
  busy?: boolean;
  describedBy?: string;
  invalid?: boolean;
};

export function AmountInput({ id, label, value, decimals, onChange, readOnly, busy, describedBy, invalid }: Props) {
  return (
    <input
      id={id}
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-busy={busy || undefined}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      autoCorrect="off"
      spellCheck={false}
      placeholder="0"
      value={value}
      readOnly={readOnly}
      onChange={(e) => {
        const cleaned = cleanAmountText(e.target.value, decimals);
        if (cleaned !== null) onChange(cleaned);
      }}
      className={`h-9 w-full min-w-0 bg-transparent leading-9 ${amountFontClass(value)} font-medium tabular-nums outline-none placeholder:text-[var(--muted)] ${busy ? 'animate-pulse text-[var(--muted)]' : ''}`}
    />
  );
}
