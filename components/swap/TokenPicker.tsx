'use client';
// Chain and token choice: a button showing the pick, opening a searchable list with symbol, name, balance and its
// USD value; a pasted address that is not listed is looked up and can be imported after an "unverified" warning.
import { useId, useState } from 'react';
import { formatUnits } from 'viem';
import { useConnection } from 'wagmi';
import { formatUsd } from '@/components/pair/formatMarket';
import { Dialog } from '@/components/ui/Dialog';
import { useChains } from '@/components/wallet/ChainsContext';
import { ApiCallError } from './apiFetch';
import { formatAmount } from './amountText';
import { TokenImport } from './TokenImport';
import { matchesSearch, type SwapToken } from './swapTokens';
import { useChainTokens, useTokenLookup, type PricedToken } from './useChainTokens';
import { useTokenBalances } from './useTokenBalances';

/** A balance's USD value at the display edge; null without a price or a balance. */
function usdValue(balance: bigint | undefined, t: PricedToken): string | null {
  if (balance === undefined || t.priceUsd === null) return null;
  return formatUsd(Number(formatUnits(balance, t.decimals)) * Number(t.priceUsd));
}

type Props = { side: 'pay' | 'receive'; token: SwapToken; onPick: (token: SwapToken) => void; disabled?: boolean };

export function TokenPicker({ side, token, onPick, disabled }: Props) {
  const [open, setOpen] = useState(false);
  const chains = useChains();
  const label = side === 'pay' ? 'You pay' : 'You receive';
  const chainName = chains.find((c) => c.id === token.chainId)?.name ?? `chain ${token.chainId}`;
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={`${label} token: ${token.symbol} ${chainName}`}
        title="Change token"
        className="flex shrink-0 items-center gap-2 rounded-full border border-[var(--border)] bg-[var(--bg)] px-3 py-1.5 text-sm font-semibold hover:border-[var(--accent)] disabled:opacity-60"
      >
        <span>{token.symbol}</span>{' '}
        <span className="text-xs font-normal text-[var(--muted)]">{chainName}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Select the token ${side === 'pay' ? 'you pay' : 'you receive'}`}>
        {open ? (
          <TokenList
            initialChainId={token.chainId}
            selected={token}
            onPick={(t) => {
              onPick(t);
              setOpen(false);
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}

function TokenList({ initialChainId, selected, onPick }: { initialChainId: number; selected: SwapToken; onPick: (t: SwapToken) => void }) {
  const chains = useChains();
  const [chainId, setChainId] = useState(initialChainId);
  const [search, setSearch] = useState('');
  const { address } = useConnection();
  const chain = chains.find((c) => c.id === chainId) ?? chains[0];
  const { tokens, importToken } = useChainTokens(chain);
  const balances = useTokenBalances(chainId, tokens, address);
  const shown = tokens.filter((t) => matchesSearch(t, search));
  const lookup = useTokenLookup(chainId, search, tokens);
  const notAToken = lookup.error instanceof ApiCallError && lookup.error.type === 'NOT_FOUND';
  const searchId = useId();
  // Arrow keys move between the search field and the tokens, as in a listbox; Enter picks.
  const onArrow = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.target instanceof HTMLSelectElement) return;
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[data-token-option], input[type="search"]'));
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = items[Math.min(items.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  return (
    <div className="flex flex-col gap-3" onKeyDown={onArrow}>
      {chains.length > 1 ? (
        <label className="flex items-center gap-2 text-sm">
          <span className="text-[var(--muted)]">Network</span>
          <select value={chainId} onChange={(e) => setChainId(Number(e.target.value))} className="rounded-lg border border-[var(--border)] bg-[var(--bg)] px-2 py-1">
            {chains.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label htmlFor={searchId} className="sr-only">
        Search tokens by name, symbol or address
      </label>
      <input
        id={searchId}
        data-autofocus
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Search name, symbol or address"
        className="rounded-xl border border-[var(--border)] bg-[var(--bg)] px-3 py-2"
      />
      <ul aria-label="Tokens" className="max-h-80 overflow-y-auto">
        {shown.map((t) => {
          const balance = balances.get(t.address.toLowerCase());
          const value = usdValue(balance, t);
          const isSelected = t.chainId === selected.chainId && t.address === selected.address;
          return (
            <li key={t.address}>
              <button
                type="button"
                onClick={() => onPick(t)}
                data-token-option
                aria-current={isSelected ? 'true' : undefined}
                className="flex w-full items-center justify-between gap-3 rounded-xl px-3 py-2 text-left hover:bg-[var(--bg)] aria-[current=true]:bg-[var(--bg)]"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold">
                    {t.symbol}
                    {t.verified === false ? ' ' : null}
                    {t.verified === false ? <span className="ml-2 rounded border border-[var(--border)] px-1 text-xs font-normal text-[var(--muted)]">unverified</span> : null}
                  </span>
                  <span className="truncate text-xs text-[var(--muted)]">{t.name}</span>
                </span>
                <span className="flex flex-col items-end text-sm tabular-nums text-[var(--muted)]">
                  <span>{balance === undefined ? '' : formatAmount(balance, t.decimals)}</span>
                  {value ? <span className="text-xs">{value}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
        {shown.length === 0 && !lookup.data && !lookup.isFetching ? (
          <li className="px-3 py-2 text-sm text-[var(--muted)]">{notAToken ? 'That address is not a token on this network.' : `No token matches “${search}”.`}</li>
        ) : null}
        {lookup.isFetching ? <li className="px-3 py-2 text-sm text-[var(--muted)]">Looking the address up on {chain?.name}…</li> : null}
      </ul>
      {lookup.data && shown.length === 0 ? (
        <TokenImport
          token={lookup.data}
          chainName={chain?.name ?? `chain ${chainId}`}
          onImport={(t) => {
            importToken(t);
            onPick(t);
          }}
        />
      ) : null}
    </div>
  );
}
