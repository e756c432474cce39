'use client';
// One connect dialog for the whole page: the header and the swap button both open it.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useChains } from './ChainsContext';
import { ConnectDialog } from './ConnectDialog';

const OpenConnect = createContext<() => void>(() => undefined);

export function useOpenConnect(): () => void {
  return useContext(OpenConnect);
}

export function WalletUi({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const chains = useChains();
  return (
    <OpenConnect value={() => setOpen(true)}>
      {children}
      <ConnectDialog open={open} onClose={() => setOpen(false)} chainId={chains[0]?.id} />
    </OpenConnect>
  );
}
