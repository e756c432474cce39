// Asks a firm quote for the review; a SLIPPAGE_EXCEEDED answer is re-asked without the indicative price so the trader can judge the new one.
import { swapdeskClientFor } from '@/lib/client/createSwapdeskClient';
import { ApiCallError, apiCall, bearer } from './apiFetch';
import { PRICE_MOVE_ACCEPT_BPS } from './quoteTiming';
import { worseByBps } from './quoteFigures';
import type { FirmQuote, FirmQuoteRequest } from './quoteTypes';

/**
 * `expiresAtMs` is on this browser's clock: the request's send time plus the quote's life. Measuring from our own
 * clock keeps the countdown right when the device clock is off, and errs early, never late.
 */
export type FirmQuoteResult = { firm: FirmQuote; mustAccept: boolean; worseBps: bigint; expiresAtMs: number };

/**
 * The firm amount_out as the indicative quote prices it. A gasless quote takes its gas fee from the input before the
 * swap, which the indicative quote (no gas fee) does not: its output is scaled back up by the input the gas fee took,
 * so a quote whose price did not move is not shown as worse. The scaling is linear, so with price impact it errs
 * towards "did not move" by impact × gas share, far below PRICE_MOVE_ACCEPT_BPS.
 */
function comparableAmountOut(firm: FirmQuote): bigint {
  const amountOut = BigInt(firm.amount_out);
  const gasFee = BigInt(firm.gasless?.gas_fee_amount ?? 0);
  const swapped = BigInt(firm.amount_in) - BigInt(firm.fee_amount);
  if (gasFee === 0n || swapped <= 0n) return amountOut;
  return (amountOut * (swapped + gasFee)) / swapped;
}

/** `baseUrl` is the app's BASE_PATH ('' at the root), or an origin for callers outside the browser. */
export async function requestFirmQuote(request: FirmQuoteRequest, token: string, baseUrl = ''): Promise<FirmQuoteResult> {
  const client = swapdeskClientFor(baseUrl);
  // Addresses and calldata come back as the server writes them (EIP-55, 0x hex): narrowed to viem's types here.
  const ask = (body: FirmQuoteRequest) => apiCall(client.POST('/v1/quote/firm', { body, headers: bearer(token) })) as Promise<FirmQuote>;
  const sentAtMs = Date.now();
  let firm: FirmQuote;
  try {
    firm = await ask(request);
  } catch (error: unknown) {
    if (!(error instanceof ApiCallError) || error.type !== 'SLIPPAGE_EXCEEDED') throw error;
    const { indicative_amount_out: _dropped, ...withoutIndicative } = request;
    firm = await ask(withoutIndicative);
  }
  const indicative = request.indicative_amount_out === undefined ? 0n : BigInt(request.indicative_amount_out);
  const worseBps = worseByBps(indicative, comparableAmountOut(firm));
  return { firm, mustAccept: worseBps > PRICE_MOVE_ACCEPT_BPS, worseBps, expiresAtMs: sentAtMs + request.expiry_time_sec * 1_000 };
}
