// What the relayer risks per fill and how it treats a fill it cannot make: inventory caps (per order, per minute),
// the minimum fee an escrow must leave it, how much of its own it may add to deliver after the destination moved,
// and the backoff after a refusal or an on-chain revert (giving up on deterministic ones), which `npm run filler` keeps
// too (lib/filler/fillRetry).
import type { FillNote } from '@/lib/crosschain/fillNotes';

export type FillPolicy = {
  /** The most one fill may pay out (bridge asset, whole USD: the bridge asset is a USD stablecoin). */
  maxOrderUsd: number;
  /** The most the relayer pays out per destination chain in any 60 s (whole USD). */
  maxUsdPerMinute: number;
  /** The escrow must exceed the payout by at least this share of it (the relayer's fee; bps). */
  minFeeBps: number;
  /** When the destination swap falls short, the relayer adds up to its fee plus this share of the payout (bps). */
  topUpMarginBps: number;
  /** Backoff after a refusal or a revert: base × 2^(attempts − 1), at most backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Mined fills of one order that reverted (each burned gas) before the relayer gives up on it. */
  maxFillReverts: number;
};

export const DEFAULT_FILL_POLICY: FillPolicy = {
  maxOrderUsd: 100_000,
  maxUsdPerMinute: 250_000,
  minFeeBps: 5,
  topUpMarginBps: 50,
  backoffBaseMs: 2_000,
  backoffMaxMs: 60_000,
  maxFillReverts: 3,
};

/** `usd` whole units of a bridge asset with `decimals`, in base units. */
export const usdUnits = (usd: number, decimals: number): bigint => BigInt(usd) * 10n ** BigInt(decimals);

/** `waitMs`: when the reason ends at a known time (an exclusivity window), it is looked at again then, not on the backoff. */
export type Refusal = { name: string; text: string; deterministic: boolean; waitMs?: number };

/** The note after one more refusal (`reverted`: a mined fill reverted), with its backoff, or giving up. */
export function nextNote(policy: FillPolicy, orderId: string, previous: FillNote | undefined, refusal: Refusal, reverted: boolean, nowMs: number): FillNote {
  const attempts = (previous?.attempts ?? 0) + 1;
  const reverts = (previous?.reverts ?? 0) + (reverted ? 1 : 0);
  const gaveUp = refusal.deterministic || reverts >= policy.maxFillReverts;
  const backoff = Math.min(policy.backoffMaxMs, policy.backoffBaseMs * 2 ** Math.min(attempts - 1, 30));
  const why = !refusal.deterministic && gaveUp ? `; ${reverts} fills reverted on-chain, the relayer stopped trying` : '';
  return {
    orderId, reason: refusal.name, detail: `${refusal.text}${why}`, attempts, reverts, gaveUp, nextAttemptAtMs: nowMs + (refusal.waitMs ?? backoff),
    topUp: null, updatedAt: Math.floor(nowMs / 1000),
  };
}
