// The local trading world behind `npm start` and the integration tests: two anvil chains with Uniswap V2 markets,
// weeks of swap history, a live activity loop, and the chain registry the app reads, all kept in one data folder.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Address, Hex } from 'viem';
import { assertPortFree } from './assertPortFree';
import { DevnetError } from './devnetError';
import { deployDevnetChain } from './deployDevnetChain';
import { devClients } from './deployUniswap';
import { ensurePermit2 } from './ensurePermit2';
import { DEVNET_CHAINS, type ChainSpec } from './devnetMarkets';
import { ensureCrossChain } from './ensureCrossChain';
import { devnetAttester, devnetQuoteSigner, devnetRelayer, devnetSubmitter, ensureSwapRouter, SWAP_ROUTER_BUILD } from './ensureSwapRouter';
import { fundSubmitter } from './fundSubmitter';
import { readDevnetRecord, writeDevnetRecord, type DevnetChainRecord } from './devnetRecord';
import { generateHistory } from './generateHistory';
import { rpc as rpcClient, type Rpc } from './rpc';
import { seedScaleMarkets } from './seedScaleMarkets';
import { startActivity, type Activity } from './startActivity';
import { startAnvil, type Anvil, type AnvilOptions } from './startAnvil';
import { txBatcher } from './txBatcher';
import { chainsFile, writeChainsFile } from './writeChainsFile';

export type DevnetStage = 'anvil' | 'reuse' | 'deploy' | 'history' | 'swapRouter' | 'ready' | 'activity';
export type DevnetProgress = { chainId: number; stage: DevnetStage; message: string; done?: number; total?: number };
export type HistoryPlan = { days: number; swapsPerPair: number };

export type StartDevnetOptions = {
  /** Holds anvil-<chainId>.json (chain state), devnet.json (deployment record) and chains.json (registry). */
  dataDir: string;
  /** RPC ports of chain 31337 and 31338; 'free' picks unused ones (tests). Default [8545, 8546]. */
  ports?: readonly [number, number] | 'free';
  /** History generated on a fresh deployment. Default 30 days, 1000 swaps per pair. */
  history?: HistoryPlan | 'none';
  /** Live market from account #9: a block of trades and arbitrage every 2–5 s on each chain (or at the given interval). Default true. */
  activity?: boolean | { intervalMs: readonly [number, number] };
  onProgress?: (progress: DevnetProgress) => void;
  /** Seeds the simulated markets (1 by default), so every fresh devnet has the same history shape. */
  seed?: number;
  /** Run anvil in its own process group (a CLI that handles Ctrl-C itself). */
  detached?: boolean;
  /** Called with each anvil process as soon as it is spawned. */
  onAnvilSpawn?: (child: ChildProcess) => void;
  /** Aborting stops every chain started so far; startDevnet then rejects with a DevnetError. */
  signal?: AbortSignal;
  /**
   * Signer of the SwapRouter deployed on each chain; by default the app's own (QUOTE_SIGNER_KEY, else the dev key
   * `<dataDir>/quote-signer.key`).
   */
  quoteSigner?: Address;
  /** Attester set on each SwapRouter; by default the app's own (ATTESTER_KEY, else `<dataDir>/attester.key`). */
  attester?: Address;
  /**
   * Relayer account funded (100 ETH, 2,000,000 USDC) on each chain and approving its DestinationSettler; by default
   * the app's own (RELAYER_KEY, else `<dataDir>/relayer.key`).
   */
  relayer?: Address;
  /** Gasless submitter kept at 100 ETH or more on each chain; by default the app's own (SUBMITTER_KEY, else `<dataDir>/submitter.key`). */
  submitter?: Address;
  /**
   * The `--pools N` profile: a fresh chain gets about this many pools (V2 and V3) over about N / 5 tokens besides its
   * default market (lib/devnet/scaleMarkets.ts). Undefined: the default market only.
   */
  scalePools?: number;
};

export type DevnetChain = { id: number; name: string; rpcUrl: string; port: number; record: DevnetChainRecord; anvil: Anvil; fresh: boolean };

export type Devnet = {
  dataDir: string;
  /** The chain registry written for the app (CHAINS_CONFIG format). */
  registryFile: string;
  recordFile: string;
  chains: DevnetChain[];
  /** Stops the activity loops, then each anvil (which writes its state file first). Safe to call twice. */
  stop(): Promise<void>;
};

export const DEFAULT_PORTS = [8545, 8546] as const;
export const DEFAULT_HISTORY: HistoryPlan = { days: 30, swapsPerPair: 1_000 };
/** Genesis sits this long before the history starts, leaving room for the deployment blocks. */
const GENESIS_LEAD_S = 3_600;
const DEFAULT_SEED = 1;

/** True when the chain still holds the recorded contracts (the state file may be stale or from another run). */
async function deploymentIntact(rpc: Rpc, record: DevnetChainRecord): Promise<boolean> {
  // Addresses repeat across deployments (same deployer, same nonces); the deployment block's hash tells this chain
  // from a half-finished later one (older records: the genesis hash, which holds only until the second reload).
  if (record.startBlockHash) {
    if ((await blockHash(rpc, record.startBlock)) !== record.startBlockHash) return false;
  } else if ((await blockHash(rpc, 0)) !== record.genesisHash) return false;
  const { uniswapV3 } = record;
  const addresses = [
    record.factory, record.router02, record.weth, ...record.pools.map((p) => p.address), ...record.tokens.map((t) => t.address),
    uniswapV3.factory, uniswapV3.positionManager, uniswapV3.quoter, uniswapV3.router, ...record.v3Pools.map((p) => p.address),
  ];
  const [chainId, ...codes] = await rpc.batch<Hex>([['eth_chainId', []], ...addresses.map((a) => ['eth_getCode', [a, 'latest']] as const)]);
  return Number(chainId) === record.id && codes.every((code) => code !== '0x' && code.length > 2);
}

async function blockHash(rpc: Rpc, number: number): Promise<Hex | undefined> {
  const block = await rpc.call<{ hash: Hex } | null>('eth_getBlockByNumber', [`0x${number.toString(16)}`, false]);
  return block?.hash;
}

async function genesisHash(rpc: Rpc): Promise<Hex> {
  const hash = await blockHash(rpc, 0);
  if (!hash) throw new Error('chain has no genesis block');
  return hash;
}

type ChainStart = {
  spec: ChainSpec;
  port: number;
  previous?: DevnetChainRecord;
  options: StartDevnetOptions;
  /** Unix seconds of the last history block, the same on both chains. */
  historyEnd: number;
  /** Starts anvil and registers it, so an abort can stop it whatever step the chain is at. */
  launch: (options: AnvilOptions) => Promise<Anvil>;
};

async function reuseChain({ spec, port, previous, options, launch }: ChainStart, stateFile: string): Promise<DevnetChain | undefined> {
  if (!previous || !existsSync(stateFile)) return undefined;
  const anvil = await launch({ chainId: spec.id, port, stateFile, detached: options.detached });
  if (await deploymentIntact(rpcClient(anvil.rpcUrl), previous)) {
    options.onProgress?.({ chainId: spec.id, stage: 'reuse', message: `chain ${spec.id}: reusing the deployment in ${stateFile}` });
    return { id: spec.id, name: spec.name, rpcUrl: anvil.rpcUrl, port: anvil.port, record: previous, anvil, fresh: false };
  }
  options.onProgress?.({ chainId: spec.id, stage: 'deploy', message: `chain ${spec.id}: recorded contracts are missing from the chain state; deploying afresh` });
  await anvil.stop();
  return undefined;
}

async function freshChain({ spec, port, options, launch, historyEnd }: ChainStart, stateFile: string): Promise<DevnetChain> {
  rmSync(stateFile, { force: true });
  const history = options.history ?? DEFAULT_HISTORY;
  const genesis = history === 'none' ? undefined : historyEnd - Math.ceil(history.days * 86_400) - GENESIS_LEAD_S;
  const progress = (stage: DevnetStage, message: string, done?: number, total?: number) =>
    options.onProgress?.({ chainId: spec.id, stage, message: `chain ${spec.id}: ${message}`, done, total });
  progress('anvil', 'starting anvil');
  const anvil = await launch({ chainId: spec.id, port, stateFile, timestamp: genesis, detached: options.detached });
  try {
    const rpc = rpcClient(anvil.rpcUrl);
    const batcher = txBatcher(rpc);
    let clock = genesis ?? 0;
    const nextTimestamp = genesis === undefined ? undefined : () => ++clock;
    const deployed = await deployDevnetChain({ rpc, batcher, spec, nextTimestamp, onStep: (step) => progress('deploy', `${step}…`) });
    let historyRecord: DevnetChainRecord['history'] = null;
    let prices: Record<string, number> = {};
    if (history !== 'none') {
      const result = await generateHistory({
        rpc, batcher, chain: deployed, days: history.days, swapsPerPair: history.swapsPerPair, seed: options.seed ?? DEFAULT_SEED,
        endTimestamp: historyEnd,
        onProgress: (done, total) => progress('history', `history: ${done} of ${total} swaps`, done, total),
      });
      historyRecord = { days: history.days, swapsPerPair: history.swapsPerPair, swaps: result.swaps, blocks: result.blocks };
      prices = result.prices;
    }
    // Back to real time: blocks are mined as transactions arrive, stamped with the wall clock.
    await rpc.call('evm_setTime', [Math.floor(Date.now() / 1000)]);
    if (options.scalePools !== undefined) {
      const seeded = await seedScaleMarkets({ rpc, batcher, chain: deployed, poolCount: options.scalePools, onStep: (step) => progress('deploy', `pools profile: ${step}…`) });
      progress('deploy', `pools profile: ${seeded.tokens} tokens, ${seeded.v2Pools} V2 and ${seeded.v3Pools} V3 pools added in ${seeded.blocks} blocks`);
    }
    await rpc.call('evm_setAutomine', [true]);
    const record: DevnetChainRecord = {
      ...deployed, genesisHash: await genesisHash(rpc), startBlockHash: await blockHash(rpc, deployed.startBlock), history: historyRecord, prices, deployedAt: new Date().toISOString(),
    };
    return { id: spec.id, name: spec.name, rpcUrl: anvil.rpcUrl, port: anvil.port, record, anvil, fresh: true };
  } catch (error: unknown) {
    await anvil.stop();
    throw error;
  }
}

async function startChain(start: ChainStart): Promise<DevnetChain> {
  const stateFile = path.join(start.options.dataDir, `anvil-${start.spec.id}.json`);
  const chain = (await reuseChain(start, stateFile)) ?? (await freshChain(start, stateFile));
  try {
    const { dataDir } = start.options;
    const quoteSigner = start.options.quoteSigner ?? devnetQuoteSigner(dataDir);
    const attester = start.options.attester ?? devnetAttester(dataDir);
    if (chain.record.swapRouterBuild !== SWAP_ROUTER_BUILD) start.options.onProgress?.({ chainId: chain.id, stage: 'swapRouter', message: `chain ${chain.id}: deploying SwapRouter and DestinationSettler…` });
    // Before the router, which is built wired to it; chains saved before Permit2 get it here too.
    const permit2 = await ensurePermit2(devClients(chain.id, chain.rpcUrl));
    const swapRouter = await ensureSwapRouter({ rpcUrl: chain.rpcUrl, chain: chain.record, quoteSigner, attester, permit2 });
    chain.record = { ...chain.record, permit2, swapRouter, swapRouterBuild: SWAP_ROUTER_BUILD, attester };
    // Deployed right after the router by the same account, so a fresh devnet has it at the same address on both chains.
    const crossChain = await ensureCrossChain({ rpcUrl: chain.rpcUrl, chain: chain.record, relayer: start.options.relayer ?? devnetRelayer(dataDir) });
    chain.record = { ...chain.record, ...crossChain };
    await fundSubmitter(devClients(chain.id, chain.rpcUrl), start.options.submitter ?? devnetSubmitter(dataDir));
  } catch (error: unknown) {
    await chain.anvil.stop();
    throw error;
  }
  return chain;
}

async function resolvePorts(ports: StartDevnetOptions['ports']): Promise<[number, number]> {
  // Port 0: each anvil binds a free port itself and reports it.
  if (ports === 'free') return [0, 0];
  const [a, b] = ports ?? DEFAULT_PORTS;
  for (const port of [a, b]) await assertPortFree(port, '127.0.0.1', 'is another devnet running? Stop whatever listens on it and start again');
  return [a, b];
}

export async function startDevnet(options: StartDevnetOptions): Promise<Devnet> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const recordFile = path.join(dataDir, 'devnet.json');
  const registryFile = path.join(dataDir, 'chains.json');
  const previous = readDevnetRecord(recordFile);
  const ports = await resolvePorts(options.ports);
  // History ends when start-up began: never in the future, and only the generation time behind the first live block.
  const historyEnd = Math.floor(Date.now() / 1000);
  const launched: Anvil[] = [];
  const stopLaunched = () => Promise.all(launched.map((a) => a.stop()));
  const launch = async (anvilOptions: AnvilOptions) => {
    if (options.signal?.aborted) throw new DevnetError('devnet start-up interrupted');
    const anvil = await startAnvil({ ...anvilOptions, onSpawn: options.onAnvilSpawn });
    launched.push(anvil);
    if (options.signal?.aborted) await anvil.stop();
    return anvil;
  };
  options.signal?.addEventListener('abort', () => void stopLaunched(), { once: true });

  const settled = await Promise.allSettled(DEVNET_CHAINS.map((spec, i) =>
    startChain({ spec, port: ports[i] ?? 0, previous: previous?.chains.find((c) => c.id === spec.id), options: { ...options, dataDir }, launch, historyEnd })));
  const chains = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure || options.signal?.aborted) {
    await stopLaunched();
    throw options.signal?.aborted ? new DevnetError('devnet start-up interrupted') : failure?.reason;
  }

  writeDevnetRecord(recordFile, { version: 1, chains: chains.map((c) => c.record) });
  writeChainsFile(registryFile, chainsFile(chains, (id) => DEVNET_CHAINS.find((s) => s.id === id)?.stablecoins ?? []));

  const activity = options.activity ?? true;
  const loops: Activity[] = activity
    ? [startActivity({
      chains: chains.map((c) => ({ rpcUrl: c.rpcUrl, chain: c.record })),
      // Both chains' histories end on the same reference prices.
      prices: chains[0]?.record.prices,
      intervalMs: typeof activity === 'object' ? activity.intervalMs : undefined,
      onError: (error: unknown, chainId: number) => options.onProgress?.({ chainId, stage: 'activity', message: `chain ${chainId}: market activity failed: ${error instanceof Error ? error.message : String(error)}` }),
    })]
    : [];
  for (const c of chains) options.onProgress?.({ chainId: c.id, stage: 'ready', message: `chain ${c.id} (${c.name}) ready at ${c.rpcUrl}` });

  let stopping: Promise<void> | undefined;
  return {
    dataDir, registryFile, recordFile, chains,
    stop() {
      stopping ??= (async () => {
        await Promise.all(loops.map((l) => l.stop()));
        await Promise.all(chains.map((c) => c.anvil.stop()));
      })();
      return stopping;
    },
  };
}
