// GET /v1/chains (API.md §6): the configured chains and their tokens, for wallets and integrators.
import { z } from 'zod';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { defineEndpoint } from '../openapi';

const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const ChainListing = z.object({
  chain_id: z.number().int(),
  name: z.string(),
  native: z.object({ symbol: z.string(), decimals: z.number().int() }),
  rpc_url: z.string(),
  router_address: Address.nullable().describe('Swapdesk SwapRouter that settles firm quotes; null until deployed'),
  tokens: z.array(z.object({ address: Address, symbol: z.string(), name: z.string(), decimals: z.number().int() })),
}).meta({ id: 'Chain' });

export const ChainsResponse = z.array(ChainListing);
export type ChainListing = z.infer<typeof ChainListing>;

/** Chains change only when the registry file does, so clients and proxies may reuse the answer briefly. */
export const CHAINS_CACHE_CONTROL = 'public, max-age=5';

export const chainsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/chains',
  summary: 'Configured chains and their tokens',
  tags: ['chains'],
  response: ChainsResponse,
  example: {
    response: [
      {
        chain_id: 31337,
        name: 'Devnet A',
        native: { symbol: 'ETH', decimals: 18 },
        rpc_url: 'http://127.0.0.1:8545',
        router_address: '0xD8a5a9b31c3C0232E196d518E89Fd8bF83AcAd43',
        tokens: [
          { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
          { address: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', symbol: 'USDC', name: 'USD Coin', decimals: 6 },
        ],
      },
    ],
  },
  cacheControl: CHAINS_CACHE_CONTROL,
});

export function chainListing(c: ChainConfig): ChainListing {
  return {
    chain_id: c.id,
    name: c.name,
    native: { symbol: c.nativeSymbol, decimals: c.nativeDecimals },
    rpc_url: c.rpcUrl,
    router_address: c.swapRouter ?? null,
    tokens: c.tokens.map((t) => ({ address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals })),
  };
}
