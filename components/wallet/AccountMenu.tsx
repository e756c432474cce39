'use client';
// Header wallet area: connect, or the network the wallet is on with its balance and address; approvals, network switch,
// sign-out and disconnect.
import Link from 'next/link';
import { useState } from 'react';
import { useBalance, useConnection, useDisconnect, useSwitchChain } from 'wagmi';
import { formatAmount } from '@/components/swap/amountText';
import { useChains } from './ChainsContext';
import { useApiToken } from './useApiToken';
import { useSignIn } from './useSignIn';
import { useOpenConnect } from './WalletUi';

const PILL = 'whitespace-nowrap rounded-full border border-[var(--border)] px-3 py-1.5 text-sm font-medium hover:border-[var(--accent)]';

export function AccountMenu() {
  const { address, chainId, isConnected } = useConnection();
  const chains = useChains();
  const openConnect = useOpenConnect();
  const switchChain = useSwitchChain();
  const disconnect = useDisconnect();
  const { signedInAddress } = useApiToken();
  const { signOut } = useSignIn();
  const [open, setOpen] = useState(false);
  const chain = chains.find((c) => c.id === chainId);
  const balance = useBalance({ address, chainId: chain?.id, query: { enabled: isConnected && chain !== undefined } });
  if (!isConnected || !address) {
    return (
      <button type="button" onClick={openConnect} className={`${PILL} bg-[var(--accent)] text-[var(--on-accent)]`}>
        Connect wallet
      </button>
    );
  }
  const home = chains[0];
  if (!chain && home) {
    return (
      <button type="button" onClick={() => switchChain.mutate({ chainId: home.id })} className={`${PILL} border-amber-500`}>
        Switch to {home.name}
      </button>
    );
  }
  const short = `${address.slice(0, 6)}…${address.slice(-4)}`;
  return (
    <div
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
      onBlur={(e) => {
        // Focus leaving the menu (Tab away, click elsewhere) closes it.
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button type="button" aria-expanded={open} aria-haspopup="true" aria-label={`Account ${address}`} onClick={() => setOpen(!open)} className={PILL} data-testid="account-button">
        <span data-testid="account-chain">{chain?.name}</span>{' '}
        <span className="hidden tabular-nums sm:inline">{balance.data && chain ? `${formatAmount(balance.data.value, chain.nativeDecimals, 4)} ${chain.nativeSymbol}` : ''}</span>{' '}
        <span className="font-mono">{short}</span>
      </button>
      {open ? (
        <div className="absolute right-0 z-10 mt-2 flex w-60 flex-col gap-1 rounded-xl border border-[var(--border)] bg-[var(--panel)] p-2 text-sm shadow-lg">
          <p className="px-2 py-1 break-all font-mono text-xs text-[var(--muted)]">{address}</p>
          <p className="px-2 py-1 text-xs text-[var(--muted)]">{chain?.name} · {signedInAddress ? 'signed in' : 'not signed in'}</p>
          <Link href="/approvals" onClick={() => setOpen(false)} className="rounded-lg px-2 py-1.5 text-left hover:bg-[var(--bg)]">
            Approvals
          </Link>
          {signedInAddress ? (
            <button type="button" onClick={() => signOut.mutate()} className="rounded-lg px-2 py-1.5 text-left hover:bg-[var(--bg)]">
              Sign out
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              disconnect.mutate();
            }}
            className="rounded-lg px-2 py-1.5 text-left hover:bg-[var(--bg)]"
          >
            Disconnect
          </button>
        </div>
      ) : null}
    </div>
  );
}
