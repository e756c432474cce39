'use client';
// The signed-in wallet's swaps, newest first: designed states for signed out, loading, error and empty.
import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import { useApiToken } from '@/components/wallet/useApiToken';
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
  const quotes = query.data.pages.flatMap((p) => p.quotes);
  if (quotes.length === 0) {
    return (
      <Panel title="No swaps yet">
        <p className="text-[var(--muted)]">Quotes you confirm on the swap page appear here with what you received.</p>
        <Link href="/" className="rounded-lg bg-[var(--accent)] px-4 py-2 font-medium text-[var(--on-accent)]">
          Make a swap
        </Link>
      </Panel>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Your swaps" className="flex flex-col gap-2">
        {quotes.map((q) => (
          <ActivityRow key={q.quote_id} quote={q} />
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
