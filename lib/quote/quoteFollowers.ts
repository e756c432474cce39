// One ChainFollower per configured chain, started lazily on first use and kept on globalThis so dev reloads
// (which re-evaluate modules) do not start a second poller.
import 'server-only';
import { decodeEventLog, type Log } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { ChainFollower } from './chainFollower';
import { quoteDb } from './quoteDb';
import { quoteStore } from './quoteStore';

type Registry = Map<number, { key: string; follower: ChainFollower }>;
const REGISTRY_KEY = Symbol.for('swapdesk.quote.followers');
const holder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: Registry };

function registry(): Registry {
  holder[REGISTRY_KEY] ??= new Map();
  return holder[REGISTRY_KEY];
}

/**
 * Records the router's QuoteFilled events of `chainId` against the stored quotes. With `replacingFrom` (a reorg)
 * the fills recorded from that block on are replaced by the ones in `logs`, in one transaction.
 */
export async function recordFills(chainId: number, logs: readonly Log[], replacingFrom?: bigint): Promise<void> {
  const fills = logs.flatMap((entry) => {
    let event;
    try {
      event = decodeEventLog({ abi: swapRouterAbi, data: entry.data, topics: entry.topics });
    } catch {
      return []; // not one of the router's events
    }
    // The router also logs signer and fee-recipient changes; only fills settle quotes.
    if (event.eventName !== 'QuoteFilled' || !entry.transactionHash || entry.blockNumber === null) return [];
    return [{ quoteId: event.args.quoteId, chainId, txHash: entry.transactionHash, amountOut: event.args.amountOut, block: Number(entry.blockNumber) }];
  });
  if (fills.length === 0 && replacingFrom === undefined) return;
  const now = Math.floor(Date.now() / 1000);
  await (await quoteDb()).transaction().execute(async (trx) => {
    const store = quoteStore(trx);
    if (replacingFrom !== undefined) await store.unfillFrom(chainId, Number(replacingFrom), now);
    for (const fill of fills) await store.markFilled(fill, now);
  });
}

function create(chain: ChainConfig): ChainFollower {
  const config = env();
  const router = chain.swapRouter;
  return new ChainFollower(chain, {
    pollMs: config.QUOTE_POLL_MS,
    rpcTimeoutMs: config.RPC_TIMEOUT_MS,
    staleAfterMs: config.QUOTE_STALE_MS,
    watch: router ? { address: router, onLogs: (logs, replacingFrom) => recordFills(chain.id, logs, replacingFrom) } : undefined,
  });
}

/** Serialised registry entries, memoised per object: loadChains() hands out the same object until the file changes. */
const keys = new WeakMap<ChainConfig, string>();

function keyOf(chain: ChainConfig): string {
  let key = keys.get(chain);
  if (key === undefined) {
    key = JSON.stringify(chain);
    keys.set(chain, key);
  }
  return key;
}

/** The running follower of `chain`; replaced when the chain's registry entry changes (a devnet restart). */
export function followerFor(chain: ChainConfig): ChainFollower {
  const current = registry().get(chain.id);
  // Every route bundle of the server has its own copy of the registry file's objects, hence the key compare.
  const key = keyOf(chain);
  if (current && current.key === key) return current.follower;
  if (current) {
    void current.follower.stop();
    log.info({ chainId: chain.id }, 'chain registry entry changed; restarting its follower');
  }
  const follower = create(chain);
  registry().set(chain.id, { key, follower });
  follower.start();
  return follower;
}

/** Stops every follower (tests and scripts that must exit cleanly). */
export function stopFollowers(): void {
  for (const { follower } of registry().values()) void follower.stop();
  registry().clear();
}
