// Asks a firm quote for the review; a SLIPPAGE_EXCEEDED answer is re-asked without the indicative price so the trader can judge the new one.
import { ApiCallError, apiFetch } from './apiFetch';
import { PRICE_MOVE_ACCEPT_BPS } from './quoteTiming';
import { worseByBps } from './quoteFigures';
import type { FirmQuote, FirmQuoteRequest } from './quoteTypes';

export type FirmQuoteResult = { firm: FirmQuote; mustAccept: boolean; worseBps: bigint };

export async function requestFirmQuote(request: FirmQuoteRequest, token: string): Promise<FirmQuoteResult> {
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
  return { firm, mustAccept: worseBps > PRICE_MOVE_ACCEPT_BPS, worseBps };
}
