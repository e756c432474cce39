'use client';
// Slippage: Auto (what the quote suggests for its route), presets and a custom percent from 0 to 100, with a warning
// when unusually low or high.
import { useId, useState } from 'react';
import { DEFAULT_SLIPPAGE, effectiveSlippage, SLIPPAGE_PRESETS, slippageWarning, type SlippageChoice } from './swapFormState';

type Props = { value: SlippageChoice; suggested: number | undefined; onChange: (value: SlippageChoice) => void; disabled?: boolean };

const CHOICE_CLASS = 'rounded-full border border-[var(--border)] px-3 py-1 whitespace-nowrap aria-pressed:border-[var(--accent)] aria-pressed:text-[var(--accent)]';

const WARNINGS = {
  low: 'Slippage this low may make the swap fail when the price moves a little.',
  high: 'Slippage above 1 % lets the price move against you before the swap executes.',
  confirm: 'Slippage above 5 % lets the price move a lot against you; the review will ask you to confirm it.',
} as const;

export function SlippageSetting({ value, suggested, onChange, disabled }: Props) {
  const isPreset = value === 'auto' || (SLIPPAGE_PRESETS as readonly number[]).includes(value);
  const [custom, setCustom] = useState(isPreset ? '' : String(value));
  const [invalid, setInvalid] = useState(false);
  const warning = slippageWarning(effectiveSlippage(value, suggested));
  const warningId = useId();
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-2" aria-describedby={warning ? warningId : undefined}>
      <legend className="mb-1 text-[var(--muted)]">Max slippage</legend>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={value === 'auto'}
          title="Set from how the route's pools have been moving"
          data-testid="slippage-auto"
          onClick={() => {
            setCustom('');
            setInvalid(false);
            onChange('auto');
          }}
          className={CHOICE_CLASS}
        >
          Auto ({suggested ?? DEFAULT_SLIPPAGE} %)
        </button>
        {SLIPPAGE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={value === p && custom === ''}
            onClick={() => {
              setCustom('');
              setInvalid(false);
              onChange(p);
            }}
            className={CHOICE_CLASS}
          >
            {p} %
          </button>
        ))}
        <label className="flex items-center gap-1">
          <span className="sr-only">Custom slippage in percent</span>
          <input
            type="text"
            inputMode="decimal"
            value={custom}
            placeholder="Custom"
            aria-invalid={invalid || undefined}
            onChange={(e) => {
              const text = e.target.value.replace(',', '.').trim();
              setCustom(text);
              const n = Number(text);
              const ok = text !== '' && /^\d*\.?\d*$/.test(text) && n >= 0 && n <= 100;
              setInvalid(text !== '' && !ok);
              if (ok) onChange(n);
            }}
            className="w-20 rounded-full border border-[var(--border)] bg-transparent px-3 py-1 text-right aria-invalid:border-[var(--down)]"
          />
          <span aria-hidden="true">%</span>
        </label>
      </div>
      {invalid ? <p className="text-[var(--down)]">Slippage must be a percent from 0 to 100.</p> : null}
      {warning ? (
        <p id={warningId} className="text-amber-600 dark:text-amber-400">
          {WARNINGS[warning]}
        </p>
      ) : null}
    </fieldset>
  );
}
