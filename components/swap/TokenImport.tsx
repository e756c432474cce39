'use client';
// Importing a token by pasted address: what the chain says it is, a clear "unverified token" warning the trader
// must acknowledge, then the import (kept in this browser).
import { useId, useState } from 'react';
import type { SwapToken } from './swapTokens';

type Props = { token: SwapToken; chainName: string; onImport: (token: SwapToken) => void };

export function TokenImport({ token, chainName, onImport }: Props) {
  const [understood, setUnderstood] = useState(false);
  const checkId = useId();
  const warningId = useId();
  return (
    <section aria-label={`Import ${token.symbol}`} className="flex flex-col gap-3 rounded-xl border border-[var(--down)] p-3">
      <div>
        <p className="font-semibold">
          {token.symbol} <span className="font-normal text-[var(--muted)]">{token.name || 'no name'}</span>
        </p>
        <p className="break-all text-xs text-[var(--muted)]">
          {token.address} · {chainName} · {token.decimals} decimals
        </p>
      </div>
      <div id={warningId} role="alert" className="rounded-lg bg-[var(--bg)] p-2 text-sm">
        <p className="font-semibold text-[var(--down)]">
          <span aria-hidden="true">⚠ </span>Unverified token
        </p>
        <p className="text-[var(--muted)]">
          This token is not on Swapdesk&apos;s list. Anyone can create a token with any name and symbol, including copies of real
          ones. Check the address with the project before you trade it.
        </p>
      </div>
      <label htmlFor={checkId} className="flex items-start gap-2 text-sm">
        <input id={checkId} type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} aria-describedby={warningId} className="mt-1" />
        I understand the risk and want to trade this token
      </label>
      <button
        type="button"
        disabled={!understood}
        onClick={() => onImport(token)}
        className="rounded-xl bg-[var(--accent)] px-4 py-2 font-semibold text-[var(--on-accent)] disabled:cursor-not-allowed disabled:opacity-50"
      >
        Import {token.symbol}
      </button>
    </section>
  );
}
