import { describe, expect, it } from 'vitest';
import { jsonText } from '@/lib/domain/jsonText';
import { DomainError } from '@/lib/domain/DomainError';
import { errorResponse, jsonResponse, successBody } from './envelope';

describe('jsonResponse', () => {
  it('sends pre-serialised data inside the envelope byte for byte as JSON.stringify would', async () => {
    const data = [{ open: '1.5', trades: 2, closed: true }, { open: '0', trades: 0, closed: false }];
    const sent = await jsonResponse(successBody(jsonText(data)), 200).text();
    expect(sent).toBe(JSON.stringify(successBody(data)));
    expect(await jsonResponse(jsonText({ a: 1 }), 200).text()).toBe('{"a":1}');
    expect(await jsonResponse({ data: jsonText([]) }, 200).text()).toBe('{"data":[]}');
    const shared = jsonText({ price: 'é 2' });
    const first = await jsonResponse(successBody(shared), 200).text();
    expect(await jsonResponse(successBody(shared), 200).text()).toBe(first);
    expect(JSON.parse(first)).toEqual({ code: 0, msg: 'ok', data: { price: 'é 2' } });
  });
});

describe('errorResponse', () => {
  it('maps a domain error to its status, code and error object, and its retry hint to Retry-After', async () => {
    const res = errorResponse(new DomainError('CHAIN_UNAVAILABLE', 'chain 31337 is not answering', { field: 'src_chain_id', retry_after_sec: 2 }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({
      code: 50300,
      msg: 'chain 31337 is not answering',
      data: null,
      error: { type: 'CHAIN_UNAVAILABLE', field: 'src_chain_id', retry_after_sec: 2, retryable: true },
    });
  });

  it('a condition that passes by itself answers retryable where its type allows it; other types keep their rule', async () => {
    const relayerDown = errorResponse(new DomainError('INSUFFICIENT_LIQUIDITY', 'the relayer is not running right now', { field: 'dst_chain_id', retryable: true, retry_after_sec: 10 }));
    expect(relayerDown.status).toBe(422);
    expect(relayerDown.headers.get('retry-after')).toBe('10');
    expect((await relayerDown.json()).error).toEqual({ type: 'INSUFFICIENT_LIQUIDITY', field: 'dst_chain_id', retry_after_sec: 10, retryable: true });
    const tooMuch = errorResponse(new DomainError('INSUFFICIENT_LIQUIDITY', 'amount_in is more than the pools can fill', { field: 'amount_in' }));
    expect((await tooMuch.json()).error.retryable).toBe(false);
    const invalid = errorResponse(new DomainError('INVALID_ARGUMENT', 'slippage is too high', { field: 'slippage', retryable: true }));
    expect((await invalid.json()).error.retryable).toBe(false);
  });

  it('asks for a Bearer token on UNAUTHENTICATED', () => {
    const res = errorResponse(new DomainError('UNAUTHENTICATED', 'authorization header is required'));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });
});
