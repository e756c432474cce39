import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Header } from '@/components/layout/Header';
import { Providers } from '@/components/wallet/Providers';
import { crossChainSettings } from '@/lib/chains/crossChainSettings';
import { loadChains } from '@/lib/chains/loadChains';
import { publicChain } from '@/lib/chains/publicChain';
import { env } from '@/lib/env';
import './globals.css';

export const metadata: Metadata = {
  title: 'Swapdesk',
  description: 'Swap at the price you are quoted, with market data built from on-chain swaps.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export const dynamic = 'force-dynamic';

export default function RootLayout({ children }: { children: ReactNode }) {
  const settings = crossChainSettings();
  const chains = loadChains().map((c) => publicChain(c, settings));
  return (
    <html lang="en">
      <body className="min-h-screen antialiased">
        <Providers chains={chains} apiBase={env().BASE_PATH ?? ''}>
          <Header />
          <main className="mx-auto w-full max-w-6xl px-4 py-6">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
