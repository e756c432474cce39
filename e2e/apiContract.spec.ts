// Every answer of a running stack obeys /v1/openapi.json: a broad mix of valid and invalid requests to every
// endpoint, each answer's status, headers and body checked against the live document by ajv.
import { expect, test } from '@playwright/test';
import { zeroAddress } from 'viem';
import { createResponseValidator, type OpenApiLike } from '@/lib/api/createResponseValidator';
import { createSwapdeskClient } from '@/lib/client/createSwapdeskClient';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { apiToken } from './fixtures/apiToken';
import { e2eState } from './fixtures/e2eState';
import { listPairs } from './fixtures/marketPages';
import { firstChain, registry, tokenBySymbol } from './fixtures/swapPage';

type Case = {
  name: string;
  method: 'GET' | 'POST';
  /** The document's path (no query). */
  path: string;
  query?: Record<string, string | number>;
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  token?: string;
  /** The status the case must get, when it is certain. */
  expect?: number;
};

type Exchange = { case: Case; status: number; problems: string[] };

const base = () => e2eState().baseURL;

async function send(c: Case): Promise<{ status: number; headers: Headers; body: string }> {
  const url = new URL(c.path, base());
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  let body: string | undefined;
  if (c.body !== undefined) {
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    headers['content-type'] ??= 'application/json';
  }
  const abort = new AbortController();
  const res = await fetch(url, { method: c.method, headers, body, signal: abort.signal });
  // A live stream never ends: its headers are the answer; the body is checked for its first event only.
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    abort.abort();
    return { status: res.status, headers: res.headers, body: '' };
  }
  return { status: res.status, headers: res.headers, body: await res.text() };
}

let validator: ReturnType<typeof createResponseValidator>;
const exchanges: Exchange[] = [];

async function check(cases: Case[]): Promise<Record<string, unknown>[]> {
  const bodies: Record<string, unknown>[] = [];
  for (const c of cases) {
    const res = await send(c);
    const problems = validator.validate(c.method, c.path, res);
    exchanges.push({ case: c, status: res.status, problems });
    expect(problems, `${c.name}: ${c.method} ${c.path} → ${res.status} ${res.body.slice(0, 300)}`).toEqual([]);
    if (c.expect !== undefined) expect(res.status, `${c.name}: ${res.body.slice(0, 300)}`).toBe(c.expect);
    bodies.push(res.body && res.headers.get('content-type')?.includes('json') ? (JSON.parse(res.body) as Record<string, unknown>) : {});
  }
  return bodies;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const res = await fetch(new URL('/v1/openapi.json', base()));
  validator = createResponseValidator((await res.json()) as OpenApiLike);
});

test.afterAll(() => {
  const byStatus = new Map<number, number>();
  for (const e of exchanges) byStatus.set(e.status, (byStatus.get(e.status) ?? 0) + 1);
  const endpoints = new Set(exchanges.map((e) => `${e.case.method} ${e.case.path}`));
  console.log(`api contract: ${exchanges.length} (request, response) pairs validated over ${endpoints.size} operations; by status ${JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)))}`);
});

test('public endpoints answer as documented, valid and invalid', async ({ request }) => {
  const chain = firstChain();
  // Pair ids are global and handed out as the indexer meets the pools, so the first chain's pairs need not start at 1.
  const pairIds = (await listPairs(request, chain.id)).map((p) => p.pair_id);
  const [pairId, secondPairId, thirdPairId] = pairIds;
  if (pairId === undefined || secondPairId === undefined || thirdPairId === undefined) throw new Error(`chain ${chain.id} has fewer than 3 indexed pairs`);
  const other = registry()[1] ?? chain;
  const usdc = tokenBySymbol(chain, 'USDC').address;
  const weth = tokenBySymbol(chain, 'WETH').address;
  const now = Math.floor(Date.now() / 1000);
  await check([
    { name: 'health', method: 'GET', path: '/v1/health', expect: 200 },
    { name: 'live', method: 'GET', path: '/v1/live', expect: 200 },
    { name: 'chains', method: 'GET', path: '/v1/chains', expect: 200 },
    { name: 'document', method: 'GET', path: '/v1/openapi.json', expect: 200 },
    { name: 'keys', method: 'GET', path: '/.well-known/jwks.json', expect: 200 },
    { name: 'guest token', method: 'POST', path: '/api/auth/guest', expect: 200 },
    { name: 'all pairs', method: 'GET', path: '/v1/market/pairs', expect: 200 },
    { name: 'pairs of a chain', method: 'GET', path: '/v1/market/pairs', query: { chainId: chain.id }, expect: 200 },
    { name: 'pairs of the other chain', method: 'GET', path: '/v1/market/pairs', query: { chainId: other.id }, expect: 200 },
    { name: 'pairs: chainId not a number', method: 'GET', path: '/v1/market/pairs', query: { chainId: 'abc' }, expect: 400 },
    { name: 'pairs: unconfigured chain', method: 'GET', path: '/v1/market/pairs', query: { chainId: 1 }, expect: 400 },
    { name: 'pairs: unknown param', method: 'GET', path: '/v1/market/pairs', query: { chainid: chain.id }, expect: 400 },
    { name: 'pair by id', method: 'GET', path: '/v1/market/pair', query: { chainId: chain.id, pairId }, expect: 200 },
    { name: 'pair by id, 1d', method: 'GET', path: '/v1/market/pair', query: { chainId: chain.id, pairId, interval: '1d' }, expect: 200 },
    { name: 'pair by tokens', method: 'GET', path: '/v1/market/pair', query: { chainId: chain.id, base: weth, quote: usdc }, expect: 200 },
    { name: 'pair by tokens, reversed', method: 'GET', path: '/v1/market/pair', query: { chainId: chain.id, base: usdc, quote: weth }, expect: 200 },
    { name: 'pair: unknown id', method: 'GET', path: '/v1/market/pair', query: { chainId: chain.id, pairId: 999_999 }, expect: 404 },
    { name: 'pair: neither id nor tokens', method: 'GET', path: '/v1/market/pair', query: { chainId: chain.id }, expect: 400 },
    { name: 'pair: no chain', method: 'GET', path: '/v1/market/pair', query: { pairId }, expect: 400 },
    { name: 'pair: bad interval', method: 'GET', path: '/v1/market/pair', query: { chainId: chain.id, pairId, interval: '1H' }, expect: 400 },
    { name: 'pair: bad address', method: 'GET', path: '/v1/market/pair', query: { chainId: chain.id, base: '0x12', quote: usdc }, expect: 400 },
    { name: 'klines latest', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId, interval: '1h' }, expect: 200 },
    { name: 'klines 1m limit 5', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId, interval: '1m', limit: 5 }, expect: 200 },
    { name: 'klines start only', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId: secondPairId, interval: '15m', start: now - 86_400, limit: 10 }, expect: 200 },
    { name: 'klines end only', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId: secondPairId, interval: '4h', end: now - 3_600 }, expect: 200 },
    { name: 'klines window', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId: thirdPairId, interval: '1d', start: now - 3 * 86_400, end: now }, expect: 200 },
    { name: 'klines 1w', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId, interval: '1w' }, expect: 200 },
    { name: 'klines 1M by tokens', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, base: usdc, quote: weth, interval: '1M' }, expect: 200 },
    { name: 'klines start > end', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId, interval: '1h', start: now, end: now - 10 }, expect: 400 },
    { name: 'klines limit 0', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId, interval: '1h', limit: 0 }, expect: 400 },
    { name: 'klines limit 1001', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId, interval: '1h', limit: 1001 }, expect: 400 },
    { name: 'klines milliseconds', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId, interval: '1h', start: Date.now() }, expect: 400 },
    { name: 'klines no interval', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId }, expect: 400 },
    { name: 'klines unknown pair', method: 'GET', path: '/v1/market/klines', query: { chainId: chain.id, pairId: 424_242, interval: '1h' }, expect: 404 },
    { name: 'klines unconfigured chain', method: 'GET', path: '/v1/market/klines', query: { chainId: 5, pairId, interval: '1h' }, expect: 400 },
    { name: 'stream', method: 'GET', path: '/v1/market/stream', query: { chainId: chain.id, pairId, interval: '1m' }, expect: 200 },
    { name: 'stream unknown pair', method: 'GET', path: '/v1/market/stream', query: { chainId: chain.id, pairId: 424_242, interval: '1m' }, expect: 404 },
    { name: 'stream bad interval', method: 'GET', path: '/v1/market/stream', query: { chainId: chain.id, pairId, interval: 'week' }, expect: 400 },
  ]);
});

test('quote endpoints answer as documented: quotes, every kind of refusal, and the status of a firm quote', async () => {
  const chain = firstChain();
  const other = registry()[1] ?? chain;
  const usdc = tokenBySymbol(chain, 'USDC').address;
  const wbtc = tokenBySymbol(chain, 'WBTC').address;
  const weth = tokenBySymbol(chain, 'WETH').address;
  const dai = tokenBySymbol(chain, 'DAI').address;
  const link = tokenBySymbol(chain, 'LINK').address;
  const trader = devAccount(5).address;
  const [integrator, indicativeOnly, wallet] = await Promise.all([
    apiToken('contract-test'),
    apiToken('contract-test-indicative', 'quote:indicative'),
    apiToken(trader),
  ]);
  const indicative = (over: Record<string, unknown> = {}) => ({ src_chain_id: chain.id, dst_chain_id: chain.id, token_in: zeroAddress, token_out: usdc, amount_in: '1000000000000000000', ...over });
  const firm = (over: Record<string, unknown> = {}) => ({ ...indicative(), from_address: trader, to_address: trader, slippage: 0.5, expiry_time_sec: 60, ...over });
  const I = '/v1/quote/indicative';
  const F = '/v1/quote/firm';
  const [, , , firmAnswer] = await check([
    { name: 'native → USDC', method: 'POST', path: I, token: integrator, body: indicative(), expect: 200 },
    { name: 'USDC → WBTC', method: 'POST', path: I, token: indicativeOnly, body: indicative({ token_in: usdc, token_out: wbtc, amount_in: '2500000000' }), expect: 200 },
    { name: 'DAI → LINK, multi-hop', method: 'POST', path: I, token: integrator, body: indicative({ token_in: dai, token_out: link }), expect: 200 },
    { name: 'firm native → USDC', method: 'POST', path: F, token: integrator, body: firm(), expect: 200 },
    { name: 'cross-chain', method: 'POST', path: I, token: integrator, body: indicative({ dst_chain_id: other.id }) },
    { name: 'no token', method: 'POST', path: I, body: indicative(), expect: 401 },
    { name: 'malformed token', method: 'POST', path: I, token: 'not-a-jwt', body: indicative(), expect: 401 },
    { name: 'not bearer', method: 'POST', path: I, headers: { authorization: `Basic ${integrator}` }, body: indicative(), expect: 401 },
    { name: 'body not JSON', method: 'POST', path: I, token: integrator, body: '{"src_chain_id":', expect: 400 },
    { name: 'body an array', method: 'POST', path: I, token: integrator, body: '[1,2]', expect: 400 },
    { name: 'wrong content type', method: 'POST', path: I, token: integrator, body: JSON.stringify(indicative()), headers: { 'content-type': 'text/plain' }, expect: 415 },
    { name: 'body too large', method: 'POST', path: I, token: integrator, body: { ...indicative(), pad: 'x'.repeat(20_000) }, expect: 413 },
    { name: 'unknown field', method: 'POST', path: I, token: integrator, body: indicative({ slipage: 1 }), expect: 400 },
    { name: 'amount with leading zero', method: 'POST', path: I, token: integrator, body: indicative({ amount_in: '01' }), expect: 400 },
    { name: 'amount as a number', method: 'POST', path: I, token: integrator, body: indicative({ amount_in: 1e18 }), expect: 400 },
    { name: 'amount zero', method: 'POST', path: I, token: integrator, body: indicative({ amount_in: '0' }), expect: 400 },
    { name: 'bad checksum', method: 'POST', path: I, token: integrator, body: indicative({ token_out: usdc.replace('Cf7', 'cF7') }) },
    { name: 'same token', method: 'POST', path: I, token: integrator, body: indicative({ token_in: usdc, token_out: usdc }), expect: 400 },
    { name: 'unconfigured chain', method: 'POST', path: I, token: integrator, body: indicative({ src_chain_id: 1, dst_chain_id: 1 }), expect: 400 },
    { name: 'token without a pool', method: 'POST', path: I, token: integrator, body: indicative({ token_out: '0x1111111111111111111111111111111111111111' }), expect: 400 },
    { name: 'native → its wrapped token', method: 'POST', path: I, token: integrator, body: indicative({ token_out: weth }), expect: 422 },
    { name: 'more than the pools hold', method: 'POST', path: I, token: integrator, body: indicative({ amount_in: (10n ** 30n).toString() }) },
    { name: 'one wei', method: 'POST', path: I, token: integrator, body: indicative({ token_in: usdc, token_out: wbtc, amount_in: '1' }), expect: 422 },
    { name: 'firm with an indicative-only token', method: 'POST', path: F, token: indicativeOnly, body: firm(), expect: 403 },
    { name: 'firm for another sender with a wallet token', method: 'POST', path: F, token: wallet, body: firm({ from_address: devAccount(6).address }), expect: 403 },
    { name: 'firm for itself with a wallet token', method: 'POST', path: F, token: wallet, body: firm(), expect: 200 },
    { name: 'firm far above the indicative price', method: 'POST', path: F, token: integrator, body: firm({ indicative_amount_out: (10n ** 24n).toString() }), expect: 409 },
    { name: 'firm slippage above 100', method: 'POST', path: F, token: integrator, body: firm({ slippage: 101 }), expect: 400 },
    { name: 'firm expiry 0', method: 'POST', path: F, token: integrator, body: firm({ expiry_time_sec: 0 }), expect: 400 },
    { name: 'firm to the zero address', method: 'POST', path: F, token: integrator, body: firm({ to_address: zeroAddress }), expect: 400 },
    { name: 'firm missing slippage', method: 'POST', path: F, token: integrator, body: { ...firm(), slippage: undefined }, expect: 400 },
  ]);
  const quoteId = (firmAnswer?.data as { quote_id: string }).quote_id;
  const S = '/v1/quote/status';
  await check([
    { name: 'status of a firm quote', method: 'GET', path: S, token: integrator, query: { quote_id: quoteId }, expect: 200 },
    { name: 'status of another token\'s quote', method: 'GET', path: S, token: wallet, query: { quote_id: quoteId }, expect: 404 },
    { name: 'status of an unknown id', method: 'GET', path: S, token: integrator, query: { quote_id: `0x${'ab'.repeat(32)}` }, expect: 404 },
    { name: 'status bad id', method: 'GET', path: S, token: integrator, query: { quote_id: '0x12' }, expect: 400 },
    { name: 'status no id', method: 'GET', path: S, token: integrator, expect: 400 },
    { name: 'status no token', method: 'GET', path: S, query: { quote_id: quoteId }, expect: 401 },
    { name: 'status with an indicative-only token', method: 'GET', path: S, token: indicativeOnly, query: { quote_id: quoteId }, expect: 403 },
    { name: 'own quotes', method: 'GET', path: '/v1/quotes', token: integrator, expect: 200 },
    { name: 'own quotes, one a page', method: 'GET', path: '/v1/quotes', token: wallet, query: { limit: 1 }, expect: 200 },
    { name: 'quotes: bad cursor', method: 'GET', path: '/v1/quotes', token: integrator, query: { cursor: 'not-ours' }, expect: 400 },
    { name: 'quotes: limit 0', method: 'GET', path: '/v1/quotes', token: integrator, query: { limit: 0 }, expect: 400 },
    { name: 'quotes: no token', method: 'GET', path: '/v1/quotes', expect: 401 },
    { name: 'quotes: indicative-only token', method: 'GET', path: '/v1/quotes', token: indicativeOnly, expect: 403 },
  ]);
});

test('over the limit: 429 with Retry-After and the RateLimit-* counters, as documented', async () => {
  const token = await apiToken(`contract-test-flood-${Date.now()}`);
  const flood: Case = { name: 'flood', method: 'GET', path: '/v1/quote/status', token, query: { quote_id: '0x12' } };
  let limited: { status: number; headers: Headers; body: string } | undefined;
  for (let round = 0; round < 40 && !limited; round += 1) {
    const answers = await Promise.all(Array.from({ length: 25 }, () => send(flood)));
    limited = answers.find((a) => a.status === 429);
  }
  expect(limited, 'the quote limit was never reached').toBeDefined();
  if (!limited) return;
  const problems = validator.validate('GET', '/v1/quote/status', limited);
  exchanges.push({ case: flood, status: 429, problems });
  expect(problems).toEqual([]);
});

test('the typed client gets an integrator\'s first quote as the README shows', async () => {
  const chain = firstChain();
  const api = createSwapdeskClient({ baseUrl: base(), token: await apiToken('readme-integrator') });
  const { data, error, response } = await api.POST('/v1/quote/indicative', {
    body: { src_chain_id: chain.id, dst_chain_id: chain.id, token_in: zeroAddress, token_out: tokenBySymbol(chain, 'USDC').address, amount_in: '1000000000000000000' },
  });
  expect(error).toBeUndefined();
  expect(BigInt(data?.data.amount_out ?? '0')).toBeGreaterThan(0n);
  const body = JSON.stringify(data);
  const problems = validator.validate('POST', '/v1/quote/indicative', { status: response.status, headers: response.headers, body });
  exchanges.push({ case: { name: 'typed client', method: 'POST', path: '/v1/quote/indicative' }, status: response.status, problems });
  expect(problems).toEqual([]);
});
