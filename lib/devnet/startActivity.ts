// Keeps the devnet market alive in real time, on both chains at once: one reference price per token (a random walk,
// stablecoins pinned near 1 USD) that both chains share; every few seconds each chain gets a block of retail trades of
// heavy-tailed size, backrun by an arbitrageur who keeps every pool within its band of the reference, so pools of one
// pair stay within their fees of each other on a chain and across the two.
import { chainMarket, type ChainMarket } from './chainMarket';
import type { DeployedChain } from './deployDevnetChain';
import { priceWalk, type PriceWalk } from './priceWalk';
import { prng } from './prng';
import { rpc as rpcClient } from './rpc';

export type ActivityChain = { rpcUrl: string; chain: DeployedChain };

export type ActivityOptions = {
  chains: readonly ActivityChain[];
  /** Reference prices for tokens the V2 pools do not price (the end of the history); the spec's start prices otherwise. */
  prices?: Record<string, number>;
  intervalMs?: readonly [min: number, max: number];
  /**
   * Market time runs this many times faster than the wall clock: the waits between blocks shrink and the reference
   * prices move as far per block as they would at 1 (tests run minutes of market in seconds). Default 1.
   */
  timeScale?: number;
  seed?: number;
  /** After each round of blocks (one per chain); the loop waits for it before the next round. */
  onTick?: (tick: ActivityTick) => void | Promise<void>;
  onError?: (error: unknown, chainId: number) => void;
};

/** A finished round: the reference it traded towards, and the market time since the loop started (ms). */
export type ActivityTick = { usd: (symbol: string) => number; marketMs: number };

export type Activity = { stop(): Promise<void> };

export const ACTIVITY_INTERVAL_MS = [2_000, 5_000] as const;
const MS_PER_DAY = 86_400_000;

export function startActivity(options: ActivityOptions): Activity {
  const rng = prng(options.seed ?? Date.now());
  const [minMs, maxMs] = options.intervalMs ?? ACTIVITY_INTERVAL_MS;
  const scale = options.timeScale ?? 1;
  const symbols = [...new Set(options.chains.flatMap((c) => c.chain.tokens.map((t) => t.symbol)))];
  let walk: PriceWalk | undefined;
  const startedAt = Date.now();
  let marketMs = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let markets: Promise<ChainMarket[]> | undefined;

  const load = () => Promise.all(options.chains.map((c) => chainMarket(rpcClient(c.rpcUrl), c.chain)));

  const tick = async () => {
    markets ??= load().catch((error: unknown) => {
      markets = undefined;
      throw error;
    });
    const loaded = await markets;
    // Resume from where the pools stand (a restart hours after the history), not from the history's last prices,
    // which the arbitrageur would otherwise drag every pool back to at once. The first chain's pools win.
    walk ??= priceWalk(symbols, rng, Object.assign({}, options.prices, ...loaded.map((m) => m.poolUsd()).reverse()));
    const now = (Date.now() - startedAt) * scale;
    const reference = walk;
    reference.advance((now - marketMs) / MS_PER_DAY);
    marketMs = now;
    const usd = (symbol: string) => reference.usd(symbol);
    await Promise.all(loaded.map((m) => m.tradeBlock(usd, rng).catch((error: unknown) => {
      if (!stopped) options.onError?.(error, m.chain.id);
    })));
    await options.onTick?.({ usd, marketMs });
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().catch((error: unknown) => {
        if (!stopped) options.onError?.(error, options.chains[0]?.chain.id ?? 0);
      }).finally(schedule);
    }, rng.between(minMs, maxMs) / scale);
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
