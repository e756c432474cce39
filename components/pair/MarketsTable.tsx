'use client';
// Every indexed pair with price, 24 h change, volume and liquidity: sortable, searchable, filterable by chain, shown a
// page at a time; the server searches, sorts and pages (useMarketRows), so the browser holds only the rows shown.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { changeDirection, formatChange, formatPrice, formatUsd } from './formatMarket';
import type { MarketRow, Sort, SortKey } from './marketRow';
import { DEFAULT_MARKETS_VIEW, MARKETS_MAX_ROWS, MARKETS_PAGE_ROWS, type MarketRowsPage, type MarketsView } from './marketsView';
import { useMarketRows } from './useMarketRows';

/** `narrowLabel` replaces the label below the sm breakpoint; `wideOnly` columns are folded into another cell there. */
type Column = { key: SortKey; label: string; narrowLabel?: string; numeric: boolean; wideOnly?: boolean };
const COLUMNS: Column[] = [
  { key: 'pairName', label: 'Pair', numeric: false },
  { key: 'chainName', label: 'Chain', numeric: false, wideOnly: true },
  { key: 'priceUsd', label: 'Price', numeric: true },
  // At 375 px the change sits under the price, so the liquidity column stays on screen.
  { key: 'change24h', label: '24h', numeric: true, wideOnly: true },
  { key: 'volumeUsd24h', label: 'Volume 24h', narrowLabel: 'Vol. 24h', numeric: true },
  { key: 'liquidityUsd', label: 'Liquidity', numeric: true },
];

function pairHref(r: MarketRow) {
  return `/markets/${r.chainId}/${r.pairId}`;
}

function SortHeader({ column, sort, onSort }: { column: Column; sort: Sort; onSort: (k: SortKey) => void }) {
  const active = sort.key === column.key;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-1.5 py-2 sm:px-3 font-medium ${column.numeric ? 'text-right' : 'text-left'} ${column.wideOnly ? 'hidden sm:table-cell' : ''}`}
    >
      <button type="button" onClick={() => onSort(column.key)} className="inline-flex items-center gap-1 whitespace-nowrap hover:text-[var(--fg)] focus-visible:outline-2 focus-visible:outline-[var(--accent)]">
        {column.narrowLabel ? (
          <>
            <span className="sm:hidden">{column.narrowLabel}</span>
            <span className="hidden sm:inline">{column.label}</span>
          </>
        ) : (
          column.label
        )}
        <span aria-hidden="true">{active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}

function Row({ r }: { r: MarketRow }) {
  const router = useRouter();
  const dir = changeDirection(r.change24h);
  const changeColour = dir === 'up' ? 'text-[var(--up)]' : dir === 'down' ? 'text-[var(--down)]' : '';
  const [base, quote] = r.pairName.split('/');
  return (
    <tr
      // The pair link navigates by itself; the rest of the row is a larger pointer target for the same page.
      onClick={(e) => {
        if (!(e.target instanceof Element && e.target.closest('a'))) router.push(pairHref(r));
      }}
      className="cursor-pointer border-t border-[var(--border)] hover:bg-[var(--bg)]">
      <td className="px-1.5 py-2 sm:px-3">
        <Link href={pairHref(r)} className="font-medium hover:text-[var(--accent)]">
          {base}
          <span className="text-[var(--muted)]">/{quote}</span>
        </Link>
        <span className="block whitespace-nowrap text-xs text-[var(--muted)] sm:ml-1.5 sm:inline">{r.pool}</span>
        <span className="block text-xs text-[var(--muted)] sm:hidden">{r.chainName}</span>
      </td>
      <td className="hidden px-1.5 py-2 sm:px-3 text-[var(--muted)] sm:table-cell">{r.chainName}</td>
      <td className="px-1.5 py-2 sm:px-3 text-right whitespace-nowrap tabular-nums">
        ${formatPrice(r.priceUsd)}
        <span className="hidden text-xs text-[var(--muted)] sm:block">
          {formatPrice(r.price)} {quote}
        </span>
        <span className={`block text-xs sm:hidden ${changeColour}`}>{formatChange(r.change24h)}</span>
      </td>
      <td className={`hidden px-1.5 py-2 sm:px-3 text-right tabular-nums sm:table-cell ${changeColour}`}>{formatChange(r.change24h)}</td>
      <td className="px-1.5 py-2 sm:px-3 text-right tabular-nums">{formatUsd(r.volumeUsd24h)}</td>
      <td className="px-1.5 py-2 sm:px-3 text-right tabular-nums">{formatUsd(r.liquidityUsd)}</td>
    </tr>
  );
}

export function MarketsTable({ initial, chains }: { initial: MarketRowsPage; chains: { id: number; name: string }[] }) {
  const [view, setView] = useState<MarketsView>(DEFAULT_MARKETS_VIEW);
  const { rows: shown, total, busy, failed } = useMarketRows(view, initial);
  const { search, chainId, sort } = view;
  const change = (next: Partial<MarketsView>) => setView((v) => ({ ...v, rows: MARKETS_PAGE_ROWS, ...next }));
  const onSort = (key: SortKey) =>
    change({ sort: sort.key === key ? { key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'pairName' || key === 'chainName' ? 'asc' : 'desc' } satisfies Sort });

  return (
    <div className="rounded-2xl border border-[var(--border)] bg-[var(--panel)]">
      <div className="flex flex-wrap items-end gap-3 p-3">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-[var(--muted)]">
          Search pairs
          <input
            type="search"
            value={search}
            onChange={(e) => change({ search: e.target.value })}
            placeholder="Symbol, name or token address"
            className="rounded-md border border-[var(--border)] bg-[var(--bg)] px-2 py-2 sm:px-3 text-sm text-[var(--fg)]"
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-[var(--muted)]">
          Chain
          <select
            value={chainId ?? ''}
            onChange={(e) => change({ chainId: e.target.value === '' ? null : Number(e.target.value) })}
            className="rounded-md border border-[var(--border)] bg-[var(--bg)] px-2 py-2 sm:px-3 text-sm text-[var(--fg)]"
          >
            <option value="">All chains</option>
            {chains.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-busy={busy}>
          <caption className="sr-only">Markets: {total} pairs</caption>
          <thead className="text-xs text-[var(--muted)]">
            <tr>
              {COLUMNS.map((c) => (
                <SortHeader key={c.key} column={c} sort={sort} onSort={onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <Row key={`${r.chainId}:${r.pairId}`} r={r} />
            ))}
          </tbody>
        </table>
        {failed && <p role="alert" className="p-3 text-center text-sm text-[var(--down)]">The list could not be updated; try again.</p>}
        {shown.length === 0 && !busy && <p className="p-6 text-center text-sm text-[var(--muted)]">No pairs match.</p>}
        {total > shown.length && (
          <div className="flex items-center justify-center gap-3 border-t border-[var(--border)] p-3 text-sm text-[var(--muted)]">
            <span>
              {shown.length} of {total} pairs
            </span>
            <button type="button" disabled={busy || shown.length >= MARKETS_MAX_ROWS} onClick={() => setView((v) => ({ ...v, rows: Math.min(MARKETS_MAX_ROWS, shown.length + MARKETS_PAGE_ROWS) }))} className="rounded-md border border-[var(--border)] px-3 py-1.5 text-[var(--fg)] hover:border-[var(--accent)]">
              Show more
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
