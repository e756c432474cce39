// A standalone filler of Swapdesk's ERC-7683 orders: follows the open orders, fills those whose fee covers the
// destination gas plus its margin from its own inventory (outside anyone else's exclusivity window), and settles its
// fills on the origin with the attester's signature so that it is repaid at its repayment address. Swapdesk's relayer
// settles every fill it sees too, so a filler that stops after filling is still repaid. Its fills are simulated, its
// approvals given and its settlements made by the same code as our relayer's (planFill, allowances, settleOrder,
// fillCalls, createTxSender).
import {
  createPublicClient, erc20Abi, http, isAddressEqual, zeroAddress,
  type Address, type Hex, type LocalAccount, type PublicClient,
} from 'viem';
import { readFill } from '@/lib/crosschain/readFill';
import { decodeOriginData } from '@/lib/contracts/crossChainQuote';
import { allowances, type Allowances } from './allowances';
import { createTxSender, type TxSender } from './createTxSender';
import { planFill, type FillPlan } from './planFill';
import { settleOrder } from './settleOrder';
import { convertDecimals, gasInBridgeUnits, judgeOrder } from './judgeOrder';
import type { FillerOrder } from './fillerOrder';
import type { OrderSource } from './orderSource';

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

const errorLine = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error));

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
  /** Orders given up on or filled by anyone; when to look again at those waiting (destination clock). */
  const done = new Set<string>();
  const retryAt = new Map<string, number>();
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
  const send = (chain: Chain, to: Address, data: Hex, gas?: bigint) => {
    const sent = chain.sending.then(async () => {
      const hash = await chain.sender.send({ to, data, gas }, async () => undefined);
      return { hash, receipt: await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: RECEIPT_TIMEOUT_MS }) };
    });
    chain.sending = sent.catch(() => undefined);
    return sent;
  };
  /** Checks, weighs and sends one fill (recording it for settlement when it lands). */
  async function tryFill(order: FillerOrder, dst: Chain, origin: Chain, nowSec: number): Promise<void> {
    const fill = await readFill(dst.client, order.dstSettler, order.orderId);
    if (fill) {
      done.add(order.orderId);
      if (isAddressEqual(fill.filler, me)) unsettled.set(order.orderId, order);
      return;
    }
    const [inventory, fees, gasPrice, bridgeDecimals, escrowDecimals] = await Promise.all([
      dst.client.readContract({ address: order.bridgeToken, abi: erc20Abi, functionName: 'balanceOf', args: [me] }),
      dst.client.estimateFeesPerGas(),
      dst.client.getGasPrice(),
      decimalsOf(dst, order.bridgeToken),
      decimalsOf(origin, order.escrowToken),
    ]);
    const exclusiveOther = !isAddressEqual(order.exclusiveFiller, zeroAddress) && !isAddressEqual(order.exclusiveFiller, me) && nowSec <= order.exclusivityDeadline;
    let plan: FillPlan | undefined;
    if (!exclusiveOther && inventory >= order.bridgeAmount) {
      await dst.allowances.ensure(order.bridgeToken, order.dstSettler, order.bridgeAmount);
      // The same simulation at the real fee caps as our relayer's; a filler adds nothing of its own.
      plan = await planFill({
        client: dst.client, settler: order.dstSettler, from: me, repayment, orderId: order.orderId, originData: order.originData,
        fill: decodeOriginData(order.originData), fees, maxExtra: 0n,
      });
      if (!plan.ok) {
        if (plan.refusal.deterministic) done.add(order.orderId);
        else retryAt.set(order.orderId, nowSec + 2);
        return emit({ kind: 'skipped', order, reason: plan.refusal.text });
      }
    }
    const gas = plan?.ok ? plan.estimate : 0n;
    const judgement = judgeOrder({
      order, filler: me, dstNowSec: nowSec, inventory, escrowInBridge: convertDecimals(order.escrowAmount, escrowDecimals, bridgeDecimals),
      // Weighed at the price a transaction pays now (base fee plus tip), not at the cap it is sent with.
      gasInBridge: gasInBridgeUnits(gas * gasPrice, options.nativeUsdCents, bridgeDecimals), minProfitBps: options.minProfitBps,
    });
    if (!judgement.fill) {
      if (judgement.retryAtSec === undefined) done.add(order.orderId);
      else retryAt.set(order.orderId, judgement.retryAtSec);
      return emit({ kind: 'skipped', order, reason: judgement.reason });
    }
    if (!plan?.ok) return;
    const { hash, receipt } = await send(dst, order.dstSettler, plan.data, plan.gas);
    done.add(order.orderId);
    if (receipt.status !== 'success') return emit({ kind: 'lost', order, reason: `fill ${hash} reverted (another filler was first)` });
    unsettled.set(order.orderId, order);
    emit({ kind: 'filled', order, txHash: hash, gasUsed: receipt.gasUsed });
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
    const heads = new Map<number, number>();
    for (const order of orders) {
      const dst = chains.get(order.dstChainId);
      const origin = chains.get(order.originChainId);
      if (!dst || !origin || done.has(order.orderId) || (options.destinations && !options.destinations.includes(dst.id))) continue;
      let nowSec = heads.get(dst.id);
      if (nowSec === undefined) heads.set(dst.id, (nowSec = Number((await dst.client.getBlock()).timestamp)));
      if ((retryAt.get(order.orderId) ?? 0) > nowSec) continue;
      await tryFill(order, dst, origin, nowSec).catch((error: unknown) => emit({ kind: 'skipped', order, reason: errorLine(error) }));
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
