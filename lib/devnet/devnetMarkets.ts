// What the devnet trades: its two chains, their tokens (start price, volatility) and pools (depth in USD): Uniswap V2
// pairs and Uniswap V3 pools, some pairs on both, some only on V3, some on two V3 fee tiers.
import type { V3FeeTier } from './v3Positions';

export type TokenSpec = {
  symbol: string;
  name: string;
  decimals: number;
  /** Price in USD at the start of history. */
  usd: number;
  /** Standard deviation of the daily log return; 0 for the numeraire (USDC). */
  dailyVol: number;
  /** Pulled back to 1 USD (a stablecoin) instead of wandering. */
  pegged?: boolean;
  /** Amount in whole tokens each dev account receives. */
  perAccount: number;
};

export type PoolSpec = { base: string; quote: string; /** Total value locked at the start, USD. */ tvlUsd: number };

/**
 * A Uniswap V3 pool: its fee tier, its value over the positions of its shape (RANGE_SHAPES: a ladder of ranges around
 * the price, full range, one out of range on each side), and where its price starts relative to the reference
 * (`priceOffset` 0.002: 0.2 % above).
 */
export type V3PoolSpec = PoolSpec & { fee: V3FeeTier; shape: 'volatile' | 'stable'; priceOffset: number };

export type ChainSpec = {
  id: number;
  name: string;
  /** Symbols, WETH first (deployed from the shipped WETH9, not as a test token). */
  tokens: string[];
  pools: PoolSpec[];
  v3Pools: V3PoolSpec[];
  stablecoins: string[];
  /** Two tokens with no direct pool: a quote between them needs a multi-hop route. */
  multiHopOnly: [string, string];
};

export const TOKENS: Record<string, TokenSpec> = {
  WETH: { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, usd: 3_000, dailyVol: 0.035, perAccount: 300 },
  USDC: { symbol: 'USDC', name: 'USD Coin', decimals: 6, usd: 1, dailyVol: 0, perAccount: 1_000_000 },
  WBTC: { symbol: 'WBTC', name: 'Wrapped BTC', decimals: 8, usd: 60_000, dailyVol: 0.025, perAccount: 20 },
  DAI: { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, usd: 1, dailyVol: 0.001, pegged: true, perAccount: 1_000_000 },
  LINK: { symbol: 'LINK', name: 'ChainLink Token', decimals: 18, usd: 15, dailyVol: 0.05, perAccount: 50_000 },
  UNI: { symbol: 'UNI', name: 'Uniswap', decimals: 18, usd: 8, dailyVol: 0.055, perAccount: 100_000 },
  AAVE: { symbol: 'AAVE', name: 'Aave Token', decimals: 18, usd: 150, dailyVol: 0.05, perAccount: 5_000 },
};

export const DEVNET_CHAINS: ChainSpec[] = [
  {
    id: 31337,
    name: 'Devnet A',
    tokens: ['WETH', 'USDC', 'WBTC', 'DAI', 'LINK', 'UNI'],
    pools: [
      { base: 'WETH', quote: 'USDC', tvlUsd: 20_000_000 },
      { base: 'WBTC', quote: 'USDC', tvlUsd: 12_000_000 },
      { base: 'WBTC', quote: 'WETH', tvlUsd: 8_000_000 },
      { base: 'DAI', quote: 'USDC', tvlUsd: 10_000_000 },
      { base: 'WETH', quote: 'DAI', tvlUsd: 4_000_000 },
      { base: 'LINK', quote: 'WETH', tvlUsd: 3_000_000 },
      { base: 'UNI', quote: 'USDC', tvlUsd: 2_000_000 },
    ],
    v3Pools: [
      { base: 'WETH', quote: 'USDC', fee: 500, tvlUsd: 12_000_000, shape: 'volatile', priceOffset: 0.001 },
      { base: 'WETH', quote: 'USDC', fee: 3000, tvlUsd: 4_000_000, shape: 'volatile', priceOffset: -0.002 },
      { base: 'WBTC', quote: 'USDC', fee: 3000, tvlUsd: 6_000_000, shape: 'volatile', priceOffset: 0.002 },
      { base: 'WBTC', quote: 'WETH', fee: 500, tvlUsd: 5_000_000, shape: 'volatile', priceOffset: -0.001 },
      { base: 'DAI', quote: 'USDC', fee: 100, tvlUsd: 8_000_000, shape: 'stable', priceOffset: 0.0002 },
      { base: 'WETH', quote: 'DAI', fee: 500, tvlUsd: 3_000_000, shape: 'volatile', priceOffset: 0.0015 },
      { base: 'LINK', quote: 'WETH', fee: 3000, tvlUsd: 2_000_000, shape: 'volatile', priceOffset: -0.003 },
      { base: 'LINK', quote: 'USDC', fee: 3000, tvlUsd: 2_000_000, shape: 'volatile', priceOffset: 0.002 },
      { base: 'UNI', quote: 'USDC', fee: 10000, tvlUsd: 1_000_000, shape: 'volatile', priceOffset: -0.004 },
      { base: 'UNI', quote: 'WETH', fee: 3000, tvlUsd: 1_500_000, shape: 'volatile', priceOffset: 0.003 },
    ],
    stablecoins: ['USDC', 'DAI'],
    multiHopOnly: ['LINK', 'DAI'],
  },
  {
    id: 31338,
    name: 'Devnet B',
    tokens: ['WETH', 'USDC', 'WBTC', 'DAI', 'LINK', 'AAVE'],
    pools: [
      { base: 'WETH', quote: 'USDC', tvlUsd: 15_000_000 },
      { base: 'WBTC', quote: 'USDC', tvlUsd: 8_000_000 },
      { base: 'WBTC', quote: 'WETH', tvlUsd: 6_000_000 },
      { base: 'DAI', quote: 'USDC', tvlUsd: 8_000_000 },
      { base: 'LINK', quote: 'WETH', tvlUsd: 2_000_000 },
      { base: 'AAVE', quote: 'WETH', tvlUsd: 3_000_000 },
      { base: 'AAVE', quote: 'USDC', tvlUsd: 1_500_000 },
    ],
    v3Pools: [
      { base: 'WETH', quote: 'USDC', fee: 500, tvlUsd: 10_000_000, shape: 'volatile', priceOffset: -0.001 },
      { base: 'WETH', quote: 'USDC', fee: 3000, tvlUsd: 3_000_000, shape: 'volatile', priceOffset: 0.002 },
      { base: 'WBTC', quote: 'USDC', fee: 3000, tvlUsd: 5_000_000, shape: 'volatile', priceOffset: -0.002 },
      { base: 'WBTC', quote: 'WETH', fee: 500, tvlUsd: 4_000_000, shape: 'volatile', priceOffset: 0.001 },
      { base: 'DAI', quote: 'USDC', fee: 100, tvlUsd: 6_000_000, shape: 'stable', priceOffset: -0.0002 },
      { base: 'WETH', quote: 'DAI', fee: 500, tvlUsd: 2_000_000, shape: 'volatile', priceOffset: 0.0015 },
      { base: 'LINK', quote: 'WETH', fee: 3000, tvlUsd: 1_500_000, shape: 'volatile', priceOffset: 0.003 },
      { base: 'LINK', quote: 'USDC', fee: 10000, tvlUsd: 1_000_000, shape: 'volatile', priceOffset: -0.003 },
      { base: 'AAVE', quote: 'WETH', fee: 3000, tvlUsd: 2_000_000, shape: 'volatile', priceOffset: -0.002 },
      { base: 'AAVE', quote: 'USDC', fee: 10000, tvlUsd: 1_000_000, shape: 'volatile', priceOffset: 0.004 },
    ],
    stablecoins: ['USDC', 'DAI'],
    multiHopOnly: ['LINK', 'DAI'],
  },
];

/** Dev accounts by role (anvil's default mnemonic, indexes 0–9). */
export const ACCOUNT_ROLES = {
  deployer: 0,
  traders: [1, 2, 3, 4, 5, 6, 7],
  feeRecipient: 8,
  activity: 9,
} as const;

export const DEV_ACCOUNT_COUNT = 10;

export function tokenSpec(symbol: string): TokenSpec {
  const spec = TOKENS[symbol];
  if (!spec) throw new Error(`unknown devnet token ${symbol}`);
  return spec;
}
