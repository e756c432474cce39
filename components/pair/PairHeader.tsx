// The pair overview, rendered on the server: name, chain, price, 24 h change and volumes, FDV, price source.
import Link from 'next/link';
import type { PairOverview } from '@/lib/market/marketDto';
import { changeDirection, formatAmount, formatChange, formatUsd } from './formatMarket';
import { PairLivePrice } from './PairLivePrice';

const SOURCE_TEXT: Record<PairOverview['price_source'], string> = {
  kline: 'Last trade',
  swap_indicative: 'Pool quote (no trade in 24h)',
};

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-[var(--muted)]">{label}</dt>
      <dd className="text-sm font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** Opens the swap form with this pair: pay in the quote token, receive the base token. */
export function swapHref(o: Pick<PairOverview, 'chain_id' | 'base' | 'quote'>): string {
  return `/?${new URLSearchParams({ chain: String(o.chain_id), in: o.quote, out: o.base })}`;
}

export function PairHeader({ overview: o, chainName }: { overview: PairOverview; chainName: string }) {
  const [base = '', quote = ''] = o.pair_name.split('/');
  const dir = changeDirection(o.change_24h);
  return (
    <header className="flex flex-col gap-4 rounded-2xl border border-[var(--border)] bg-[var(--panel)] p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold">
            {base}
            <span className="text-[var(--muted)]">/{quote}</span>
          </h1>
          <p className="text-xs text-[var(--muted)]">
            {chainName} · pair #{o.pair_id}
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
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <PairLivePrice initialPrice={o.price} initialPriceUsd={o.price_usd} quoteSymbol={quote} />
        <p className={`text-sm font-medium tabular-nums ${dir === 'up' ? 'text-[var(--up)]' : dir === 'down' ? 'text-[var(--down)]' : ''}`}>
          {formatChange(o.change_24h)} <span className="sr-only">in 24 hours</span>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat label={`Volume 24h (${base})`}>{formatAmount(o.volume_base_24h)}</Stat>
        <Stat label={`Volume 24h (${quote})`}>{formatAmount(o.volume_quote_24h)}</Stat>
        <Stat label="Volume 24h (USD)">{formatUsd(o.volume_usd_24h)}</Stat>
        <Stat label="FDV">{formatUsd(o.fdv_usd)}</Stat>
        <Stat label="Price source">{SOURCE_TEXT[o.price_source]}</Stat>
      </dl>
    </header>
  );
}
