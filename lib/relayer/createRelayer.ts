// The cross-chain relayer as a start/stop job: every round it records new deposits on each chain, then fills,
// settles and refunds. All of its state lives in the store, so any process can take over where another stopped.
import 'server-only';
import { getAddress, type Hash, type LocalAccount } from 'viem';
import type { CrosschainDb, PendingKind } from '@/lib/crosschain/crosschainTables';
import { orderStore } from '@/lib/crosschain/orderStore';
import { log } from '@/lib/log';
import type { AttesterClient } from '@/lib/attester/attesterClient';
import { advanceOrders, type WorkReport } from './advanceOrders';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { relayerChains, type RelayerChain } from './relayerChains';
import { scanDeposits, type Fence } from './scanDeposits';
import { allowances, UNLIMITED_ALLOWANCE, type Allowances } from '@/lib/filler/allowances';
import { erc20Abi } from '@/lib/crosschain/settlerAbi';
import { fillNotes } from '@/lib/crosschain/fillNotes';
import { relayerPayouts } from '@/lib/crosschain/relayerPayouts';
import { DEFAULT_FILL_POLICY, type FillPolicy } from '@/lib/filler/fillPolicy';
import { errorLine } from '@/lib/filler/errorLine';

export type RelayerOptions = {
  db: CrosschainDb;
  /** The chain registry as it is now (read every round: the devnet may rewrite it). */
  chains: () => readonly ChainConfig[];
  /** Pays fills from its inventory and is repaid the escrow. */
  account: LocalAccount;
  /** The attester (its own process and key): signs what the destination shows at depth (CONTRACTS.md § Cross-chain). */
  attester: AttesterClient;
  pollMs: number;
  /** Blocks on top before a deposit is filled, at least; each chain's registry `confirmations` may ask more. */
  confirmations: number;
  rpcTimeoutMs: number;
  /** Blocks per eth_getLogs while catching up on deposits. */
  rangeBlocks?: number;
  /** How long a round waits for its transactions' receipts before leaving them for the next round. */
  receiptTimeoutMs?: number;
  /**
   * Runs inside the transaction that records a deposit scan or a transaction about to be sent, and throws when this
   * relayer may no longer write (a single-writer lease taken over): a deposed relayer sends nothing more.
   */
  fence?: Fence;
  /** Inventory caps, minimum fee, top-up margin and backoff (DEFAULT_FILL_POLICY where absent). */
  policy?: Partial<FillPolicy>;
};

export type PassReport = WorkReport & { recorded: number };

export type Relayer = {
  /** Runs rounds every `pollMs` until stopped. */
  start(): void;
  /** Stops the loop; resolves once a round under way has finished. */
  stop(): Promise<void>;
  /** One round now (after any round under way). */
  pass(): Promise<PassReport>;
};

/** Inventory rows are rewritten when they change, and at least this often, so health can tell a live relayer. */
const HEARTBEAT_MS = 5_000;

export function createRelayer(options: RelayerOptions): Relayer {
  const store = orderStore(options.db);
  const chains = relayerChains(options.account, options.rpcTimeoutMs, Math.min(options.pollMs, 250));
  const relayer = getAddress(options.account.address);
  const lastInventory = new Map<number, { key: string; at: number }>();
  const retryAt = new Map<string, number>();
  const notes = fillNotes(options.db);
  const policy: FillPolicy = { ...DEFAULT_FILL_POLICY, ...options.policy };
  const spend = relayerPayouts(options.db);
  const now = () => Math.floor(Date.now() / 1000);
  let queue: Promise<unknown> = Promise.resolve();
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function inventory(chain: RelayerChain): Promise<bigint> {
    const [bridge, native] = await Promise.all([
      chain.bridgeToken ? chain.client.readContract({ address: chain.bridgeToken, abi: erc20Abi, functionName: 'balanceOf', args: [relayer] }) : 0n,
      chain.client.getBalance({ address: relayer }),
    ]);
    const key = `${bridge}:${native}`;
    const last = lastInventory.get(chain.id);
    if (!last || last.key !== key || Date.now() - last.at > HEARTBEAT_MS) {
      await store.saveInventory(chain.id, { bridge, native }, Date.now());
      lastInventory.set(chain.id, { key, at: Date.now() });
    }
    return bridge;
  }

  const fence = options.fence ?? (async () => undefined);
  const recordPending = (orderId: string, kind: PendingKind, hash: Hash) => options.db.transaction().execute(async (trx) => {
    await fence(trx);
    await orderStore(trx).setPending(orderId, kind, hash, now());
  });

  /** The destination settler pulls fills from the relayer: approve it once per chain if nobody did (the devnet does). */
  const allowancesOf = new WeakMap<RelayerChain, Allowances>();
  async function ensureAllowance(chain: RelayerChain): Promise<void> {
    const { bridgeToken, destinationSettler } = chain;
    if (!bridgeToken || !destinationSettler) return;
    let chainAllowances = allowancesOf.get(chain);
    if (!chainAllowances) {
      allowancesOf.set(chain, (chainAllowances = allowances(chain.client, relayer, async (token, data) => {
        const hash = await chain.sender.send({ to: token, data }, () => options.db.transaction().execute(fence));
        await chain.client.waitForTransactionReceipt({ hash, timeout: options.receiptTimeoutMs ?? 30_000 });
        log.info({ chainId: chain.id, tx: hash }, 'relayer approved the destination settler');
      })));
    }
    await chainAllowances.ensure(bridgeToken, destinationSettler, UNLIMITED_ALLOWANCE);
  }

  async function round(): Promise<PassReport> {
    const byId = chains.current(options.chains());
    const list = [...byId.values()];
    // Rounds are seconds apart; a standby that took over in between used the same key.
    for (const chain of list) chain.sender.resync();
    let recorded = 0;
    const available = new Map<number, bigint>();
    await Promise.all(list.map(async (chain) => {
      try {
        const scan = await scanDeposits(options.db, chain, { confirmations: Math.max(options.confirmations, chain.confirmations), rangeBlocks: options.rangeBlocks ?? 2_000, now, fence });
        recorded += scan.recorded;
        await ensureAllowance(chain);
        available.set(chain.id, await inventory(chain));
      } catch (error: unknown) {
        log.warn({ chainId: chain.id, err: errorLine(error) }, 'relayer could not follow this chain; retrying');
      }
    }));
    const work = await advanceOrders({
      store, recordPending, chains: byId, relayer, attester: options.attester, receiptTimeoutMs: options.receiptTimeoutMs ?? 30_000, now, available, retryAt,
      notes, policy, spend,
    });
    const report = { recorded, ...work };
    if (recorded || work.filled || work.settled || work.expired || work.refunded || work.failed) log.info(report, 'relayer round');
    return report;
  }

  function pass(): Promise<PassReport> {
    const result = queue.then(round);
    queue = result.catch(() => undefined);
    return result;
  }

  async function run(): Promise<void> {
    while (running) {
      await pass().catch((error: unknown) => log.warn({ err: errorLine(error) }, 'relayer round failed; retrying'));
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.pollMs);
      });
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      wake?.();
      await loop;
      loop = undefined;
    },
    pass,
  };
}
