'use client';
// Checkboxes the trader ticks before a very high price impact or slippage can be approved or sent.
import type { ReviewRisk } from './reviewRisks';

type Props = { risks: readonly ReviewRisk[]; accepted: ReadonlySet<string>; onChange: (id: string, accepted: boolean) => void };

export function RiskConfirmations({ risks, accepted, onChange }: Props) {
  if (risks.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-[var(--down)] p-3 text-sm">
      <legend className="px-1 font-semibold text-[var(--down)]">Confirm before you continue</legend>
      {risks.map((risk) => (
        <label key={risk.id} className="flex items-start gap-2">
          <input type="checkbox" className="mt-1" checked={accepted.has(risk.id)} onChange={(e) => onChange(risk.id, e.target.checked)} />
          <span>{risk.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
