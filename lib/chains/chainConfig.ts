// The chain registry file format (CHAINS_CONFIG): what the app needs to know about each chain it serves.
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';

const Address = z
  .string()
  .refine((v) => isAddress(v, { strict: false }), { message: 'must be a 0x-prefixed 20-byte address' })
  .transform((v) => getAddress(v));

/** Cross-chain depth of a chain whose registry entry does not say (`confirmations`). */
export const DEFAULT_CONFIRMATIONS = 1;
/** Depth at which a fill is final where the registry does not say (`finalityBlocks`). */
export const DEFAULT_FINALITY_BLOCKS = 64;

export const TokenConfig = z.object({
  address: Address,
  symbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
});

export const ChainConfig = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  rpcUrl: z.string().url(),
  /** WebSocket RPC (ws:// or wss://): quotes follow new heads by subscription there; the HTTP poller is the fallback. */
  wsUrl: z.string().url().refine((v) => /^wss?:\/\//.test(v), { message: 'must be a ws:// or wss:// URL' }).optional(),
  nativeSymbol: z.string().min(1),
  nativeDecimals: z.number().int().default(18),
  /** Uniswap V2 factory, Router02 and wrapped native token. */
  factory: Address,
  router02: Address,
  weth: Address,
  /** Uniswap V3 beside V2: the factory its pools derive from; absent on a chain that serves V2 pools only. */
  v3Factory: Address.optional(),
  /** Uniswap V3's QuoterV2 (for integrators) and NonfungiblePositionManager on this chain, where deployed. */
  v3Quoter: Address.optional(),
  v3PositionManager: Address.optional(),
  /** Swapdesk's settlement router (CONTRACTS.md); absent until deployed. */
  swapRouter: Address.optional(),
  /** Uniswap's Permit2 on this chain (one address on every chain); the router takes signed token inputs through it. */
  permit2: Address.optional(),
  /** Cross-chain (CONTRACTS.md): the ERC-7683 destination settler deployed on this chain. */
  destinationSettler: Address.optional(),
  /** Cross-chain: the bridge asset on this chain (a USD stablecoin) that escrows on the origin and fills on the destination. */
  bridgeToken: Address.optional(),
  /**
   * Cross-chain: the relayer's account, whose bridge-asset balance here the quote engine follows per block to bound what
   * quotes may deliver to this chain; without it quotes use the balance the relayer last recorded in the store.
   */
  relayer: Address.optional(),
  /** USD stablecoins: priced at exactly 1 USD, preferred as quote tokens and as the bridge asset. */
  stablecoins: z.array(Address).default([]),
  /** Block to start indexing from (the factory's deployment block). */
  startBlock: z.number().int().nonnegative().default(0),
  /** Seconds between blocks, roughly; drives polling. */
  blockTimeSec: z.number().positive().default(2),
  /**
   * Cross-chain: blocks on top of a block before its events count (the relayer fills deposits this deep on their
   * origin; the attester signs fills and expiries this deep on their destination). Default DEFAULT_CONFIRMATIONS.
   */
  confirmations: z.number().int().min(0).max(1_000).optional(),
  /**
   * Cross-chain: blocks after which a fill is final: the relayer watches a settled order's fill until it is this deep
   * and fills it again if a reorg took it away. Default DEFAULT_FINALITY_BLOCKS.
   */
  finalityBlocks: z.number().int().min(1).max(100_000).optional(),
  tokens: z.array(TokenConfig),
});

export const ChainsFile = z.object({ chains: z.array(ChainConfig).min(1) });

export type TokenConfig = z.infer<typeof TokenConfig>;
export type ChainConfig = z.infer<typeof ChainConfig>;
export type ChainsFile = z.infer<typeof ChainsFile>;

/** The cross-chain depths of `chain`, defaults applied. */
export const depthsOf = (chain: Pick<ChainConfig, 'confirmations' | 'finalityBlocks'>) => ({
  confirmations: chain.confirmations ?? DEFAULT_CONFIRMATIONS,
  finalityBlocks: chain.finalityBlocks ?? DEFAULT_FINALITY_BLOCKS,
});
