'use client';
// Client-side providers: wagmi (wallet + chain reads) and TanStack Query.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { WagmiProvider } from 'wagmi';
import type { PublicChain } from '@/lib/chains/publicChain';
import { ApiBaseContext } from './ApiBaseContext';
import { ChainsContext } from './ChainsContext';
import { wagmiConfig } from './wagmiConfig';
import { WalletUi } from './WalletUi';

/** `apiBase` is the app's BASE_PATH ('' at the root). */
export function Providers({ chains, apiBase, children }: { chains: PublicChain[]; apiBase: string; children: ReactNode }) {
  const [config] = useState(() => wagmiConfig(chains));
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <ApiBaseContext value={apiBase}>
      <ChainsContext value={chains}>
        <WagmiProvider config={config}>
          <QueryClientProvider client={queryClient}>
            <WalletUi>{children}</WalletUi>
          </QueryClientProvider>
        </WagmiProvider>
      </ChainsContext>
    </ApiBaseContext>
  );
}
