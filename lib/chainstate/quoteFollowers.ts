// One ChainFollower per configured chain, started lazily on first use and kept on globalThis so dev reloads
// (which re-evaluate modules) do not start a second poller.
import 'server-only';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { ChainFollower } from './chainFollower';

type Registry = Map<number, { key: string; follower: ChainFollower }>;
type Replaced = Set<(follower: ChainFollower) => void>;
const REGISTRY_KEY = Symbol.for('swapdesk.quote.followers');
const REPLACED_KEY = Symbol.for('swapdesk.quote.followerReplaced');
const holder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: Registry; [REPLACED_KEY]?: Replaced };

function registry(): Registry {
  holder[REGISTRY_KEY] ??= new Map();
  return holder[REGISTRY_KEY];
}

function replacedListeners(): Replaced {
  holder[REPLACED_KEY] ??= new Set();
  return holder[REPLACED_KEY];
}

/** Calls `listener` with each follower started in place of a stopped one (its chain's entry changed); returns the unsubscribe. */
export function onFollowerReplaced(listener: (follower: ChainFollower) => void): () => void {
  replacedListeners().add(listener);
  return () => replacedListeners().delete(listener);
}

function create(chain: ChainConfig): ChainFollower {
  const config = env();
  const router = chain.swapRouter;
  return new ChainFollower(chain, {
    pollMs: config.QUOTE_POLL_MS,
    wsUrl: chain.wsUrl,
    rpcTimeoutMs: config.RPC_TIMEOUT_MS,
    staleAfterMs: config.QUOTE_STALE_MS,
    // The router's logs are followed here only to know how far this instance has seen the chain (status lookups);
    // the quote-follower job alone records fills (lib/quote/fillFollower.ts), under its lease.
    watch: router ? { address: router, onLogs: () => undefined } : undefined,
    // Cross-chain quotes into this chain may not promise more than the relayer holds here.
    inventory: chain.bridgeToken && chain.relayer ? { token: chain.bridgeToken, holder: chain.relayer } : undefined,
  });
}

/**
 * How long a request waits for a follower's first load: an instance just (re)started loads every pool of a chain
 * first, which takes longer than one RPC call on a busy machine, and its first quotes should wait for it rather than
 * answer CHAIN_UNAVAILABLE. A chain that does not answer ends the wait as soon as the first load fails.
 */
export function firstLoadWaitMs(): number {
  return Math.max(env().RPC_TIMEOUT_MS, 10_000);
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
  if (current) {
    for (const listener of [...replacedListeners()]) {
      try {
        listener(follower);
      } catch (error: unknown) {
        log.warn({ chainId: chain.id, err: error }, 'follower replacement listener failed');
      }
    }
  }
  return follower;
}

/** Stops every follower (tests and scripts that must exit cleanly). */
export function stopFollowers(): void {
  for (const { follower } of registry().values()) void follower.stop();
  registry().clear();
}
