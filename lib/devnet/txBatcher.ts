// Sends many transactions from anvil's unlocked dev accounts in JSON-RPC batches with explicit nonces, and mines
// them on demand (automine off) into blocks with chosen timestamps: the fast path for seeding a devnet.
import type { Address, Hex } from 'viem';
import type { Rpc } from './rpc';

export type Tx = { from: Address; to?: Address; data?: Hex; value?: bigint; gas: bigint };

type Receipt = { status: Hex; blockNumber: Hex; contractAddress: Address | null; transactionHash: Hex };
type TxPoolStatus = { pending: Hex; queued: Hex };

// A ceiling, not a price: anvil charges the base fee, which stays near 1 gwei on these lightly filled blocks.
const MAX_FEE_PER_GAS = 100_000_000_000n;
const MAX_MINE_ROUNDS = 1_000;

const hex = (n: bigint | number) => `0x${n.toString(16)}`;

export type TxBatcher = {
  /** Queues a transaction with the sender's next nonce; returns that nonce. */
  queue(tx: Tx): number;
  /** Sends everything queued (one HTTP request per 500 transactions). */
  flush(): Promise<void>;
  /** Mines one block, at `timestamp` (Unix seconds) when given. */
  mine(timestamp?: number): Promise<void>;
  /**
   * Flushes, mines until the pool is empty (timestamps from `nextTimestamp` when given) and checks that every
   * transaction sent since the last settle succeeded; returns their receipts in send order.
   */
  settle(nextTimestamp?: () => number): Promise<Receipt[]>;
  /** Nonce the next transaction from `from` will use (after `init`). */
  nonceOf(from: Address): number;
  /** Reads the pending nonce of each account; call once before queueing from them. */
  init(accounts: readonly Address[]): Promise<void>;
};

export function txBatcher(rpc: Rpc): TxBatcher {
  const nonces = new Map<string, number>();
  let queued: Tx[] = [];
  let queuedNonces: number[] = [];
  let unsettled: Hex[] = [];

  const nonceOf = (from: Address) => {
    const nonce = nonces.get(from.toLowerCase());
    if (nonce === undefined) throw new Error(`txBatcher: nonce of ${from} not initialised`);
    return nonce;
  };

  const flush = async () => {
    if (queued.length === 0) return;
    const calls = queued.map((tx, i) => [
      'eth_sendTransaction',
      [{
        from: tx.from, to: tx.to, data: tx.data, value: tx.value === undefined ? undefined : hex(tx.value),
        gas: hex(tx.gas), nonce: hex(queuedNonces[i] ?? 0), maxFeePerGas: hex(MAX_FEE_PER_GAS), maxPriorityFeePerGas: '0x0',
      }],
    ] as const);
    queued = [];
    queuedNonces = [];
    unsettled.push(...(await rpc.batch<Hex>(calls)));
  };

  const mine = async (timestamp?: number) => {
    await rpc.call('evm_mine', timestamp === undefined ? [] : [timestamp]);
  };

  return {
    queue(tx) {
      const nonce = nonceOf(tx.from);
      nonces.set(tx.from.toLowerCase(), nonce + 1);
      queued.push(tx);
      queuedNonces.push(nonce);
      return nonce;
    },
    flush,
    mine,
    async settle(nextTimestamp) {
      await flush();
      for (let round = 0; ; round++) {
        if (round >= MAX_MINE_ROUNDS) throw new Error('transactions stayed pending after many blocks');
        const status = await rpc.call<TxPoolStatus>('txpool_status');
        if (BigInt(status.pending) === 0n && BigInt(status.queued) === 0n) break;
        await mine(nextTimestamp?.());
      }
      const hashes = unsettled;
      unsettled = [];
      const receipts = await rpc.batch<Receipt | null>(hashes.map((h) => ['eth_getTransactionReceipt', [h]] as const));
      return receipts.map((receipt, i) => {
        if (!receipt) throw new Error(`transaction ${hashes[i]} was not mined`);
        if (receipt.status !== '0x1') throw new Error(`transaction ${hashes[i]} reverted`);
        return receipt;
      });
    },
    nonceOf,
    async init(accounts) {
      const counts = await rpc.batch<Hex>(accounts.map((a) => ['eth_getTransactionCount', [a, 'pending']] as const));
      accounts.forEach((a, i) => nonces.set(a.toLowerCase(), Number(counts[i] ?? '0x0')));
    },
  };
}
