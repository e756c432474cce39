// Server start-up hook (Next): migrates the store and wires the indexer's progress into /v1/health.
export async function register(): Promise<void> {
  // Next runs this hook in every runtime; the store needs Node.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ readyDb }, { registerIndexerHealth }, { log }] = await Promise.all([
    import('@/lib/db/getDb'), import('@/lib/indexer/registerIndexerHealth'), import('@/lib/log'),
  ]);
  registerIndexerHealth();
  // A store that is down at boot must not keep quotes from being served; market routes retry on each request.
  await readyDb().catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : String(error) }, 'store not ready at start-up'));
}
