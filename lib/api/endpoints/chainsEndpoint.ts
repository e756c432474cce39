// GET /v1/chains (API.md §6): the configured chains and their tokens, for wallets and integrators.
import { z } from 'zod';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { publicChain, type CrossChainSettings } from '@/lib/chains/publicChain';
import { quotedSources } from '@/lib/contracts/routerSources';
import { LIQUIDITY_SOURCES } from '@/lib/routing/pool';
import { defineEndpoint } from '../openapi';

const Address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

export const ChainListing = z.object({
  chain_id: z.number().int(),
  name: z.string(),
  native: z.object({ symbol: z.string(), decimals: z.number().int() }),
  rpc_url: z.string(),
  router_address: Address.nullable().describe('Swapdesk SwapRouter that settles firm quotes; null until deployed'),
  permit2_address: Address.nullable().describe('Uniswap\'s Permit2 (one address on every chain): approve it once per token, then sign each swap instead of approving it (firm quote `approval: "permit2"`); null where not configured'),
  cross_chain: z
    .object({
      destination_settler: Address.describe('ERC-7683 destination settler that fills orders to this chain: a cross-chain quote\'s order must name it'),
      bridge_token: Address.describe('The bridge asset (a USD stablecoin) escrowed on this chain and paid into fills here'),
      relayer: Address.nullable().describe('The relayer account that fills orders here (simulate a fill as this sender); null when not published'),
      fill_window_sec: z.number().int().describe('A firm quote\'s fill_deadline is at most its deadline plus this many seconds (on the destination\'s clock)'),
      max_slippage_bps: z.number().int().describe('The most slippage a cross-chain firm quote accepts, bps'),
    })
    .nullable()
    .describe('How this chain takes part in cross-chain swaps; null when it does not'),
  liquidity_sources: z
    .array(z.object({
      id: z.enum(LIQUIDITY_SOURCES).describe('Source id, as route hops and excluded_sources name it'),
      factory: Address.describe('The factory whose pools the engine quotes'),
      quoter: Address.optional().describe('Uniswap QuoterV2 of this source, where deployed (V3), for integrators who check a hop'),
    }))
    .describe('Liquidity sources quoted on this chain'),
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
        permit2_address: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
        cross_chain: {
          destination_settler: '0xDC11f7E700A4c898AE5CAddB1082cFfa76512aDD',
          bridge_token: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
          relayer: '0x8b9ad1ec1b1d0e2dda5c23c6a5c3b0d7e0a4b1f2',
          fill_window_sec: 300,
          max_slippage_bps: 300,
        },
        liquidity_sources: [{ id: 'uniswap_v2', factory: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }],
        tokens: [
          { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
          { address: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', symbol: 'USDC', name: 'USD Coin', decimals: 6 },
        ],
      },
    ],
  },
  cacheControl: CHAINS_CACHE_CONTROL,
});

export function chainListing(c: ChainConfig, settings: CrossChainSettings): ChainListing {
  const cross = publicChain(c, settings).crossChain;
  return {
    chain_id: c.id,
    name: c.name,
    native: { symbol: c.nativeSymbol, decimals: c.nativeDecimals },
    rpc_url: c.rpcUrl,
    router_address: c.swapRouter ?? null,
    permit2_address: c.permit2 ?? null,
    cross_chain: cross && c.bridgeToken
      ? { destination_settler: cross.destinationSettler, bridge_token: c.bridgeToken, relayer: cross.relayer, fill_window_sec: cross.fillWindowSec, max_slippage_bps: cross.maxSlippageBps }
      : null,
    liquidity_sources: quotedSources(c).map((id) =>
      id === 'uniswap_v3' && c.v3Factory ? { id, factory: c.v3Factory, ...(c.v3Quoter ? { quoter: c.v3Quoter } : {}) } : { id, factory: c.factory }),
    tokens: c.tokens.map((t) => ({ address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals })),
  };
}
