// The live-quote rules against a real HTTP server: typing is debounced, superseded requests are aborted, stale quotes are dropped.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCallError } from './apiFetch';
import { createDebouncer } from './createDebouncer';
import { indicativeQuoteOptions } from './indicativeQuoteOptions';
import { isQuoteFresh, QUOTE_DEBOUNCE_MS, QUOTE_STALE_GRACE_MS } from './quoteTiming';
import type { IndicativeQuote, IndicativeQuoteRequest } from './quoteTypes';

const SERVER_DELAY_MS = 120;
const TOKEN_IN: Address = '0x0000000000000000000000000000000000000000';
const TOKEN_OUT: Address = '0x1111111111111111111111111111111111111111';

type Seen = { amount: string; aborted: boolean; auth: string | undefined };
let server: Server;
let baseUrl = '';
const seen: Seen[] = [];

async function readBody(req: IncomingMessage): Promise<IndicativeQuoteRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as IndicativeQuoteRequest;
}

beforeAll(async () => {
  // Answers after a delay with amount_out = 2 × amount_in, and records whether the client hung up first.
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const entry: Seen = { amount: body.amount_in, aborted: false, auth: req.headers.authorization };
      seen.push(entry);
      // The amount "429" is refused once with a rate limit, as the server does over its limit.
      if (body.amount_in === '429' && seen.filter((s) => s.amount === '429').length === 1) {
        const limited = { code: 42900, msg: 'too many requests', data: null, error: { type: 'RATE_LIMITED', retryable: true } };
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end(JSON.stringify(limited));
        return;
      }
      res.on('close', () => {
        if (!res.writableEnded) entry.aborted = true;
      });
      setTimeout(() => {
        if (entry.aborted) return;
        const quote: IndicativeQuote = { ...body, amount_out: String(BigInt(body.amount_in) * 2n), fee_rate: 20, fee_amount: '0', route: [], price_impact_bps: 0, block_number: 1 };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: 'ok', data: quote }));
      }, SERVER_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (amount: string): IndicativeQuoteRequest => ({ src_chain_id: 31337, dst_chain_id: 31337, token_in: TOKEN_IN, token_out: TOKEN_OUT, amount_in: amount });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function observe(client: QueryClient, amount: string) {
  return new QueryObserver(client, indicativeQuoteOptions({ request: request(amount), token: 'test-token', pollMs: false, baseUrl }));
}

async function waitForData(observer: { getCurrentResult: () => { data: IndicativeQuote | undefined } }): Promise<IndicativeQuote> {
  for (;;) {
    const data = observer.getCurrentResult().data;
    if (data) return data;
    await sleep(10);
  }
}

describe('indicative quote while typing', () => {
  it('typing "1234.5" one key per 60 ms asks one quote, for the final amount, after the debounce', async () => {
    seen.length = 0;
    const client = new QueryClient();
    const observer = observe(client, '0');
    observer.setOptions(indicativeQuoteOptions({ request: null, token: 'test-token', pollMs: false, baseUrl }));
    const unsubscribe = observer.subscribe(() => undefined);
    const debouncer = createDebouncer<string>(QUOTE_DEBOUNCE_MS, (amount) =>
      observer.setOptions(indicativeQuoteOptions({ request: request(amount), token: 'test-token', pollMs: false, baseUrl })),
    );
    let typed = '';
    for (const key of '1234.5') {
      typed += key;
      debouncer.push(typed.replace('.', ''));
      await sleep(60);
    }
    expect(seen).toHaveLength(0);
    const quote = await waitForData(observer);
    expect(seen.map((s) => s.amount)).toEqual(['12345']);
    expect(seen[0]?.auth).toBe('Bearer test-token');
    expect(quote.amount_in).toBe('12345');
    expect(quote.amount_out).toBe('24690');
    unsubscribe();
    client.clear();
  });

  it('a superseded request is aborted and its answer never shows under the new inputs', async () => {
    seen.length = 0;
    const client = new QueryClient();
    const observer = observe(client, '100');
    const unsubscribe = observer.subscribe(() => undefined);
    await sleep(SERVER_DELAY_MS / 3);
    observer.setOptions(indicativeQuoteOptions({ request: request('200'), token: 'test-token', pollMs: false, baseUrl }));
    expect(observer.getCurrentResult().data).toBeUndefined();
    const quote = await waitForData(observer);
    await sleep(20);
    expect(seen.map((s) => [s.amount, s.aborted])).toEqual([
      ['100', true],
      ['200', false],
    ]);
    expect(quote.amount_in).toBe('200');
    expect(client.getQueryData(indicativeQuoteOptions({ request: request('100'), token: undefined, pollMs: false }).queryKey)).toBeUndefined();
    unsubscribe();
    client.clear();
  });

  it('every input that changes the answer is in the query key', () => {
    const base = request('5');
    const key = (r: IndicativeQuoteRequest) => JSON.stringify(indicativeQuoteOptions({ request: r, token: 't', pollMs: false }).queryKey);
    const variants = [{ ...base, src_chain_id: 1 }, { ...base, dst_chain_id: 1 }, { ...base, token_in: TOKEN_OUT }, { ...base, token_out: TOKEN_IN }, { ...base, amount_in: '6' }];
    for (const v of variants) expect(key(v)).not.toBe(key(base));
  });

  it('waits for a token before asking', () => {
    expect(indicativeQuoteOptions({ request: request('1'), token: undefined, pollMs: false }).enabled).toBe(false);
    expect(indicativeQuoteOptions({ request: null, token: 't', pollMs: false }).enabled).toBe(false);
  });
});

describe('rate limits', () => {
  it('RATE_LIMITED is retried after Retry-After, and the reason is visible while waiting', async () => {
    seen.length = 0;
    const client = new QueryClient();
    const observer = observe(client, '429');
    const unsubscribe = observer.subscribe(() => undefined);
    for (let i = 0; i < 100 && !observer.getCurrentResult().failureReason; i++) await sleep(10);
    const reason = observer.getCurrentResult().failureReason;
    expect(reason).toBeInstanceOf(ApiCallError);
    expect(reason).toMatchObject({ type: 'RATE_LIMITED', retryAfterSec: 1 });
    const quote = await waitForData(observer);
    expect(quote.amount_out).toBe('858');
    expect(seen.map((s) => s.amount)).toEqual(['429', '429']);
    unsubscribe();
    client.clear();
  });
});

describe('stale quotes', () => {
  it('a quote is shown until poll + 15 s after it arrived, then dropped', () => {
    const pollMs = 2_000;
    const received = 1_000_000;
    expect(isQuoteFresh(received, received + pollMs + QUOTE_STALE_GRACE_MS, pollMs)).toBe(true);
    expect(isQuoteFresh(received, received + pollMs + QUOTE_STALE_GRACE_MS + 1, pollMs)).toBe(false);
    expect(isQuoteFresh(0, 5, pollMs)).toBe(false);
  });
});
