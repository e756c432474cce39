// /markets: every indexed pair per chain; the first page of rows rendered here, the rest asked as the table changes.
import type { Metadata } from 'next';
import { MarketsTable } from '@/components/pair/MarketsTable';
import { marketRowsPage } from '@/components/pair/marketRowsPage';
import { DEFAULT_MARKETS_VIEW } from '@/components/pair/marketsView';
import { loadChains } from '@/lib/chains/loadChains';

export const metadata: Metadata = { title: 'Markets · Swapdesk' };

export default async function MarketsPage() {
  const first = await marketRowsPage(DEFAULT_MARKETS_VIEW);
  const chains = loadChains().map((c) => ({ id: c.id, name: c.name }));
  return (
    <section aria-labelledby="markets-title" className="flex flex-col gap-4">
      <div>
        <h1 id="markets-title" className="text-xl font-semibold">
          Markets
        </h1>
        <p className="text-sm text-[var(--muted)]">Prices and volumes from on-chain swaps, per indexed pool.</p>
      </div>
      {first.failedChains.length > 0 && (
        <p role="alert" className="text-sm text-[var(--down)]">
          Market data is unavailable for {first.failedChains.join(', ')}.
        </p>
      )}
      <MarketsTable initial={first} chains={chains} />
    </section>
  );
}
