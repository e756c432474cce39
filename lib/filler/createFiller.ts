// A standalone filler of Swapdesk's ERC-7683 orders: follows the open orders, fills those whose fee covers the
// destination gas plus its margin from its own inventory (outside anyone else's exclusivity window), and settles its
// fills on the origin with the attester's signature so that it is repaid at its repayment address. Swapdesk's relayer
// settles every fill it sees too, so a filler that stops after filling is still repaid. Each order is filled by the
// path our relayer fills by (fillOneOrder: the same judge, simulation, backoff and transaction sender), one at a time;
// its approvals and settlements are our relayer's too (allowances, settleOrder).
import { createPublicClient, erc20Abi, http, isAddressEqual, type Address, type Hash, type Hex, type LocalAccount, type PublicClient } from 'viem';
import { readFill } from '@/lib/crosschain/readFill';
import { DEFAULT_FILL_POLICY } from './fillPolicy';
import { allowances, type Allowances } from './allowances';
import { createTxSender, type TxSender } from './createTxSender';
import { fillOneOrder } from './fillOneOrder';
import { isDue, memoryFillNotes, type FillRetry } from './fillRetry';
import { fillFees, type Fees } from './planFill';
import { settleOrder } from './settleOrder';
import { convertDecimals, gasInBridgeUnits } from './judgeOrder';
import type { FillerOrder } from './fillerOrder';
import type { OrderSource } from './orderSource';
import { errorLine } from './errorLine';

const RECEIPT_TIMEOUT_MS = 30_000;

export type FillerChain = { id: number; rpcUrl: string };
export type FillerEvent =
  | { kind: 'filled'; order: FillerOrder; txHash: Hex; gasUsed: bigint }
  | { kind: 'lost'; order: FillerOrder; reason: string }
  | { kind: 'skipped'; order: FillerOrder; reason: string }
  | { kind: 'settled'; order: FillerOrder; txHash: Hex; repayment: Address }
  /** A settlement of this filler's fill failed this pass (it is tried again next pass). */
  | { kind: 'unsettled'; order: FillerOrder; reason: string };

export type FillerOptions = {
  account: LocalAccount;
  chains: readonly FillerChain[];
  source: OrderSource;
  /** Where the origin repays this filler's fills (default: its own address). */
  repayment?: Address;
  /** The least profit after gas, in bps of the payout. */
  minProfitBps: number;
  /** Native coin price in US cents, to weigh gas against a fee paid in a USD stablecoin. */
  nativeUsdCents: bigint;
  pollMs: number;
  /** Only fill orders to these destination chains (default: every chain given). */
  destinations?: readonly number[];
  onEvent?: (event: FillerEvent) => void;
};

export type Filler = { address: Address; pass(): Promise<void>; start(): void; stop(): Promise<void> };

/** A destination's fee caps (what fills are sent with) and gas price (what they are weighed at), read once per pass. */
type DstPrices = { fees: Fees; gasPrice: bigint };

type Chain = {
  id: number; client: PublicClient; sender: TxSender; decimals: Map<string, number>; allowances: Allowances;
  /** The last transaction sent on this chain, settled or failed: the next one waits for it. */
  sending: Promise<unknown>;
};

export function createFiller(options: FillerOptions): Filler {
  const { account, source } = options;
  const me = account.address;
  const repayment = options.repayment ?? me;
  const chains = new Map<number, Chain>(options.chains.map((c) => {
    const client = createPublicClient({ transport: http(c.rpcUrl), pollingInterval: 50 }) as PublicClient;
    const chain: Chain = {
      id: c.id, client, sender: createTxSender(client, account, c.id), decimals: new Map(), sending: Promise.resolve(),
      allowances: allowances(client, me, async (token, data) => {
        await send(chain, token, data);
      }),
    };
    return [c.id, chain];
  }));
  /** Orders filled by anyone. */
  const done = new Set<string>();
  /** Why orders are not filled yet and when to look again: the same backoff as our relayer's, kept in memory. */
  const retry: FillRetry = { notes: memoryFillNotes(), policy: DEFAULT_FILL_POLICY };
  /** This filler's fills not yet repaid. */
  const unsettled = new Map<string, FillerOrder>();
  const emit = (e: FillerEvent) => options.onEvent?.(e);

  const decimalsOf = async (chain: Chain, token: Address) => {
    let d = chain.decimals.get(token);
    if (d === undefined) chain.decimals.set(token, (d = await chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })));
    return d;
  };
  /**
   * One transaction at a time per chain, each waiting for the last one's receipt (the sender numbers nonces itself and
   * asks the node again after a failed send and at every pass). A receipt not seen within RECEIPT_TIMEOUT_MS throws:
   * the pass ends and the next one reads the chain again (a fill that landed meanwhile is found by `fills`).
   */
  const sendQueued = (chain: Chain, to: Address, data: Hex, gas?: bigint): Promise<Hash> => {
    const hash = chain.sending.then(() => chain.sender.send({ to, data, gas }, async () => undefined));
    chain.sending = hash.then((h) => receiptOf(chain, h)).catch(() => undefined);
    return hash;
  };
  const receiptOf = (chain: Chain, hash: Hash) => chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: RECEIPT_TIMEOUT_MS });
  const send = async (chain: Chain, to: Address, data: Hex, gas?: bigint) => {
    const hash = await sendQueued(chain, to, data, gas);
    return { hash, receipt: await receiptOf(chain, hash) };
  };
  /** Checks one order and, unless the destination shows it filled already, fills it by the one path (fillOneOrder). */
  async function tryFill(order: FillerOrder, dst: Chain, origin: Chain, nowSec: number, dstPrices: DstPrices): Promise<void> {
    const fill = await readFill(dst.client, order.dstSettler, order.orderId);
    if (fill) {
      done.add(order.orderId);
      if (isAddressEqual(fill.filler, me)) unsettled.set(order.orderId, order);
      return;
    }
    const [inventory, bridgeDecimals, escrowDecimals] = await Promise.all([
      dst.client.readContract({ address: order.bridgeToken, abi: erc20Abi, functionName: 'balanceOf', args: [me] }),
      decimalsOf(dst, order.bridgeToken),
      decimalsOf(origin, order.escrowToken),
    ]);
    const outcome = await fillOneOrder({
      client: dst.client, order, filler: me, repayment, dstNowSec: nowSec, inventory, minFeeBps: options.minProfitBps,
      escrowInBridge: convertDecimals(order.escrowAmount, escrowDecimals, bridgeDecimals), fees: dstPrices.fees,
      // Weighed at the price a transaction pays now (base fee plus tip), not at the cap it is sent with.
      gasInBridge: (gas) => gasInBridgeUnits(gas * dstPrices.gasPrice, options.nativeUsdCents, bridgeDecimals),
      // A filler adds nothing of its own.
      maxExtra: () => 0n,
      prepare: () => dst.allowances.ensure(order.bridgeToken, order.dstSettler, order.bridgeAmount),
      retry, receiptTimeoutMs: RECEIPT_TIMEOUT_MS,
      send: (data, gas) => sendQueued(dst, order.dstSettler, data, gas),
    });
    switch (outcome.kind) {
      case 'filled':
        done.add(order.orderId);
        unsettled.set(order.orderId, order);
        return emit({ kind: 'filled', order, txHash: outcome.hash, gasUsed: outcome.receipt.gasUsed });
      case 'reverted':
        return emit({ kind: 'lost', order, reason: `fill ${outcome.hash} reverted: ${outcome.note.detail}` });
      case 'unmined':
        return emit({ kind: 'skipped', order, reason: `fill ${outcome.hash} not mined within ${RECEIPT_TIMEOUT_MS} ms: ${errorLine(outcome.error)}` });
      default:
        return emit({ kind: 'skipped', order, reason: outcome.note.detail });
    }
  }

  /** Settles one of this filler's fills once the attester has signed it, unless someone settled it already. */
  async function settle(order: FillerOrder): Promise<void> {
    const origin = chains.get(order.originChainId);
    if (!origin) return;
    // Swapdesk's relayer may settle it first: then the estimate reverts (OrderNotOpen) and nothing is sent.
    const outcome = await settleOrder({
      client: origin.client, settler: order.originSettler, orderId: order.orderId, from: me,
      async attest() {
        const answer = await source.attestation(order);
        return answer.status === 'filled' ? { release: answer, calldata: answer.calldata } : undefined;
      },
      send: async (release, calldata, gas) => ({ release, ...(await send(origin, order.originSettler, calldata, await gas)) }),
    });
    if (outcome.kind === 'closed') unsettled.delete(order.orderId);
    if (outcome.kind !== 'sent' || outcome.sent.receipt.status !== 'success') return;
    unsettled.delete(order.orderId);
    emit({ kind: 'settled', order, txHash: outcome.sent.hash, repayment: outcome.sent.release.repayment });
  }

  async function settleMine(): Promise<void> {
    // A failed look (the attester busy, a settle that lost the race) is tried again next pass.
    await Promise.all([...unsettled.values()].map((order) => settle(order).catch((error: unknown) => emit({ kind: 'unsettled', order, reason: errorLine(error) }))));
  }

  async function pass(): Promise<void> {
    // Another process may have used the key, and fee caps move: each pass asks the node again.
    for (const chain of chains.values()) chain.sender.resync();
    const orders = await source.openOrders();
    const heads = new Map<number, Promise<{ nowSec: number; prices: DstPrices }>>();
    const headOf = (dst: Chain) => {
      let head = heads.get(dst.id);
      if (!head) {
        heads.set(dst.id, (head = Promise.all([dst.client.getBlock(), fillFees(dst.client), dst.client.getGasPrice()])
          .then(([block, fees, gasPrice]) => ({ nowSec: Number(block.timestamp), prices: { fees, gasPrice } }))));
      }
      return head;
    };
    for (const order of orders) {
      const dst = chains.get(order.dstChainId);
      const origin = chains.get(order.originChainId);
      if (!dst || !origin || done.has(order.orderId) || (options.destinations && !options.destinations.includes(dst.id))) continue;
      if (!isDue(await retry.notes.find(order.orderId), Date.now())) continue;
      await headOf(dst)
        .then(({ nowSec, prices }) => tryFill(order, dst, origin, nowSec, prices))
        .catch((error: unknown) => emit({ kind: 'skipped', order, reason: errorLine(error) }));
    }
    await settleMine();
  }

  let running: Promise<void> | undefined;
  let stopped = false;
  return {
    address: me,
    pass,
    start() {
      stopped = false;
      running ??= (async () => {
        while (!stopped) {
          await pass().catch(() => undefined);
          await new Promise((r) => setTimeout(r, options.pollMs));
        }
      })();
    },
    async stop() {
      stopped = true;
      await running;
      running = undefined;
    },
  };
}
