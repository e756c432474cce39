// The server's quote stream hub: one per process, its pricings made into SSE events once per group of streams.
import 'server-only';
import type { IndicativeQuote } from '@/lib/api/schemas/quote';
import { QuoteStreamHub, type Priced } from '@/lib/quote/quoteStreamHub';
import { errorOutcome, quoteOutcome, type QuoteOutcome } from './quoteEventStream';

/** Everything of a quote but the block it is priced at: a block that changes none of it is not sent. */
const answerKey = ({ block_number: _block, ...rest }: IndicativeQuote) => JSON.stringify(rest);

export function pricedOutcome(priced: Priced): QuoteOutcome {
  return 'answer' in priced ? quoteOutcome(priced.answer, answerKey(priced.answer)) : errorOutcome(priced.error);
}

const HUB_KEY = Symbol.for('swapdesk.quote.streamHub');
const holder = globalThis as typeof globalThis & { [HUB_KEY]?: QuoteStreamHub<QuoteOutcome> };

/** Kept on globalThis so every route bundle and dev reload shares the one hub. */
export function quoteStreamHub(): QuoteStreamHub<QuoteOutcome> {
  holder[HUB_KEY] ??= new QuoteStreamHub({ outcome: pricedOutcome });
  return holder[HUB_KEY];
}
