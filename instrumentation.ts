// Server start-up hook (Next): migrates the store and wires the indexer's progress into /v1/health.
export async function register(): Promise<void> {
  // Next runs this hook in every runtime; the store needs Node.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ readyDb }, { registerIndexerHealth }] = await Promise.all([import('@/lib/db/getDb'), import('@/lib/indexer/registerIndexerHealth')]);
  await readyDb();
  registerIndexerHealth();
}
