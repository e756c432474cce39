// Asks a firm quote for the review; a SLIPPAGE_EXCEEDED answer is re-asked without the indicative price so the trader can judge the new one.
import { ApiCallError, apiFetch } from './apiFetch';
import { PRICE_MOVE_ACCEPT_BPS } from './quoteTiming';
import { worseByBps } from './quoteFigures';
import type { FirmQuote, FirmQuoteRequest } from './quoteTypes';

/**
 * `expiresAtMs` is on this browser's clock: the request's send time plus the quote's life. Measuring from our own
 * clock keeps the countdown right when the device clock is off, and errs early, never late.
 */
export type FirmQuoteResult = { firm: FirmQuote; mustAccept: boolean; worseBps: bigint; expiresAtMs: number };

export async function requestFirmQuote(request: FirmQuoteRequest, token: string): Promise<FirmQuoteResult> {
  const sentAtMs = Date.now();
  let firm: FirmQuote;
  try {
    firm = await apiFetch<FirmQuote>('/v1/quote/firm', { body: request, token });
  } catch (error: unknown) {
    if (!(error instanceof ApiCallError) || error.type !== 'SLIPPAGE_EXCEEDED') throw error;
    const { indicative_amount_out: _dropped, ...withoutIndicative } = request;
    firm = await apiFetch<FirmQuote>('/v1/quote/firm', { body: withoutIndicative, token });
  }
  const indicative = request.indicative_amount_out === undefined ? 0n : BigInt(request.indicative_amount_out);
  const worseBps = worseByBps(indicative, BigInt(firm.amount_out));
  return { firm, mustAccept: worseBps > PRICE_MOVE_ACCEPT_BPS, worseBps, expiresAtMs: sentAtMs + request.expiry_time_sec * 1_000 };
}
