// The review's firm quote against a real HTTP server: SLIPPAGE_EXCEEDED re-asks without the estimate; a worse price asks acceptance.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FirmQuote, FirmQuoteRequest } from './quoteTypes';
import { requestFirmQuote } from './requestFirmQuote';

type Answer = { status: number; body: unknown };
let server: Server;
let origin = '';
const bodies: Record<string, unknown>[] = [];
let answers: Answer[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      const answer = answers.shift() ?? { status: 500, body: {} };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  bodies.length = 0;
  answers = [];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request: FirmQuoteRequest = {
  src_chain_id: 31337,
  dst_chain_id: 31337,
  token_in: '0x0000000000000000000000000000000000000000',
  token_out: '0x1111111111111111111111111111111111111111',
  amount_in: '1000',
  from_address: '0x2222222222222222222222222222222222222222',
  to_address: '0x2222222222222222222222222222222222222222',
  indicative_amount_out: '10000',
  slippage: 0.5,
  expiry_time_sec: 60,
};
// The request's own switches (gasless) are not echoed; the answer carries its own `gasless` object.
const { gasless: _gasless, ...echoed } = request;
const firm = (amountOut: string): FirmQuote => ({ ...echoed, quote_id: 'q', calldata: '0x', router_address: request.to_address, amount_out: amountOut, min_amount_out: '0', fee_rate: 20, fee_amount: '2', deadline: 1, value: '1000', allowance_target: null, route: [], price_impact_bps: 0, block_number: 1 });
const ok = (amountOut: string): Answer => ({ status: 200, body: { code: 0, msg: 'ok', data: firm(amountOut) } });

describe('requestFirmQuote', () => {
  it('a firm price within 1 % of the estimate is offered as it is, with the token sent', async () => {
    answers = [ok('9950')];
    const result = await requestFirmQuote(request, 'tok', origin);
    expect(result.mustAccept).toBe(false);
    expect(result.worseBps).toBe(50n);
    expect(bodies[0]).toMatchObject({ indicative_amount_out: '10000', slippage: 0.5, expiry_time_sec: 60 });
  });

  it('a firm price worse by more than 1 % must be accepted', async () => {
    answers = [ok('9800')];
    const result = await requestFirmQuote(request, 'tok', origin);
    expect(result).toMatchObject({ mustAccept: true, worseBps: 200n });
  });

  it('SLIPPAGE_EXCEEDED re-asks without the estimate and asks the trader to accept the new price', async () => {
    answers = [
      { status: 409, body: { code: 40900, msg: 'price moved', data: null, error: { type: 'SLIPPAGE_EXCEEDED', retryable: true } } },
      ok('9000'),
    ];
    const before = Date.now();
    const result = await requestFirmQuote(request, 'tok', origin);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).not.toHaveProperty('indicative_amount_out');
    expect(result).toMatchObject({ mustAccept: true, worseBps: 1000n });
    expect(result.expiresAtMs).toBeGreaterThanOrEqual(before + 60_000);
    expect(result.expiresAtMs).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('a gasless quote whose price did not move asks no acceptance, although its gas fee is inside amount_out', async () => {
    // 1,000 in, 2 service fee: the estimate swaps 998 for 10,000 (before the gas fee). The firm quote also takes 30 of
    // gas fee from the input, so the same price gives 10,000 × 968 / 998 ≈ 9,700 (3 % "less" compared as it is).
    const gasless = (amountOut: string): Answer => ({ status: 200, body: { code: 0, msg: 'ok', data: {
      ...firm(amountOut), fee_amount: '32', gasless: { eip712: {}, gas_fee_amount: '30', gas_fee_token: request.token_in },
    } } });
    answers = [gasless('9700')];
    expect(await requestFirmQuote({ ...request, gasless: true }, 'tok', origin)).toMatchObject({ mustAccept: false, worseBps: 0n });
    // A real move beyond the gas fee still asks: 2 % fewer at the same gas fee.
    answers = [gasless('9506')];
    expect(await requestFirmQuote({ ...request, gasless: true }, 'tok', origin)).toMatchObject({ mustAccept: true, worseBps: 200n });
  });

  it('other failures reach the dialog as they are', async () => {
    answers = [{ status: 422, body: { code: 42200, msg: 'no route', data: null, error: { type: 'NO_ROUTE', retryable: false } } }];
    await expect(requestFirmQuote(request, 'tok', origin)).rejects.toMatchObject({ type: 'NO_ROUTE' });
    expect(bodies).toHaveLength(1);
  });
});
