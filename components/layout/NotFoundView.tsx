'use client';
// A designed 404: says what was not found (from the address asked), and offers the way back to Markets and the swap.
import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** What a path names, in words: a pair, a chain's markets, or just the page. */
export function describeMissing(path: string): { title: string; detail: string } {
  const pair = /^\/markets\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (pair) return { title: 'Pair not found', detail: `There is no indexed pair ${decodeURIComponent(pair[2] ?? '')} on chain ${decodeURIComponent(pair[1] ?? '')}.` };
  const chain = /^\/markets\/([^/]+)\/?$/.exec(path);
  if (chain) return { title: 'Chain not found', detail: `Chain ${decodeURIComponent(chain[1] ?? '')} is not one Swapdesk serves.` };
  return { title: 'Page not found', detail: `Nothing lives at ${path}.` };
}

export function NotFoundView() {
  const path = usePathname();
  const { title, detail } = describeMissing(path);
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <p className="text-sm font-medium text-[var(--muted)]">404</p>
      <h1 id="not-found-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-[var(--muted)]">{detail}</p>
      <div className="flex gap-3">
        <Link href="/markets" className="rounded-lg bg-[var(--accent)] px-4 py-2 font-medium text-[var(--on-accent)]">
          Browse markets
        </Link>
        <Link href="/" className="rounded-lg border border-[var(--border)] px-4 py-2 font-medium">
          Go to swap
        </Link>
      </div>
    </section>
  );
}
