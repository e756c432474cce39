// Cross-chain swaps in flight, kept in this browser (localStorage) so a reload resumes their tracker from the status endpoint.
import type { Address, Hex } from 'viem';
import type { FirmQuote } from './quoteTypes';

export type TrackedToken = { chainId: number; address: Address; symbol: string; decimals: number };

export type TrackedOrder = {
  quoteId: Hex;
  account: Address;
  srcChainId: number;
  dstChainId: number;
  tokenIn: TrackedToken;
  tokenOut: TrackedToken;
  amountIn: string;
  /** Expected and minimum output, base units of tokenOut. */
  amountOut: string;
  minAmountOut: string;
  /** The deposit transaction, known before the status endpoint has seen it; null for a gasless order, which Swapdesk sends. */
  srcTxHash: Hex | null;
  /** Signed and handed to Swapdesk's submitter (API.md §9) rather than sent from the wallet; absent on older records. */
  gasless?: boolean;
  fillDeadline: number | null;
  estimatedFillTimeSec: number | null;
  savedAtMs: number;
};

/** The record of a cross-chain quote once sent (`hash`: the wallet's deposit) or handed to Swapdesk (gasless: null). */
export function trackedOrderOf(q: FirmQuote, hash: Hex | null, account: Address, tokenIn: TrackedToken, tokenOut: TrackedToken): TrackedOrder {
  const token = (t: TrackedToken) => ({ chainId: t.chainId, address: t.address, symbol: t.symbol, decimals: t.decimals });
  return {
    quoteId: q.quote_id as Hex, account, srcChainId: q.src_chain_id, dstChainId: q.dst_chain_id, tokenIn: token(tokenIn), tokenOut: token(tokenOut),
    amountIn: q.amount_in, amountOut: q.amount_out, minAmountOut: q.min_amount_out, srcTxHash: hash, fillDeadline: q.fill_deadline ?? null,
    estimatedFillTimeSec: q.estimated_fill_time_sec ?? null, savedAtMs: Date.now(), ...(q.gasless ? { gasless: true } : {}),
  };
}

const KEY = 'sd_crosschain_orders';
const CHANGED = 'sd-crosschain-orders';
/** Keep at most this many; the oldest fall off. */
const MAX_TRACKED = 10;
const EMPTY: readonly TrackedOrder[] = [];

let cache: { raw: string | null; orders: readonly TrackedOrder[] } | undefined;

function readAll(): readonly TrackedOrder[] {
  if (typeof window === 'undefined') return EMPTY;
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return EMPTY;
  }
  // The same text gives the same array, so React's external store sees no change.
  if (cache && cache.raw === raw) return cache.orders;
  let orders: readonly TrackedOrder[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) orders = parsed.filter((o): o is TrackedOrder => typeof o === 'object' && o !== null && typeof (o as TrackedOrder).quoteId === 'string');
  } catch {
    orders = EMPTY;
  }
  cache = { raw, orders };
  return orders;
}

function writeAll(orders: readonly TrackedOrder[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(orders.slice(-MAX_TRACKED)));
  } catch {
    // Private mode or a full quota: the tracker still works until the page is left.
  }
  window.dispatchEvent(new Event(CHANGED));
}

export function trackedOrders(): readonly TrackedOrder[] {
  return readAll();
}

export function trackOrder(order: TrackedOrder): void {
  writeAll([...readAll().filter((o) => o.quoteId !== order.quoteId), order]);
}

export function forgetOrder(quoteId: string): void {
  writeAll(readAll().filter((o) => o.quoteId !== quoteId));
}

/** Subscribes to changes from this tab and from others. */
export function subscribeTrackedOrders(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export const noTrackedOrders = (): readonly TrackedOrder[] => EMPTY;
