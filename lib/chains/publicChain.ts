// What the browser learns about a chain: the registry entry without anything server-only.
import type { ChainConfig, TokenConfig } from './chainConfig';

export type PublicChain = {
  id: number;
  name: string;
  rpcUrl: string;
  nativeSymbol: string;
  nativeDecimals: number;
  weth: `0x${string}`;
  swapRouter: `0x${string}` | null;
  /** Cross-chain: the bridge asset, null when the chain takes no part in cross-chain swaps. */
  bridgeToken: `0x${string}` | null;
  /** Seconds between blocks, roughly: the browser polls quotes about once a block. */
  blockTimeSec: number;
  tokens: TokenConfig[];
};

export function publicChain(c: ChainConfig): PublicChain {
  return {
    id: c.id,
    name: c.name,
    rpcUrl: c.rpcUrl,
    nativeSymbol: c.nativeSymbol,
    nativeDecimals: c.nativeDecimals,
    weth: c.weth,
    swapRouter: c.swapRouter ?? null,
    bridgeToken: crossChainReady(c) ? (c.bridgeToken ?? null) : null,
    blockTimeSec: c.blockTimeSec,
    tokens: c.tokens,
  };
}

/** Whether the chain can be either end of a cross-chain swap: origin settler, destination settler and bridge asset. */
export function crossChainReady(c: ChainConfig): boolean {
  return Boolean(c.swapRouter && c.destinationSettler && c.bridgeToken);
}
