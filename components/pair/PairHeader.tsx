// The pair overview, rendered on the server: name, chain, swap link; its figures (price, 24 h change and volumes,
// FDV, price source) follow the market in the browser.
import Link from 'next/link';
import type { PairOverview } from '@/lib/market/marketDto';
import { PairLiveStats } from './PairLiveStats';
import { poolLabel } from './poolLabel';

/** Opens the swap form with this pair: pay in the quote token, receive the base token. */
export function swapHref(o: Pick<PairOverview, 'chain_id' | 'base' | 'quote'>): string {
  return `/?${new URLSearchParams({ chain: String(o.chain_id), in: o.quote, out: o.base })}`;
}

type Props = {
  overview: PairOverview;
  chainName: string;
  /** The app's BASE_PATH, for the browser's calls to /v1. */
  apiBase: string;
};

export function PairHeader({ overview: o, chainName, apiBase }: Props) {
  const [base = '', quote = ''] = o.pair_name.split('/');
  return (
    <header className="flex flex-col gap-4 rounded-2xl border border-[var(--border)] bg-[var(--panel)] p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold">
            {base}
            <span className="text-[var(--muted)]">/{quote}</span>
          </h1>
          <p className="text-xs text-[var(--muted)]">
            {chainName} · pair #{o.pair_id} · {poolLabel(o.source, o.fee_ppm)}
          </p>
        </div>
        <Link
          href={swapHref(o)}
          className="rounded-lg bg-[var(--accent)] px-4 py-2 text-sm font-semibold text-[var(--on-accent)] hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]"
          aria-label={`Swap ${quote} for ${base}`}
        >
          Swap
        </Link>
      </div>
      <PairLiveStats apiBase={apiBase} initial={o} baseSymbol={base} quoteSymbol={quote} />
    </header>
  );
}
