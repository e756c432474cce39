import { describe, expect, it } from 'vitest';
import { candleEventStream } from './candleEventStream';
import { CandleStreamHub, type StreamKey } from './candleStreamHub';
import type { Kline } from './marketDto';

const KEY: StreamKey = { chainId: 31337, pairId: 7, interval: '1m' };
const OPEN = 1_763_700_000 - (1_763_700_000 % 60);
const CANDLE: Kline = {
  chain_id: 31337, base: '0x1', quote: '0x2', interval: '1m', open_time: OPEN, close_time: OPEN + 59,
  open: '1', high: '2', low: '1', close: '2', volume_base: '3', volume_quote: '4', volume_usd: '4', trades: 2, closed: false,
};

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker: string | RegExp): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  const seen = () => (typeof marker === 'string' ? text.includes(marker) : marker.test(text));
  while (!seen()) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

function newHub() {
  return new CandleStreamHub({ loadLatest: async () => [CANDLE], pollMs: 10, nowSec: () => OPEN + 1 });
}

describe('candleEventStream', () => {
  it('sends the open candle as a `candle` event', async () => {
    const hub = newHub();
    const aborter = new AbortController();
    const reader = candleEventStream({ hub, key: KEY, signal: aborter.signal }).getReader();
    const text = await readUntil(reader, /event: candle\ndata: .*\n\n/);
    expect(text).toMatch(/^retry: \d+\n/);
    const data = /event: candle\ndata: (.*)\n\n/.exec(text)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual(CANDLE);
    aborter.abort();
  });

  it('cleans up a client that disconnects: no subscriber, no poller, stream closed', async () => {
    const hub = newHub();
    const aborter = new AbortController();
    const reader = candleEventStream({ hub, key: KEY, signal: aborter.signal }).getReader();
    await readUntil(reader, 'event: candle');
    expect(hub.subscriberCount(KEY)).toBe(1);
    aborter.abort();
    expect(hub.subscriberCount(KEY)).toBe(0);
    expect(hub.pollerCount()).toBe(0);
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });

  it('cleans up when the consumer cancels the body', async () => {
    const hub = newHub();
    const reader = candleEventStream({ hub, key: KEY, signal: new AbortController().signal }).getReader();
    await readUntil(reader, 'event: candle');
    await reader.cancel();
    expect(hub.pollerCount()).toBe(0);
  });

  it('sends heartbeats while nothing changes', async () => {
    const hub = newHub();
    const aborter = new AbortController();
    const reader = candleEventStream({ hub, key: KEY, signal: aborter.signal, heartbeatMs: 20 }).getReader();
    const text = await readUntil(reader, ': heartbeat');
    expect(text).toContain(': heartbeat\n\n');
    aborter.abort();
  });
});
