// Builds the wagmi config from the chains the server serves: injected wallets (EIP-6963) and, on devnets, the dev wallet.
import { defineChain, type Chain } from 'viem';
import { createConfig, http, injected } from 'wagmi';
import type { PublicChain } from '@/lib/chains/publicChain';
import { DEVNET_CHAIN_IDS, devWallet } from './devWalletConnector';

const RPC_POLLING_MS = 1_000;

export function toViemChain(c: PublicChain): Chain {
  return defineChain({
    id: c.id,
    name: c.name,
    nativeCurrency: { name: c.nativeSymbol, symbol: c.nativeSymbol, decimals: c.nativeDecimals },
    rpcUrls: { default: { http: [c.rpcUrl] } },
  });
}

export function isDevnet(chains: PublicChain[]): boolean {
  return chains.length > 0 && chains.every((c) => DEVNET_CHAIN_IDS.has(c.id));
}

export function wagmiConfig(chains: PublicChain[]) {
  const viemChains = chains.map(toViemChain);
  const [first, ...rest] = viemChains;
  if (!first) throw new Error('no chains configured');
  return createConfig({
    chains: [first, ...rest],
    connectors: isDevnet(chains) ? [injected(), devWallet()] : [injected()],
    multiInjectedProviderDiscovery: true,
    ssr: true,
    pollingInterval: RPC_POLLING_MS,
    transports: Object.fromEntries(viemChains.map((c) => [c.id, http(c.rpcUrls.default.http[0])])),
  });
}
