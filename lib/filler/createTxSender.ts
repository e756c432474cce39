// Sends one account's transactions on one chain in order, numbering nonces locally so a burst goes out without
// waiting for receipts; each transaction's hash is handed to the caller before it leaves, so it can be recorded first.
import { keccak256, type Address, type Hex, type LocalAccount, type PublicClient } from 'viem';

export type TxRequest = { to: Address; data: Hex; value?: bigint; /** Estimated by the node when absent. */ gas?: bigint };

export type TxSender = {
  readonly address: Address;
  /**
   * Signs `request`, calls `beforeSend(hash)` (which must record the hash durably), then hands the transaction to
   * the node. Throws without sending when the node's gas estimate says it would revert.
   */
  send(request: TxRequest, beforeSend: (hash: Hex) => Promise<void>): Promise<Hex>;
  /** Forgets the local nonce: the next send asks the node (another process may have used the key meanwhile). */
  resync(): void;
};

export function createTxSender(client: PublicClient, account: LocalAccount, chainId: number): TxSender {
  let nonce: number | undefined;
  /** Fee caps, read once per round: a burst then costs one request per transaction. */
  let fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  async function sendNow(request: TxRequest, beforeSend: (hash: Hex) => Promise<void>): Promise<Hex> {
    nonce ??= await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    fees ??= await client.estimateFeesPerGas({ chain: null, type: 'eip1559' });
    const prepared = await client.prepareTransactionRequest({
      account, chain: null, chainId, to: request.to, data: request.data, value: request.value ?? 0n, nonce, type: 'eip1559',
      ...fees, ...(request.gas !== undefined ? { gas: request.gas } : {}),
    });
    const serializedTransaction = await account.signTransaction({ ...prepared, chainId } as Parameters<LocalAccount['signTransaction']>[0]);
    const hash = keccak256(serializedTransaction);
    await beforeSend(hash);
    try {
      await client.sendRawTransaction({ serializedTransaction });
      nonce += 1;
    } catch (error: unknown) {
      // The node may or may not hold it: ask again for the next nonce rather than guess.
      nonce = undefined;
      throw error;
    }
    return hash;
  }

  return {
    address: account.address,
    resync() {
      queue = queue.then(() => {
        nonce = undefined;
        fees = undefined;
      });
    },
    send(request, beforeSend) {
      const result = queue.then(() => sendNow(request, beforeSend));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}
