// A signed gasless order (API.md §9): POST /v1/orders, then GET /v1/quote/status until it is filled (same-chain) or
// its deposit is seen (cross-chain: the tracker follows it from there), or it failed.
import type { Hex } from 'viem';
import { swapdeskClientFor } from '@/lib/client/createSwapdeskClient';
import { apiCall, bearer } from './apiFetch';
import { gaslessFailure, gaslessOrderError } from './gaslessOrderError';
import type { QuoteStatus } from './quoteTypes';

const STATUS_POLL_MS = 500;
/** How long past the quote's deadline an order still `submitted` is waited for before the review says so. */
const SUBMITTED_GRACE_MS = 60_000;

export type GaslessOutcome = { ok: true; hash: Hex; amountOut: bigint | undefined } | { ok: false; message: string };

type Order = {
  quoteId: string;
  signature: Hex;
  /** The token's EIP-2612 approval of Permit2, when the quote offered it and the trader signed it (for this quote or an earlier one). */
  approval?: { signature: Hex; deadline?: number };
  token: string;
  baseUrl: string;
  /** The quote's deadline (Unix seconds). */
  deadlineSec: number;
  /** A cross-chain order is done here once deposited; its delivery is the tracker's to follow. */
  crossChain: boolean;
  onSubmitted: () => void;
  /** False once the review moved on (closed, re-quoted): polling stops. */
  isCurrent: () => boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const DEPOSITED: ReadonlySet<QuoteStatus['status']> = new Set(['deposited', 'filled', 'settled', 'expired', 'refunded']);

export async function runGaslessOrder({ quoteId, signature, approval, token, baseUrl, deadlineSec, crossChain, onSubmitted, isCurrent }: Order): Promise<GaslessOutcome> {
  const client = swapdeskClientFor(baseUrl);
  try {
    const approvalFields = approval ? { approval_signature: approval.signature, ...(approval.deadline !== undefined ? { approval_deadline: approval.deadline } : {}) } : {};
    await apiCall(client.POST('/v1/orders', { body: { quote_id: quoteId, signature, ...approvalFields }, headers: bearer(token) }));
  } catch (error: unknown) {
    return { ok: false, message: gaslessOrderError(error) };
  }
  onSubmitted();
  const giveUpAtMs = deadlineSec * 1_000 + SUBMITTED_GRACE_MS;
  while (isCurrent() && Date.now() < giveUpAtMs) {
    let status: QuoteStatus | undefined;
    try {
      status = (await apiCall(client.GET('/v1/quote/status', { params: { query: { quote_id: quoteId } }, headers: bearer(token) }))) as QuoteStatus;
    } catch {
      // A missed poll is retried: the order is Swapdesk's to send now.
    }
    if (crossChain && status && DEPOSITED.has(status.status) && status.src_tx_hash) return { ok: true, hash: status.src_tx_hash, amountOut: undefined };
    if (!crossChain && status?.status === 'filled' && status.src_tx_hash) {
      return { ok: true, hash: status.src_tx_hash, amountOut: status.amount_out_actual ? BigInt(status.amount_out_actual) : undefined };
    }
    if (status?.status === 'failed') return { ok: false, message: gaslessFailure(status.error?.reason) };
    await sleep(STATUS_POLL_MS);
  }
  return { ok: false, message: 'Swapdesk has not confirmed your swap in time. It may still land: follow it in Activity before trying again.' };
}
