// Plug-in points for /v1/health: the indexer registers how far it has indexed each chain, the relayer its progress,
// the gasless submitter its gas balance.

/**
 * A provider slot kept on globalThis, because every route bundle of the server may hold its own copy of this module.
 * `register` sets (or with `undefined`, removes) the provider: call it once at server start-up (instrumentation.ts
 * `register()`), or from the module that starts the job.
 */
function globalProvider<T>(name: string): { register(provider: T | undefined): void; current(): T | undefined } {
  const key = Symbol.for(`swapdesk.${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  return {
    register: (provider) => {
      holder[key] = provider;
    },
    current: () => holder[key],
  };
}

/** The last block the indexer has fully processed on `chainId`, or null when it has not started there. */
export type IndexerCheckpoint = (chainId: number) => Promise<bigint | number | null>;

const indexer = globalProvider<IndexerCheckpoint>('indexerCheckpoint');
export const registerIndexerCheckpoint = indexer.register;
export const indexerCheckpoint = indexer.current;

/** The relayer's state on one chain as the store has it; undefined when the chain takes no part in cross-chain orders. */
export type RelayerChainStatus = {
  /** Last origin block whose deposits are recorded; null when the relayer has not started on this chain. */
  scannedBlock: number | null;
  bridgeInventory: bigint | null;
  nativeInventory: bigint | null;
  /** Deposits owed a fill on this chain. */
  pendingFills: number;
  /** Filled or expired orders owed a settlement or refund on this chain. */
  pendingSettlements: number;
};
export type RelayerStatus = (chainId: number) => Promise<RelayerChainStatus | undefined>;

const relayer = globalProvider<RelayerStatus>('relayerStatus');
export const registerRelayerStatus = relayer.register;
export const relayerStatus = relayer.current;

/** The gasless submitter's account and gas balance on one chain, as it last recorded them; undefined before it ran there. */
export type SubmitterChainStatus = { address: string; nativeBalance: string; updatedAtMs: number };
export type SubmitterStatus = (chainId: number) => Promise<SubmitterChainStatus | undefined>;

const submitter = globalProvider<SubmitterStatus>('submitterStatus');
export const registerSubmitterStatus = submitter.register;
export const submitterStatus = submitter.current;
