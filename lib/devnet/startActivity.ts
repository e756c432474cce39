// Keeps a devnet market alive in real time: the activity account swaps on a random pool every few seconds,
// following the same kind of price walk as the history so pools stay consistent with each other.
import { devAccount } from './deployUniswap';
import type { DeployedChain } from './deployDevnetChain';
import { ACCOUNT_ROLES } from './devnetMarkets';
import { queueSwap, readPools, refreshReserves, type SimPool } from './generateHistory';
import { chooseTrade } from './chooseTrade';
import { priceWalk } from './priceWalk';
import { prng } from './prng';
import { rpc as rpcClient } from './rpc';
import { txBatcher } from './txBatcher';

export type ActivityOptions = {
  rpcUrl: string;
  chain: DeployedChain;
  /** Reference prices to continue from (the end of the history); the spec's start prices otherwise. */
  prices?: Record<string, number>;
  intervalMs?: readonly [min: number, max: number];
  seed?: number;
  onSwap?: () => void;
  onError?: (error: unknown) => void;
};

export type Activity = { stop(): Promise<void> };

export const ACTIVITY_INTERVAL_MS = [2_000, 5_000] as const;

export function startActivity(options: ActivityOptions): Activity {
  const rpc = rpcClient(options.rpcUrl);
  const rng = prng(options.seed ?? Date.now());
  const [minMs, maxMs] = options.intervalMs ?? ACTIVITY_INTERVAL_MS;
  const walk = priceWalk(options.chain.tokens.map((t) => t.symbol), rng, options.prices);
  const trader = devAccount(ACCOUNT_ROLES.activity).address;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let last = Date.now();
  let pools: SimPool[] | undefined;

  const tick = async () => {
    if (pools) await refreshReserves(rpc, pools);
    else pools = await readPools(rpc, options.chain);
    const pool = rng.pick(pools);
    const now = Date.now();
    walk.advance((now - last) / 86_400_000);
    last = now;
    const trade = chooseTrade(pool, walk.usd(pool.base) / walk.usd(pool.quote), rng);
    // Automine is on: the swap is mined as it arrives, in a block stamped with the wall clock.
    const batcher = txBatcher(rpc);
    await batcher.init([trader]);
    queueSwap(batcher, options.chain.router02, pool, trader, trade.baseIn, trade.amountIn);
    await batcher.flush();
    options.onSwap?.();
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().catch((error: unknown) => {
        if (!stopped) options.onError?.(error);
      }).finally(schedule);
    }, rng.between(minMs, maxMs));
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
