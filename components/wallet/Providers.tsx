'use client';
// Client-side providers: wagmi (wallet + chain reads) and TanStack Query.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { WagmiProvider } from 'wagmi';
import type { PublicChain } from '@/lib/chains/publicChain';
import { ChainsContext } from './ChainsContext';
import { wagmiConfig } from './wagmiConfig';
import { WalletUi } from './WalletUi';

export function Providers({ chains, children }: { chains: PublicChain[]; children: ReactNode }) {
  const [config] = useState(() => wagmiConfig(chains));
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <ChainsContext value={chains}>
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <WalletUi>{children}</WalletUi>
        </QueryClientProvider>
      </WagmiProvider>
    </ChainsContext>
  );
}
