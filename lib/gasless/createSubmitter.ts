// The gasless submitter as a start/stop job: every round, on each chain with a router and Permit2, it follows the
// transactions it recorded — orders' and the senders' EIP-2612 permits alike — (rebroadcasting any the node never got,
// replacing at the same nonce and a higher fee any not mined in time, cancelling with a 0-value transfer to itself any
// still unmined once its quote's deadline has passed, when mining it could only revert and cost gas, or its order was
// given up), then sends posted orders (after the sender's permit to Permit2, sent from its own account and mined first,
// when the order carries one) — simulated first, so one that would revert is `failed` and never sent.
// Each transaction is recorded (hash and signed bytes) before it is handed to the node: a restart rebroadcasts the same
// transaction, and every replacement shares its nonce, so no order is ever executed twice.
import type { Kysely } from 'kysely';
import {
  erc20Abi, getAbiItem, keccak256, parseEventLogs, parseTransaction, type Address, type Hex, type LocalAccount, type PublicClient, type TransactionReceipt,
} from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { quoteStore } from '@/lib/quote/quoteStore';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { bumpedFees, CANCEL_GAS, cancelFees, type Fees } from './bumpedFees';
import { parseApproval, permitCalldata } from './gaslessApproval';
import { gaslessCalldata } from './gaslessCalldata';
import { gaslessOrderStore, type Fence, type GaslessOrder, type ReplacementTx } from './gaslessOrderStore';
import type { GaslessTables } from './gaslessTables';
import { submitterRevert } from './submitterRevert';

/** Posted orders sent per chain per round; the rest wait for the next round. */
const BATCH = 25;
/** Gas limit over the node's estimate: an estimate at the previous block's timestamp can miss the pools' oracle writes. */
const GAS_HEADROOM_PCT = 130n;
/** maxFeePerGas = base fee × this + tip: stays includable while the base fee doubles. */
const BASE_FEE_MULTIPLIER = 2n;
const QUOTE_FILLED = getAbiItem({ abi: swapRouterAbi, name: 'QuoteFilled' });
/** `error_reason` of an order cancelled at its nonce because its deadline passed first. */
export const EXPIRED_REASON = 'expired';

/** When and how far a transaction not mined in time is replaced (SUBMITTER_BUMP_AFTER_MS, SUBMITTER_MAX_BUMPS, SUBMITTER_MAX_FEE_GWEI). */
export type ReplacementPolicy = { afterMs: number; maxBumps: number; maxFeePerGas: bigint };
export const DEFAULT_REPLACEMENT: ReplacementPolicy = { afterMs: 30_000, maxBumps: 5, maxFeePerGas: 500n * 10n ** 9n };

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
  replacement?: ReplacementPolicy;
};

export type Submitter = { start(): void; stop(): Promise<void>; round(): Promise<void> };

/**
 * A transaction the submitter follows until its nonce is used: an order's, or the sender's permit sent before it. Both
 * are rebroadcast, replaced and cancelled by the same code; only where a replacement is recorded and what a mined or
 * dropped one means differ.
 */
type Followed = {
  order: GaslessOrder;
  what: 'order' | 'permit';
  hash: string | null;
  rawTx: string | null;
  /** Same-nonce transactions `hash` replaced, oldest first. */
  replaced: string[];
  sentAtMs: number | null;
  /** From then on it is cancelled rather than bumped. */
  givenUp(headTimestamp: bigint): boolean;
  /** Records a same-nonce replacement before it is handed to the node; false when another writer moved first. */
  record(tx: ReplacementTx): Promise<boolean>;
  /** One of its transactions (or the cancel) was mined. */
  settle(receipt: TransactionReceipt): Promise<void>;
  /** None of them mined and the node refused it for good: its nonce went to none of them. */
  dropped(error: unknown): Promise<void>;
};

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
  const replacement = options.replacement ?? DEFAULT_REPLACEMENT;
  /** Transactions already reported as past the replacement limits, so the log says it once. */
  const leftAsIs = new Set<string>();
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

  const receiptOf = (client: PublicClient, hash: Hex) => client.getTransactionReceipt({ hash }).catch(() => undefined);

  /** The submitter's 0-value transfer to itself, in place of an expired order at its nonce. */
  const isCancel = (to: string | null | undefined) => typeof to === 'string' && to.toLowerCase() === account.address.toLowerCase();

  async function settle(order: GaslessOrder, receipt: TransactionReceipt): Promise<void> {
    const hash = receipt.transactionHash;
    const mined = hash === order.tx_hash ? undefined : hash;
    if (isCancel(receipt.to)) {
      // The cancel took the nonce: the order can never be mined now, and nothing of the sender's moved.
      await store.markFailed(order.quote_id, EXPIRED_REASON, Date.now(), fence, mined);
      log('info', 'gasless order cancelled: its deadline passed before it was mined', { quoteId: order.quote_id, hash });
      return;
    }
    if (receipt.status === 'success') {
      const filled = parseEventLogs({ abi: [QUOTE_FILLED], logs: receipt.logs }).find((l) => l.args.quoteId.toLowerCase() === order.quote_id);
      if (filled) {
        await quotes.markFilled({ quoteId: order.quote_id, chainId: order.chain_id, txHash: hash, amountOut: filled.args.amountOut, block: Number(receipt.blockNumber) }, Math.floor(Date.now() / 1000));
      }
      await store.markFilled(order.quote_id, Date.now(), fence, mined);
    } else {
      const reason = `the transaction ${hash} reverted on-chain (nothing of the sender's moved)`;
      await store.markFailed(order.quote_id, reason, Date.now(), fence, mined);
      log('info', 'gasless order failed', { quoteId: order.quote_id, reason });
    }
  }

  /** Whether Permit2's allowance from the order's sender covers the order (the permit mined, or not needed any more). */
  async function allowanceEnough(client: PublicClient, order: GaslessOrder): Promise<boolean> {
    const approval = parseApproval(order.approval ?? '');
    const allowance = await client.readContract({ address: approval.token, abi: erc20Abi, functionName: 'allowance', args: [approval.owner, approval.spender] });
    return allowance >= BigInt(approval.amount);
  }

  const orderTx = (order: GaslessOrder): Followed => ({
    order, what: 'order', hash: order.tx_hash, rawTx: order.raw_tx, replaced: order.replaced_tx_hashes, sentAtMs: order.sent_at_ms,
    // Once the head is at the deadline, any later block reverts the order (QuoteExpired).
    givenUp: (headTimestamp) => headTimestamp >= BigInt(order.deadline),
    record: (tx) => store.markReplaced(order.quote_id, tx, Date.now(), fence),
    settle: (receipt) => settle(order, receipt),
    dropped: (error) => fail(order, `the transaction was dropped before it was mined (${message(error).slice(0, 120)}); nothing of the sender's moved`),
  });

  const permitTx = (client: PublicClient, order: GaslessOrder): Followed => ({
    order, what: 'permit', hash: order.approval_tx_hash, rawTx: order.approval_raw_tx, replaced: order.approval_replaced_tx_hashes, sentAtMs: order.approval_sent_at_ms,
    // Past the permit's deadline (the quote's, or an earlier quote's the sender signed) mining it could only revert; an
    // order given up (failed unsent) needs it no more, and its nonce must not hold up every later transaction.
    givenUp: (headTimestamp) => headTimestamp >= BigInt(Math.min(order.deadline, parseApproval(order.approval ?? '').deadline)) || order.status === 'failed',
    record: (tx) => store.markApprovalReplaced(order.quote_id, tx, Date.now(), fence),
    settle: (receipt) => settlePermit(client, order, receipt),
    dropped: async (error) => {
      await store.markApprovalSettled(order.quote_id, Date.now(), fence);
      if (order.status !== 'submitted' || (await allowanceEnough(client, order))) return;
      await fail(order, `the sender's permit to Permit2 was dropped before it was mined (${message(error).slice(0, 120)}); nothing of the sender's moved`);
    },
  });

  /** The permit's nonce is used: by the permit (or a replacement), which gave the allowance or reverted, or by its cancel. */
  async function settlePermit(client: PublicClient, order: GaslessOrder, receipt: TransactionReceipt): Promise<void> {
    const hash = receipt.transactionHash;
    await store.markApprovalSettled(order.quote_id, Date.now(), fence, hash === order.approval_tx_hash ? undefined : hash);
    if (isCancel(receipt.to)) {
      // Nothing of the sender's was approved; its order, past its deadline, fails unsent (if it has not already).
      log('info', 'gasless permit cancelled: its order was given up before it was mined', { quoteId: order.quote_id, hash });
      return;
    }
    if (order.status !== 'submitted' || receipt.status === 'success' || (await allowanceEnough(client, order))) return;
    await fail(order, `the sender's permit to Permit2 (${hash}) reverted on-chain; the order was not sent and nothing of the sender's moved`);
  }

  /**
   * A recorded transaction (or one it replaced, sharing its nonce): mined (settled), known to the node (wait), or
   * unknown (rebroadcast the same bytes); replaced at a higher fee once it has waited `afterMs` unmined, or cancelled
   * once given up.
   */
  async function follow(client: PublicClient, tx: Followed, headTimestamp: bigint): Promise<void> {
    const { order } = tx;
    const hashes = [tx.hash, ...tx.replaced].filter((h): h is Hex => h !== null);
    const findMined = async () => {
      for (const hash of hashes) {
        const receipt = await receiptOf(client, hash);
        if (receipt) return receipt;
      }
      return undefined;
    };
    const receipt = await findMined();
    if (receipt) {
      await tx.settle(receipt);
      return;
    }
    const known = await Promise.all(hashes.map((hash) => client.getTransaction({ hash }).then(() => true, () => false)));
    if (!known.includes(true) && tx.rawTx) {
      try {
        await client.sendRawTransaction({ serializedTransaction: tx.rawTx as Hex });
        log('info', 'rebroadcast a recorded gasless transaction the node did not have', { quoteId: order.quote_id, what: tx.what, hash: tx.hash });
      } catch (error: unknown) {
        // Not taken but not gone either (a fee now below the base fee, another of this nonce pending): a replacement below
        // may get it mined. Only a definite refusal with none of them mined means it was dropped.
        if (refused(error) && !alreadyKnown(error) && !/replacement transaction underpriced/i.test(message(error))) {
          // "nonce too low" also answers a transaction mined between the lookups above: then its receipt is there now.
          if (await findMined()) return;
          nonces.delete(order.chain_id);
          await tx.dropped(error);
          return;
        }
      }
    }
    if (tx.givenUp(headTimestamp) && tx.rawTx && !isCancel(parseTransaction(tx.rawTx as Hex).to)) await replace(client, tx, 'cancel');
    else if (Date.now() - (tx.sentAtMs ?? 0) >= replacement.afterMs) await replace(client, tx, 'bump');
  }

  /**
   * The same call at the same nonce with higher fees (`bump`), or a 0-value transfer to the submitter itself (`cancel`),
   * recorded before it leaves: only one transaction of that nonce can ever be mined.
   */
  async function replace(client: PublicClient, tx: Followed, how: 'bump' | 'cancel'): Promise<void> {
    const { order } = tx;
    if (!tx.rawTx || !tx.hash) return;
    const current = tx.hash;
    const limit = (why: string) => {
      if (leftAsIs.has(current)) return;
      leftAsIs.add(current);
      log('warn', `gasless transaction not mined and not replaced: ${why}`, { quoteId: order.quote_id, what: tx.what, hash: current });
    };
    // A cancel is made past SUBMITTER_MAX_BUMPS too: it is what stops the bumps (and then the fee cap alone limits it).
    if (how === 'bump' && tx.replaced.length >= replacement.maxBumps) {
      limit(`it was replaced ${tx.replaced.length} times already (SUBMITTER_MAX_BUMPS)`);
      return;
    }
    const sent = parseTransaction(tx.rawTx as Hex);
    if (sent.type !== 'eip1559' || sent.nonce === undefined || sent.maxFeePerGas === undefined || sent.maxPriorityFeePerGas === undefined) return;
    const sentFees = { maxFeePerGas: sent.maxFeePerGas, maxPriorityFeePerGas: sent.maxPriorityFeePerGas };
    const now = await currentFees(client);
    // A cancel is sent past SUBMITTER_MAX_FEE_GWEI too (never costing more than the transaction it replaces could have):
    // left unsent, it would hold every later gasless order of this account at its nonce.
    const fees = how === 'cancel' ? cancelFees(sentFees, sent.gas ?? CANCEL_GAS, now, replacement.maxFeePerGas) : bumpedFees(sentFees, now, replacement.maxFeePerGas);
    if (!fees) {
      limit(how === 'cancel'
        ? `a cancel at 10 % more than maxFeePerGas ${sent.maxFeePerGas} wei would cost more than the transaction it replaces could have`
        : `10 % more than maxFeePerGas ${sent.maxFeePerGas} wei would pass SUBMITTER_MAX_FEE_GWEI`);
      return;
    }
    const call = how === 'cancel' ? { to: account.address, data: undefined, gas: CANCEL_GAS } : { to: sent.to, data: sent.data, gas: sent.gas };
    const serializedTransaction = await account.signTransaction({ chainId: order.chain_id, type: 'eip1559', ...call, value: 0n, nonce: sent.nonce, ...fees });
    const hash = keccak256(serializedTransaction);
    if (!(await tx.record({ replaces: current, txHash: hash, rawTx: serializedTransaction }))) return;
    log('info', how === 'cancel' ? 'cancelled a gasless transaction still unmined once given up' : 'replaced a gasless transaction not mined in time', {
      quoteId: order.quote_id, what: tx.what, replaced: current, hash, maxFeePerGas: fees.maxFeePerGas.toString(), maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
    });
    try {
      await client.sendRawTransaction({ serializedTransaction });
    } catch (error: unknown) {
      // Refused or lost, the transaction it replaced may still be pending: the next rounds follow both.
      if (!alreadyKnown(error)) log('warn', 'the node did not take a replacement gasless transaction', { quoteId: order.quote_id, what: tx.what, hash, err: message(error) });
    }
  }

  /** maxFeePerGas = base fee × BASE_FEE_MULTIPLIER + tip, from the latest block. */
  async function currentFees(client: PublicClient): Promise<Fees> {
    const block = await client.getBlock({ blockTag: 'latest' });
    const tip = await client.estimateMaxPriorityFeePerGas().catch(() => 1_000_000_000n);
    return { maxFeePerGas: (block.baseFeePerGas ?? 0n) * BASE_FEE_MULTIPLIER + tip, maxPriorityFeePerGas: tip };
  }

  /** The account's next nonce on `chain`: numbered locally, asked of the node (pending count) after any doubt. */
  async function nextNonce(chain: ChainConfig, client: PublicClient): Promise<number> {
    return nonces.get(chain.id) ?? client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  }

  /**
   * The sender's EIP-2612 permit to Permit2 before its order: true once the allowance is there (the permit mined, or
   * not needed any more). The permit is simulated, then recorded before it leaves and from then on followed like an
   * order's transaction (rebroadcast byte for byte if the node lost it, replaced at its nonce if not mined in time,
   * cancelled once the order is given up), so a restart neither loses nor repeats it and its nonce never stays stuck;
   * the order is sent once the permit's nonce is settled, simulated against the allowance the mined permit gave.
   */
  async function approved(chain: ChainConfig, client: PublicClient, order: GaslessOrder, fees: Fees): Promise<boolean> {
    // Recorded already: followed each round (chainRound) until settled; a permit that reverted has failed the order there.
    if (order.approval_tx_hash) return order.approval_settled_at_ms !== null;
    if (await allowanceEnough(client, order)) return true;
    const approval = parseApproval(order.approval ?? '');
    const to = approval.token;
    const data = permitCalldata(approval, (order.approval_signature ?? '0x') as Hex);
    let gas: bigint;
    try {
      gas = await client.estimateGas({ account: account.address, to, data, value: 0n });
    } catch (error: unknown) {
      await fail(order, `not sent: the sender's permit to Permit2 would revert (${submitterRevert(error).text})`);
      return false;
    }
    const nonce = await nextNonce(chain, client);
    const serializedTransaction = await account.signTransaction({ chainId: chain.id, type: 'eip1559', to, data, value: 0n, nonce, gas: (gas * GAS_HEADROOM_PCT) / 100n, ...fees });
    const hash = keccak256(serializedTransaction);
    if (!(await store.markApprovalSent(order.quote_id, { txHash: hash, rawTx: serializedTransaction }, Date.now(), fence))) return false;
    nonces.set(chain.id, nonce + 1);
    log('info', 'recorded the sender\'s permit to Permit2, sent before its gasless order', { quoteId: order.quote_id, hash });
    try {
      await client.sendRawTransaction({ serializedTransaction });
    } catch (error: unknown) {
      // Refused or lost: the next round follows it (rebroadcast, or dropped and the order failed unless the allowance is there).
      if (!alreadyKnown(error)) nonces.delete(chain.id);
      return false;
    }
    // Taken; a node that mines at once has the receipt already, and the order goes out in this round.
    const receipt = await receiptOf(client, hash);
    if (!receipt) return false;
    await settlePermit(client, { ...order, approval_tx_hash: hash, approval_raw_tx: serializedTransaction }, receipt);
    return receipt.status === 'success' || (await allowanceEnough(client, order));
  }

  async function send(chain: ChainConfig, client: PublicClient, order: GaslessOrder, fees: Fees): Promise<void> {
    const head = await client.getBlock({ blockTag: 'latest' });
    if (head.timestamp >= BigInt(order.deadline)) {
      await fail(order, `the quote's deadline passed before it could be sent (QuoteExpired)`);
      return;
    }
    if (order.approval && order.approval_signature && !(await approved(chain, client, order, fees))) return;
    const to = order.router_address as Address;
    // swapPermit2 (same-chain) or openFor (cross-chain), by the order's kind.
    const data = gaslessCalldata(order.calldata as Hex, (order.signature ?? '0x') as Hex);
    let gas: bigint;
    try {
      // The simulation: a transaction that would revert is never sent, so nothing of the sender's (or ours) is spent.
      gas = await client.estimateGas({ account: account.address, to, data, value: 0n });
    } catch (error: unknown) {
      await fail(order, `not sent: ${submitterRevert(error).text}`);
      return;
    }
    const nonce = await nextNonce(chain, client);
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
    const following = await store.sent(chain.id);
    const permits = await store.pendingApprovals(chain.id);
    if (following.length > 0 || permits.length > 0) {
      const head = await client.getBlock({ blockTag: 'latest' });
      for (const order of following) await follow(client, orderTx(order), head.timestamp);
      for (const order of permits) await follow(client, permitTx(client, order), head.timestamp);
    }
    const posted = await store.submitted(chain.id, BATCH);
    if (posted.length > 0) {
      const fees = await currentFees(client);
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
