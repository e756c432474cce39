'use client';
// Switches chart and legend times between the visitor's time zone and UTC.
export function TimeZoneToggle({ utc, zone, onChange }: { utc: boolean; zone: string; onChange: (utc: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={utc}
      onClick={() => onChange(!utc)}
      title={utc ? 'Times in UTC' : `Times in ${zone}`}
      className="rounded-md border border-[var(--border)] px-2 py-1 text-xs text-[var(--muted)] hover:text-[var(--fg)] focus-visible:outline-2 focus-visible:outline-[var(--accent)] aria-pressed:border-[var(--accent)] aria-pressed:text-[var(--fg)]"
    >
      UTC
    </button>
  );
}
