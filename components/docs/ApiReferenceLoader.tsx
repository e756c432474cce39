'use client';
// Loads the reference component only on /docs, after the page: it is large, and no other page needs it.
import dynamic from 'next/dynamic';

const ApiReference = dynamic(() => import('./ApiReference'), {
  ssr: false,
  loading: () => (
    <p role="status" className="py-10 text-center text-[var(--muted)]">
      Loading the API reference…
    </p>
  ),
});

export function ApiReferenceLoader({ apiBase }: { apiBase: string }) {
  return <ApiReference apiBase={apiBase} />;
}
