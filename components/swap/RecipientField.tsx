'use client';
// Optional recipient: another address, typed and explicitly confirmed before it can be used.
import { useId, useState } from 'react';
import { getAddress, isAddress, type Address } from 'viem';

export type Recipient = { kind: 'self' } | { kind: 'other'; address: Address } | { kind: 'incomplete' };

export function RecipientField({ onChange, frozen }: { onChange: (r: Recipient) => void; frozen: boolean }) {
  const [enabled, setEnabled] = useState(false);
  const [text, setText] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const inputId = useId();
  const valid = isAddress(text.trim(), { strict: false });
  const update = (on: boolean, value: string, ok: boolean) => {
    const v = value.trim();
    if (!on) onChange({ kind: 'self' });
    else if (isAddress(v, { strict: false }) && ok) onChange({ kind: 'other', address: getAddress(v.toLowerCase()) });
    else onChange({ kind: 'incomplete' });
  };
  return (
    <fieldset disabled={frozen} className="mt-3 text-sm">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={enabled} onChange={(e) => { setEnabled(e.target.checked); update(e.target.checked, text, confirmed); }} />
        Send to another address
      </label>
      {enabled ? (
        <div className="mt-2 flex flex-col gap-2">
          <label htmlFor={inputId} className="text-[var(--muted)]">Recipient address</label>
          <input
            id={inputId}
            value={text}
            spellCheck={false}
            placeholder="0x…"
            aria-invalid={(text !== '' && !valid) || undefined}
            onChange={(e) => { setText(e.target.value); setConfirmed(false); update(true, e.target.value, false); }}
            className="rounded-lg border border-[var(--border)] bg-[var(--bg)] px-3 py-2 font-mono"
          />
          {text !== '' && !valid ? <p className="text-[var(--down)]">This is not an address: 0x followed by 40 hex digits.</p> : null}
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={confirmed} disabled={!valid} onChange={(e) => { setConfirmed(e.target.checked); update(true, text, e.target.checked); }} />
            I checked this address; tokens sent to a wrong one are lost.
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}
