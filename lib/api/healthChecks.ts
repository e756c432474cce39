// Plug-in points for /v1/health: the indexer registers how far it has indexed each chain, the relayer its progress.

/** The last block the indexer has fully processed on `chainId`, or null when it has not started there. */
export type IndexerCheckpoint = (chainId: number) => Promise<bigint | number | null>;

const KEY = Symbol.for('swapdesk.indexerCheckpoint');
type Holder = { [KEY]?: IndexerCheckpoint };

/**
 * Registers (or with `undefined`, removes) the indexer checkpoint provider. Kept on globalThis because every
 * route bundle of the server may hold its own copy of this module; call it once at server start-up
 * (instrumentation.ts `register()`), or from the module that starts the indexer.
 */
export function registerIndexerCheckpoint(provider: IndexerCheckpoint | undefined): void {
  (globalThis as Holder)[KEY] = provider;
}

export function indexerCheckpoint(): IndexerCheckpoint | undefined {
  return (globalThis as Holder)[KEY];
}

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

const RELAYER_KEY = Symbol.for('swapdesk.relayerStatus');
type RelayerHolder = { [RELAYER_KEY]?: RelayerStatus };

/** Registers (or with `undefined`, removes) the relayer status provider; same lifetime rules as the indexer's. */
export function registerRelayerStatus(provider: RelayerStatus | undefined): void {
  (globalThis as RelayerHolder)[RELAYER_KEY] = provider;
}

export function relayerStatus(): RelayerStatus | undefined {
  return (globalThis as RelayerHolder)[RELAYER_KEY];
}

/** The gasless submitter's account and gas balance on one chain, as it last recorded them; undefined before it ran there. */
export type SubmitterChainStatus = { address: string; nativeBalance: string; updatedAtMs: number };
export type SubmitterStatus = (chainId: number) => Promise<SubmitterChainStatus | undefined>;

const SUBMITTER_KEY = Symbol.for('swapdesk.submitterStatus');
type SubmitterHolder = { [SUBMITTER_KEY]?: SubmitterStatus };

/** Registers (or with `undefined`, removes) the submitter status provider; same lifetime rules as the indexer's. */
export function registerSubmitterStatus(provider: SubmitterStatus | undefined): void {
  (globalThis as SubmitterHolder)[SUBMITTER_KEY] = provider;
}

export function submitterStatus(): SubmitterStatus | undefined {
  return (globalThis as SubmitterHolder)[SUBMITTER_KEY];
}
