// What the browser learns about a chain: the registry entry without anything server-only.
import { quotedSources } from '@/lib/contracts/routerSources';
import type { LiquiditySource } from '@/lib/routing/pool';
import type { ChainConfig, TokenConfig } from './chainConfig';

/** The service's cross-chain settings, which the browser checks a firm quote's order against. */
export type CrossChainSettings = { fillWindowSec: number; maxSlippageBps: number };

/** A chain's part in cross-chain swaps, as the browser checks and simulates them. */
export type PublicCrossChain = CrossChainSettings & {
  /** The ERC-7683 destination settler that fills orders to this chain. */
  destinationSettler: `0x${string}`;
  /** The relayer that fills them (the sender the browser simulates a fill as), when the registry names it. */
  relayer: `0x${string}` | null;
};

export type PublicChain = {
  id: number;
  name: string;
  rpcUrl: string;
  nativeSymbol: string;
  nativeDecimals: number;
  weth: `0x${string}`;
  swapRouter: `0x${string}` | null;
  /** Uniswap's Permit2: token input is taken on the trader's signature after a one-time approval; null where absent. */
  permit2: `0x${string}` | null;
  /** Cross-chain: the bridge asset, null when the chain takes no part in cross-chain swaps. */
  bridgeToken: `0x${string}` | null;
  /** Null when the chain takes no part in cross-chain swaps. */
  crossChain: PublicCrossChain | null;
  /** Liquidity sources quoted here: with more than one, the route names each hop's source and fee tier. */
  liquiditySources: LiquiditySource[];
  /** Seconds between blocks, roughly: the browser polls quotes about once a block. */
  blockTimeSec: number;
  tokens: TokenConfig[];
};

export function publicChain(c: ChainConfig, settings: CrossChainSettings): PublicChain {
  return {
    id: c.id,
    name: c.name,
    rpcUrl: c.rpcUrl,
    nativeSymbol: c.nativeSymbol,
    nativeDecimals: c.nativeDecimals,
    weth: c.weth,
    swapRouter: c.swapRouter ?? null,
    permit2: c.permit2 ?? null,
    bridgeToken: crossChainReady(c) ? (c.bridgeToken ?? null) : null,
    crossChain: crossChainReady(c) && c.destinationSettler ? { destinationSettler: c.destinationSettler, relayer: c.relayer ?? null, ...settings } : null,
    liquiditySources: quotedSources(c),
    blockTimeSec: c.blockTimeSec,
    tokens: c.tokens,
  };
}

/** Whether the chain can be either end of a cross-chain swap: origin settler, destination settler and bridge asset. */
export function crossChainReady(c: ChainConfig): boolean {
  return Boolean(c.swapRouter && c.destinationSettler && c.bridgeToken);
}
