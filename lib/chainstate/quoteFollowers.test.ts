import { afterAll, expect, it } from 'vitest';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { useTempDataDir } from '@/test/tempDataDir';
import type { ChainFollower } from './chainFollower';
import { followerFor, onFollowerReplaced, stopFollowers } from './quoteFollowers';

const tmp = useTempDataDir({ LOG_LEVEL: 'silent' });
afterAll(() => {
  stopFollowers();
  tmp.cleanup();
});

const chain = (rpcUrl: string): ChainConfig => ({
  id: 991_337, name: 'Nowhere', rpcUrl, nativeSymbol: 'ETH', nativeDecimals: 18, factory: '0x0000000000000000000000000000000000000001',
  router02: '0x0000000000000000000000000000000000000002', weth: '0x0000000000000000000000000000000000000003', stablecoins: [], startBlock: 0, blockTimeSec: 1, tokens: [],
});

it('tells its listeners of a follower started in place of one whose registry entry changed, and of nothing else', () => {
  const told: ChainFollower[] = [];
  const off = onFollowerReplaced((f) => told.push(f));
  const first = followerFor(chain('http://127.0.0.1:9/a'));
  expect(followerFor(chain('http://127.0.0.1:9/a'))).toBe(first);
  expect(told).toEqual([]);
  const second = followerFor(chain('http://127.0.0.1:9/b'));
  expect(second).not.toBe(first);
  expect(told).toEqual([second]);
  off();
  followerFor(chain('http://127.0.0.1:9/c'));
  expect(told).toHaveLength(1);
});
