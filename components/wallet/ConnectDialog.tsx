'use client';
// Lists the wallets to connect: those announced through EIP-6963, the browser's injected one, and on devnets the dev wallet with an account choice.
import { useState } from 'react';
import { useConnect, useConnectors, type Connector } from 'wagmi';
import { Dialog } from '@/components/ui/Dialog';
import { isUserRejection } from '@/components/swap/routerErrors';
import { devAccountChoices } from './devAccounts';
import { chooseDevAccount, chosenDevAccount, DEV_WALLET_ID } from './devWalletConnector';

const DEV_ACCOUNTS = devAccountChoices();

/** The generic injected connector is shown only for a legacy window.ethereum that no EIP-6963 announcement covers. */
function visibleConnectors(all: readonly Connector[]): Connector[] {
  const announced = all.some((c) => c.type === 'injected' && c.id !== 'injected');
  const legacy = typeof window !== 'undefined' && 'ethereum' in window && window.ethereum !== undefined;
  return all.filter((c) => c.id !== 'injected' || (legacy && !announced));
}

export function ConnectDialog({ open, onClose, chainId }: { open: boolean; onClose: () => void; chainId: number | undefined }) {
  const connectors = useConnectors();
  const connect = useConnect();
  const [devAccount, setDevAccount] = useState(chosenDevAccount);
  const [error, setError] = useState<string | null>(null);
  const pick = (connector: Connector) => {
    setError(null);
    if (connector.id === DEV_WALLET_ID) chooseDevAccount(devAccount);
    connect.mutate(
      { connector, chainId },
      {
        onSuccess: onClose,
        onError: (e) => setError(isUserRejection(e) ? null : `Could not connect ${connector.name}: ${e.message.split('\n')[0] ?? ''}`),
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} title="Connect a wallet">
      <ul className="flex flex-col gap-2">
        {visibleConnectors(connectors).map((c) => (
          <li key={c.uid} className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={() => pick(c)}
              disabled={connect.isPending}
              className="flex flex-1 items-center gap-3 rounded-xl border border-[var(--border)] px-3 py-2 text-left font-medium hover:border-[var(--accent)] disabled:opacity-60"
            >
              {c.icon ? <img src={c.icon} alt="" width={24} height={24} className="rounded" /> : <span aria-hidden="true" className="inline-block size-6 rounded bg-[var(--accent)]" />}
              {c.id === 'injected' ? 'Browser wallet' : c.name}
            </button>
            {c.id === DEV_WALLET_ID ? (
              <label className="text-sm">
                <span className="sr-only">Dev wallet account</span>
                <select value={devAccount} onChange={(e) => setDevAccount(Number(e.target.value))} className="max-w-full rounded-lg border border-[var(--border)] bg-[var(--bg)] px-2 py-2">
                  {DEV_ACCOUNTS.map((a) => (
                    <option key={a.index} value={a.index}>
                      {a.label}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </li>
        ))}
      </ul>
      {DEV_ACCOUNTS.find((a) => a.index === devAccount)?.busy && connectors.some((c) => c.id === DEV_WALLET_ID) ? (
        <p className="mt-3 text-sm text-[var(--muted)]" data-testid="dev-account-busy">
          Account {devAccount} sends the devnet&apos;s market activity every few seconds: its transactions may race yours. Pick another account to trade.
        </p>
      ) : null}
      {visibleConnectors(connectors).length === 0 ? <p className="text-sm text-[var(--muted)]">No wallet found. Install a browser wallet such as MetaMask or Rabby.</p> : null}
      {connect.isPending ? <p className="mt-3 text-sm text-[var(--muted)]">Confirm in your wallet…</p> : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-[var(--down)]">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
