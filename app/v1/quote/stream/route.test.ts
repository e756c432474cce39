// POST /v1/quote/stream on a real devnet: the first quote at once, a new one after a swap moves the pool (and none
// for blocks that change nothing), the per-token cap, the end after QUOTE_STREAM_MAX_SEC, and bad bodies refused as JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { getAddress, parseUnits, zeroAddress, type Address } from 'viem';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { stopFollowers } from '@/lib/chainstate/quoteFollowers';
import { useTempDataDir } from '@/test/tempDataDir';
import { POST as streamPost } from './route';

const CHAIN_ID = 31337;
const MAX_SEC = 6;
const PER_TOKEN = 2;

type Event = { event: string; data: Record<string, unknown>; at: number };

/** Reads server-sent events as they arrive; `next` waits for the next one matching. */
function events(res: Response) {
  const seen: Event[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const done = (async () => {
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) seen.push({ event, data: JSON.parse(data) as Record<string, unknown>, at: Date.now() });
        waiters.splice(0).forEach((w) => w());
      }
    }
    ended = true;
    waiters.splice(0).forEach((w) => w());
  })();
  const next = async (count: number, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs;
    while (seen.length < count && !ended && Date.now() < until) await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 200); });
    return seen[count - 1];
  };
  return { seen, done, next, ended: () => ended };
}

describe('quote stream on a devnet', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let anvil: Anvil;
  let c: DevClients;
  let stack: UniswapStack;
  let usdc: Address;
  let token: string;

  beforeAll(async () => {
    tmp = useTempDataDir({
      RPC_TIMEOUT_MS: '1000', QUOTE_POLL_MS: '100', QUOTE_STALE_MS: '4000', FEE_BPS: '20', RATE_LIMIT_QUOTE_PER_MIN: '1000000',
      QUOTE_STREAM_MAX_SEC: String(MAX_SEC), QUOTE_STREAM_MAX_PER_TOKEN: String(PER_TOKEN),
    });
    anvil = await startAnvil({ chainId: CHAIN_ID });
    c = devClients(CHAIN_ID, anvil.rpcUrl);
    stack = await deployUniswap(c);
    usdc = getAddress(await deployToken(c, 'USD Coin', 'USDC', 6));
    await mint(c, usdc, devAccount(0).address, 10n ** 30n);
    await approve(c, 0, usdc, stack.router02);
    await addLiquidity(c, stack, 0, stack.weth, parseUnits('100', 18), usdc, parseUnits('300000', 6));
    writeFileSync(path.join(tmp.dir, 'chains.json'), JSON.stringify({ chains: [{
      id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', factory: stack.factory, router02: stack.router02,
      weth: stack.weth, stablecoins: [usdc], blockTimeSec: 1, tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
    }] }));
    token = (await signAccessToken({ sub: 'stream-tests', scopes: ['quote:indicative'], ttlSec: 3600 })).access_token;
  }, 120_000);

  afterAll(async () => {
    stopFollowers();
    await anvil?.stop();
    tmp?.cleanup();
  });

  const body = (amountIn = parseUnits('1', 18)) => ({ src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, token_in: zeroAddress, token_out: usdc, amount_in: amountIn.toString() });
  const open = async (payload: unknown, bearer = token, contentType = 'application/json') => {
    const abort = new AbortController();
    const res = await streamPost(new Request('http://test/v1/quote/stream', {
      method: 'POST', body: typeof payload === 'string' ? payload : JSON.stringify(payload), signal: abort.signal,
      headers: { 'content-type': contentType, authorization: `Bearer ${bearer}` },
    }));
    return { res, abort };
  };
  /** Sells `usdcIn` for ETH through Router02 and waits for the receipt. */
  const sellUsdc = async (usdcIn: bigint) => {
    const account = devAccount(0);
    const hash = await c.wallet(0).writeContract({
      address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForETH',
      args: [usdcIn, 0n, [usdc, stack.weth], account.address, BigInt(Math.floor(Date.now() / 1000) + 3600)], account, chain: c.chain,
    });
    return c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  };
  const mineEmpty = () => c.publicClient.request({ method: 'evm_mine' as never, params: [] as never });

  it('sends the quote at once, and again after a swap moves the pool, priced at the swap\'s block; empty blocks send nothing', async () => {
    const { res, abort } = await open(body());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const s = events(res);
    const first = await s.next(1);
    expect(first?.event).toBe('quote');
    expect(first?.data).toMatchObject({ amount_in: parseUnits('1', 18).toString(), token_out: usdc });
    for (let i = 0; i < 3; i++) await mineEmpty();
    await new Promise((r) => setTimeout(r, 600));
    expect(s.seen).toHaveLength(1);
    const receipt = await sellUsdc(parseUnits('30000', 6));
    const moved = await s.next(2);
    expect(moved?.event).toBe('quote');
    expect(moved?.data.block_number).toBe(Number(receipt.blockNumber));
    // USDC sold into the pool: ETH buys more USDC than before.
    expect(BigInt(String(moved?.data.amount_out))).toBeGreaterThan(BigInt(String(first?.data.amount_out)));
    abort.abort();
    await s.done;
  }, 60_000);

  it('refuses a bad body with the JSON error envelope before any stream', async () => {
    const bad = await open({ ...body(), amount_in: '1.5' });
    expect([bad.res.status, bad.res.headers.get('content-type')]).toEqual([400, 'application/json; charset=utf-8']);
    expect(await bad.res.json()).toMatchObject({ code: 40001, error: { type: 'INVALID_ARGUMENT', field: 'amount_in' } });
    const typo = await open({ ...body(), slipage: 1 });
    expect([typo.res.status, ((await typo.res.json()) as { error: { field: string } }).error.field]).toEqual([400, 'slipage']);
    expect((await open('{"src_chain_id":')).res.status).toBe(400);
    expect((await open(body(), 'not-a-token')).res.status).toBe(401);
    const noRoute = await open({ ...body(), token_out: getAddress(`0x${'ab'.repeat(20)}`) });
    expect(noRoute.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(noRoute.res.status).toBeGreaterThanOrEqual(400);
  });

  it(`caps a token at ${PER_TOKEN} open streams (429 with Retry-After), and frees a slot when one closes`, async () => {
    const streams = [await open(body()), await open(body())];
    for (const s of streams) expect(s.res.status).toBe(200);
    const readers = streams.map((s) => events(s.res));
    const over = await open(body());
    expect(over.res.status).toBe(429);
    expect(over.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await over.res.json()).toMatchObject({ code: 42900, error: { type: 'RATE_LIMITED' } });
    const other = (await signAccessToken({ sub: 'another-trader', scopes: ['quote:indicative'], ttlSec: 3600 })).access_token;
    const theirs = await open(body(), other);
    expect(theirs.res.status).toBe(200);
    theirs.abort.abort();
    streams[0]?.abort.abort();
    await readers[0]?.done;
    const again = await open(body());
    expect(again.res.status).toBe(200);
    again.abort.abort();
    streams[1]?.abort.abort();
    await Promise.all([readers[1]?.done, events(again.res).done, events(theirs.res).done]);
  }, 30_000);

  it(`ends with an end event after QUOTE_STREAM_MAX_SEC (${MAX_SEC} s)`, async () => {
    const started = Date.now();
    const { res } = await open(body(parseUnits('2', 18)));
    const s = events(res);
    await s.done;
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(MAX_SEC * 1000 - 100);
    expect(elapsed).toBeLessThan(MAX_SEC * 1000 + 5_000);
    expect(s.seen.at(-1)).toMatchObject({ event: 'end', data: { reason: 'max_duration' } });
  }, 30_000);
});
