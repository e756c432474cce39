import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitrageBand, pairKind } from './arbitrageTarget';
import { devAccount } from './deployUniswap';
import { ACCOUNT_ROLES } from './devnetMarkets';
import { readPools, refreshReserves, type SimPool } from './generateHistory';
import { describePool, logGap, poolPrices, spreads, type PoolPrice } from './poolPrices';
import { rpc as rpcClient, type Rpc } from './rpc';
import { readV3Pools, refreshV3Prices, type SimV3Pool } from './simV3Pools';
import { startActivity } from './startActivity';
import { startDevnet, type Devnet } from './startDevnet';

/** Five minutes of market, run twenty times faster than the wall clock by the loop's own clock. */
const MARKET_MS = 5 * 60_000;
const TIME_SCALE = 20;
/** Float reading of slot0 and reserves, and V2's fee landing an arbitrage a hair past its aim. */
const EPSILON = 1e-6;

type Watched = { chainId: number; rpc: Rpc; v2: SimPool[]; v3: SimV3Pool[] };

const bandOf = (p: PoolPrice) => {
  const [base = '', quote = ''] = p.pair.split('/');
  return arbitrageBand(p.fee, pairKind(base, quote));
};

async function readAll(watched: Watched[]): Promise<PoolPrice[]> {
  await Promise.all(watched.map(async (w) => {
    await refreshReserves(w.rpc, w.v2);
    await refreshV3Prices(w.rpc, w.v3);
  }));
  return watched.flatMap((w) => poolPrices(w.chainId, w.v2, w.v3));
}

describe('market activity loop', () => {
  let dataDir: string;
  let devnet: Devnet;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-market-'));
    devnet = await startDevnet({ dataDir, ports: 'free', history: 'none', activity: false });
  }, 180_000);
  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every pool within its band of the shared reference, so pools of one pair stay within their fees of each other on each chain and across both, over 5 minutes of market', async () => {
    const watched: Watched[] = await Promise.all(devnet.chains.map(async (c) => {
      const rpc = rpcClient(c.rpcUrl);
      return { chainId: c.id, rpc, v2: await readPools(rpc, c.record), v3: await readV3Pools(rpc, c.record) };
    }));
    const trader = devAccount(ACCOUNT_ROLES.activity).address;
    const noncesBefore = await Promise.all(watched.map((w) => w.rpc.call<string>('eth_getTransactionCount', [trader, 'latest'])));
    const errors: string[] = [];
    const violations: string[] = [];
    let ticks = 0;
    let widest = 0;
    let startWeth = 0;
    let endWeth = 0;

    await new Promise<void>((resolve) => {
      const activity = startActivity({
        chains: devnet.chains.map((c) => ({ rpcUrl: c.rpcUrl, chain: c.record })),
        timeScale: TIME_SCALE,
        seed: 18,
        onError: (error, chainId) => errors.push(`chain ${chainId}: ${String(error)}`),
        onTick: async ({ usd, marketMs }) => {
          ticks++;
          if (ticks === 1) startWeth = usd('WETH');
          endWeth = usd('WETH');
          const prices = await readAll(watched);
          for (const p of prices) {
            const [base = '', quote = ''] = p.pair.split('/');
            const gap = logGap(p.price, usd(base) / usd(quote));
            if (gap > bandOf(p) + EPSILON) violations.push(`tick ${ticks}: ${describePool(p)} is ${(gap * 100).toFixed(4)} % from the reference`);
          }
          for (const s of spreads(prices, 'usd')) {
            // Pools quoted in different stablecoins are also apart by those stablecoins' own prices.
            const quotes = logGap(usd(s.a.pair.split('/')[1] ?? ''), usd(s.b.pair.split('/')[1] ?? ''));
            const bound = bandOf(s.a) + bandOf(s.b) + quotes + EPSILON;
            widest = Math.max(widest, s.spread);
            if (s.spread > bound) violations.push(`tick ${ticks}: ${describePool(s.a)} vs ${describePool(s.b)} ${(s.spread * 100).toFixed(4)} % > ${(bound * 100).toFixed(4)} %`);
          }
          if (marketMs >= MARKET_MS) void activity.stop().then(resolve);
        },
      });
    });

    expect(errors).toEqual([]);
    expect(violations).toEqual([]);
    // About one round per 3.5 s of market plus the time each round takes; the reference moved, so the pools had to follow it.
    expect(ticks).toBeGreaterThan(30);
    expect(endWeth).not.toBe(startWeth);
    expect(widest).toBeGreaterThan(0);
    const noncesAfter = await Promise.all(watched.map((w) => w.rpc.call<string>('eth_getTransactionCount', [trader, 'latest'])));
    // At least one retail trade per chain per round, plus the arbitrage that put the seeded V3 pools (up to 0.4 % off)
    // into their bands.
    noncesAfter.forEach((n, i) => expect(Number(n) - Number(noncesBefore[i])).toBeGreaterThan(ticks));
  }, 240_000);
});
