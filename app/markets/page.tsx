// /markets: every indexed pair per chain.
import type { Metadata } from 'next';
import { MarketsTable } from '@/components/pair/MarketsTable';
import { loadMarketRows } from '@/components/pair/loadMarketRows';
import { loadChains } from '@/lib/chains/loadChains';

export const metadata: Metadata = { title: 'Markets · Swapdesk' };

export default async function MarketsPage() {
  const { rows, failedChains } = await loadMarketRows();
  const chains = loadChains().map((c) => ({ id: c.id, name: c.name }));
  return (
    <section aria-labelledby="markets-title" className="flex flex-col gap-4">
      <div>
        <h1 id="markets-title" className="text-xl font-semibold">
          Markets
        </h1>
        <p className="text-sm text-[var(--muted)]">Prices and volumes from on-chain swaps, per indexed pool.</p>
      </div>
      {failedChains.length > 0 && (
        <p role="alert" className="text-sm text-[var(--down)]">
          Market data is unavailable for {failedChains.join(', ')}.
        </p>
      )}
      <MarketsTable rows={rows} chains={chains} />
    </section>
  );
}
