'use client';
// Copies a value (a transaction hash) and says so for a moment.
import { useState } from 'react';

const COPIED_MS = 1_500;

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), COPIED_MS);
        });
      }}
      className="rounded px-1.5 py-0.5 text-xs text-[var(--muted)] hover:bg-[var(--bg)] hover:text-[var(--fg)]"
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
