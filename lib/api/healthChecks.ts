// Plug-in point for /v1/health: the indexer registers how far it has indexed each chain.

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
