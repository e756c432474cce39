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
  const [{ readyDb }, { registerIndexerHealth }, { registerRelayerHealth }, { registerSubmitterHealth }, { log }] = await Promise.all([
    import('@/lib/db/getDb'), import('@/lib/indexer/registerIndexerHealth'), import('@/lib/relayer/registerRelayerHealth'),
    import('@/lib/gasless/registerSubmitterHealth'), import('@/lib/log'),
  ]);
  // Connects to Redis now (with REDIS_URL) rather than on the first request, which would count in memory meanwhile.
  (await import('@/lib/api/rateLimit')).rateLimitStore();
  registerIndexerHealth();
  registerRelayerHealth();
  registerSubmitterHealth();
  await checkSignerAtStartUp(log);
  // A store that is down at boot must not keep quotes from being served; market routes retry on each request.
  await readyDb().catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : String(error) }, 'store not ready at start-up'));
}

/**
 * Refuses to serve (exit 1) when a deployed router expects another quote signer, or trades on another factory or WETH
 * than the registry names: every firm quote would be refused on-chain. A chain that does not answer is only logged.
 */
async function checkSignerAtStartUp(log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }): Promise<void> {
  const [{ loadChains }, { quoteSignerAccount }, { checkDeployment, DeploymentMismatchError }, { env }] = await Promise.all([
    import('@/lib/chains/loadChains'), import('@/lib/contracts/quoteSigner'), import('@/lib/startup/checkDeployment'), import('@/lib/env'),
  ]);
  let chains;
  try {
    chains = loadChains();
  } catch (error: unknown) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'quote signer check skipped: no chain registry yet');
    return;
  }
  const config = env();
  // Without QUOTE_SIGNER_KEY, only on devnet chains: checked before the key file is read or generated.
  const { devKeyProblems } = await import('@/lib/startup/devKeyProblems');
  const devKey = config.QUOTE_SIGNER_KEY ? [] : await devKeyProblems(chains, 'QUOTE_SIGNER_KEY', config.RPC_TIMEOUT_MS);
  if (devKey.length > 0) {
    process.stderr.write(`refusing to serve with a devnet-only quote signer key: QUOTE_SIGNER_KEY is not set and not every chain is a devnet:\n${devKey.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exit(1);
  }
  const signer = quoteSignerAccount().address;
  const check = await checkDeployment(chains, 'quoteSigner', signer, config.RPC_TIMEOUT_MS);
  if (check.problems.length > 0) {
    process.stderr.write(`${new DeploymentMismatchError('quoteSigner', check.problems).message}\n`);
    process.exit(1);
  }
  for (const line of check.unreachable) log.warn({}, `quote signer check could not read ${line}`);
  if (check.unreachable.length === 0) log.info({ quoteSigner: signer }, 'quote signer, factory and WETH agree with the deployed contracts');
}
