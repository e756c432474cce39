// The web server's start-up in Node: checks the configuration, migrates the store and wires the indexer's and the
// relayer's progress into /v1/health. Imported by instrumentation.ts only in the Node runtime.
import 'server-only';

export async function registerNodeServer(): Promise<void> {
  const { env, EnvError } = await import('@/lib/env');
  try {
    env();
  } catch (error: unknown) {
    // A bad or (in cluster mode) missing setting: refuse to serve, one line per value, rather than fail per request.
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const [{ readyDb }, { registerIndexerHealth }, { registerRelayerHealth }, { log }] = await Promise.all([
    import('@/lib/db/getDb'), import('@/lib/indexer/registerIndexerHealth'), import('@/lib/relayer/registerRelayerHealth'), import('@/lib/log'),
  ]);
  // Connects to Redis now (with REDIS_URL) rather than on the first request, which would count in memory meanwhile.
  (await import('@/lib/api/rateLimit')).rateLimitStore();
  registerIndexerHealth();
  registerRelayerHealth();
  void checkSignerAtStartUp(log);
  // A store that is down at boot must not keep quotes from being served; market routes retry on each request.
  await readyDb().catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : String(error) }, 'store not ready at start-up'));
}

/** Says, per chain, when this service's quote-signing key is not the router's signer (never blocks start-up). */
async function checkSignerAtStartUp(log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }): Promise<void> {
  try {
    const [{ loadChains }, { quoteSignerAccount }, { logRouterKeyCheck }, { env }] = await Promise.all([
      import('@/lib/chains/loadChains'), import('@/lib/contracts/quoteSigner'), import('@/lib/contracts/checkRouterKeys'), import('@/lib/env'),
    ]);
    await logRouterKeyCheck(loadChains(), 'quoteSigner', quoteSignerAccount().address, env().RPC_TIMEOUT_MS, log);
  } catch (error: unknown) {
    log.error({ err: error instanceof Error ? error.message : String(error) }, 'quote signer check failed');
  }
}
