'use client';
// The signed-in wallet's swaps, newest first: designed states for signed out, loading, error and empty.
import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useNow } from '@/components/ui/useNow';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import { useApiToken } from '@/components/wallet/useApiToken';
import { activityKind } from './activityKind';
import { activityOptions } from './activityOptions';
import { ActivityRow } from './ActivityRow';

function Panel({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-[var(--border)] p-8 text-center text-sm">
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

export function ActivityList() {
  const { walletToken, signedInAddress, checkingSession } = useApiToken();
  const apiBase = useApiBase();
  const query = useInfiniteQuery(activityOptions({ token: walletToken, address: signedInAddress, apiBase }));
  const nowSec = Math.floor(useNow(5_000) / 1_000);
  const [showUnsent, setShowUnsent] = useState(false);
  if (!walletToken) {
    if (checkingSession) return <Panel title="Checking your session…" />;
    return (
      <Panel title="Sign in to see your swaps">
        <p className="text-[var(--muted)]">Connect your wallet and sign in on the swap page; your quotes and swaps show here.</p>
        <Link href="/" className="rounded-lg bg-[var(--accent)] px-4 py-2 font-medium text-[var(--on-accent)]">
          Go to swap
        </Link>
      </Panel>
    );
  }
  if (query.isPending) {
    return (
      <ul aria-busy="true" aria-label="Loading your swaps" className="flex flex-col gap-2">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-24 animate-pulse rounded-xl bg-[var(--panel)]" />
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <Panel title="Your swaps could not be loaded">
        <p className="text-[var(--muted)]">{query.error.message}</p>
        <button type="button" onClick={() => void query.refetch()} className="rounded-lg border border-[var(--border)] px-4 py-2 font-medium">
          Try again
        </button>
      </Panel>
    );
  }
  // Only swaps that were sent are trades; quotes reviewed and never sent stay out of the list unless asked for.
  const quotes = query.data.pages.flatMap((p) => p.quotes).map((q) => ({ q, kind: activityKind(q, nowSec) }));
  const unsent = quotes.filter((x) => x.kind !== 'trade').length;
  const shown = showUnsent ? quotes : quotes.filter((x) => x.kind === 'trade');
  const toggle =
    unsent > 0 ? (
      <button type="button" aria-pressed={showUnsent} onClick={() => setShowUnsent((v) => !v)} data-testid="activity-unsent-toggle" className="self-start text-sm text-[var(--muted)] underline hover:text-[var(--accent)]">
        {showUnsent ? 'Hide quotes you did not send' : `Show ${unsent} ${unsent === 1 ? 'quote' : 'quotes'} you did not send`}
      </button>
    ) : null;
  if (shown.length === 0) {
    return (
      <div className="flex flex-col gap-3">
        <Panel title="No swaps yet">
          <p className="text-[var(--muted)]">Swaps you send from the swap page appear here with what you received.</p>
          <Link href="/" className="rounded-lg bg-[var(--accent)] px-4 py-2 font-medium text-[var(--on-accent)]">
            Make a swap
          </Link>
        </Panel>
        {toggle}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {toggle}
      <ul aria-label="Your swaps" className="flex flex-col gap-2">
        {shown.map(({ q, kind }) => (
          <ActivityRow key={q.quote_id} quote={q} kind={kind} nowSec={nowSec} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <button type="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} className="self-center rounded-lg border border-[var(--border)] px-4 py-2 text-sm font-medium">
          {query.isFetchingNextPage ? 'Loading…' : 'Show older swaps'}
        </button>
      ) : null}
    </div>
  );
}
