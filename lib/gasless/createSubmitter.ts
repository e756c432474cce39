// The gasless submitter as a start/stop job: every round, on each chain with a router and Permit2, it follows the
// transactions it recorded (rebroadcasting any the node never got), then sends posted orders — simulated first, so
// one that would revert is `failed` and never sent. Each transaction is recorded (hash and signed bytes) before it is
// handed to the node: a restart rebroadcasts the same transaction, so no order is ever sent twice.
import type { Kysely } from 'kysely';
import { getAbiItem, keccak256, parseEventLogs, type Address, type Hex, type LocalAccount, type PublicClient } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { appendPermit2Signature } from '@/lib/contracts/permit2';
import { quoteStore } from '@/lib/quote/quoteStore';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { gaslessOrderStore, type Fence, type GaslessOrder } from './gaslessOrderStore';
import type { GaslessTables } from './gaslessTables';
import { submitterRevert } from './submitterRevert';

/** Posted orders sent per chain per round; the rest wait for the next round. */
const BATCH = 25;
/** Gas limit over the node's estimate: an estimate at the previous block's timestamp can miss the pools' oracle writes. */
const GAS_HEADROOM_PCT = 130n;
/** maxFeePerGas = base fee × this + tip: stays includable while the base fee doubles. */
const BASE_FEE_MULTIPLIER = 2n;
const QUOTE_FILLED = getAbiItem({ abi: swapRouterAbi, name: 'QuoteFilled' });

export type SubmitterLog = (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;

export type SubmitterOptions = {
  db: Kysely<GaslessTables & QuoteTables>;
  chains: () => readonly ChainConfig[];
  client: (chain: ChainConfig) => PublicClient;
  account: LocalAccount;
  pollMs: number;
  /** The lease's check, run inside every write transaction. */
  fence?: Fence;
  log?: SubmitterLog;
};

export type Submitter = { start(): void; stop(): Promise<void>; round(): Promise<void> };

const message = (error: unknown) => (error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));

/** Definite refusals of a raw transaction by the node (anything else, a timeout, may have reached it). */
function refused(error: unknown): boolean {
  return /nonce too low|insufficient funds|replacement transaction underpriced|intrinsic gas|exceeds block gas limit|invalid/i.test(message(error));
}
function alreadyKnown(error: unknown): boolean {
  return /already known|already imported|known transaction/i.test(message(error));
}

export function createSubmitter(options: SubmitterOptions): Submitter {
  const { db, account } = options;
  const store = gaslessOrderStore(db);
  const quotes = quoteStore(db);
  const log: SubmitterLog = options.log ?? (() => undefined);
  const fence = options.fence;
  /** Next nonce per chain; forgotten after any doubt, then asked of the node (pending count). */
  const nonces = new Map<number, number>();
  let running = false;
  /** Set by stop(): a round under way sends no further order. */
  let stopping = false;
  let loop: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;

  async function fail(order: GaslessOrder, reason: string): Promise<void> {
    await store.markFailed(order.quote_id, reason, Date.now(), fence);
    log('info', 'gasless order failed', { quoteId: order.quote_id, reason });
  }

  /** A recorded transaction: mined (filled / failed), known to the node (wait), or unknown (rebroadcast the same bytes). */
  async function follow(client: PublicClient, order: GaslessOrder): Promise<void> {
    const hash = order.tx_hash as Hex;
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt) {
      if (receipt.status === 'success') {
        const filled = parseEventLogs({ abi: [QUOTE_FILLED], logs: receipt.logs }).find((l) => l.args.quoteId.toLowerCase() === order.quote_id);
        if (filled) {
          await quotes.markFilled({ quoteId: order.quote_id, chainId: order.chain_id, txHash: hash, amountOut: filled.args.amountOut, block: Number(receipt.blockNumber) }, Math.floor(Date.now() / 1000));
        }
        await store.markFilled(order.quote_id, Date.now(), fence);
      } else {
        await fail(order, `the transaction ${hash} reverted on-chain (nothing of the sender's moved)`);
      }
      return;
    }
    const known = await client.getTransaction({ hash }).then(() => true, () => false);
    if (known || !order.raw_tx) return;
    try {
      await client.sendRawTransaction({ serializedTransaction: order.raw_tx as Hex });
      log('info', 'rebroadcast a recorded gasless transaction the node did not have', { quoteId: order.quote_id, hash });
    } catch (error: unknown) {
      if (alreadyKnown(error) || !refused(error)) return;
      // "nonce too low" also answers a transaction mined between the two lookups above: then its receipt is there now.
      if (await client.getTransactionReceipt({ hash }).then(() => true, () => false)) return;
      nonces.delete(order.chain_id);
      await fail(order, `the transaction was dropped before it was mined (${message(error).slice(0, 120)}); nothing of the sender's moved`);
    }
  }

  async function send(chain: ChainConfig, client: PublicClient, order: GaslessOrder, fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }): Promise<void> {
    const head = await client.getBlock({ blockTag: 'latest' });
    if (head.timestamp >= BigInt(order.deadline)) {
      await fail(order, `the quote's deadline passed before it could be sent (QuoteExpired)`);
      return;
    }
    const to = order.router_address as Address;
    const data = appendPermit2Signature(order.calldata as Hex, (order.signature ?? '0x') as Hex);
    let gas: bigint;
    try {
      // The simulation: a transaction that would revert is never sent, so nothing of the sender's (or ours) is spent.
      gas = await client.estimateGas({ account: account.address, to, data, value: 0n });
    } catch (error: unknown) {
      await fail(order, `not sent: ${submitterRevert(error).text}`);
      return;
    }
    let nonce = nonces.get(chain.id);
    if (nonce === undefined) {
      nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    }
    const serializedTransaction = await account.signTransaction({
      chainId: chain.id, type: 'eip1559', to, data, value: 0n, nonce, gas: (gas * GAS_HEADROOM_PCT) / 100n, ...fees,
    });
    const hash = keccak256(serializedTransaction);
    // Recorded before it leaves: if this process dies right after, the next round rebroadcasts these very bytes.
    if (!(await store.markSent(order.quote_id, { txHash: hash, rawTx: serializedTransaction, nonce }, Date.now(), fence))) return;
    nonces.set(chain.id, nonce + 1);
    try {
      await client.sendRawTransaction({ serializedTransaction });
    } catch (error: unknown) {
      if (alreadyKnown(error)) return;
      nonces.delete(chain.id);
      if (refused(error)) await fail(order, `the node refused the transaction (${message(error).slice(0, 120)}); nothing of the sender's moved`);
      // Otherwise (a timeout) it may have arrived: the next round follows it, or rebroadcasts it.
    }
  }

  async function chainRound(chain: ChainConfig): Promise<void> {
    const client = options.client(chain);
    for (const order of await store.sent(chain.id)) await follow(client, order);
    const posted = await store.submitted(chain.id, BATCH);
    if (posted.length > 0) {
      const block = await client.getBlock({ blockTag: 'latest' });
      const tip = await client.estimateMaxPriorityFeePerGas().catch(() => 1_000_000_000n);
      const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * BASE_FEE_MULTIPLIER + tip, maxPriorityFeePerGas: tip };
      for (const order of posted) {
        if (stopping) break;
        await send(chain, client, order, fees);
      }
    }
    const balance = await client.getBalance({ address: account.address });
    await store.recordBalance(chain.id, account.address, balance, Date.now());
  }

  async function round(): Promise<void> {
    for (const chain of options.chains()) {
      if (!chain.swapRouter || !chain.permit2) continue;
      try {
        await chainRound(chain);
      } catch (error: unknown) {
        nonces.delete(chain.id);
        log('warn', 'gasless round failed; trying again next round', { chainId: chain.id, err: message(error) });
      }
    }
  }

  async function run(): Promise<void> {
    while (running) {
      await round();
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, options.pollMs);
      });
    }
  }

  return {
    round,
    start() {
      if (running) return;
      running = true;
      stopping = false;
      loop = run();
    },
    async stop() {
      running = false;
      stopping = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await loop;
      loop = undefined;
    },
  };
}
