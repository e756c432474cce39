// The quote stream's event rules with a scripted pricer: first answer at once, only changes sent, errors as events.
import { describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/domain/DomainError';
import { errorOutcome, quoteEventStream, quoteOutcome, type QuoteOutcome } from './quoteEventStream';

type Answer = { amount_out: string; block_number: number };
type Event = { event: string; data?: unknown; comment?: string };

/** Collects the stream's events as they arrive. */
function collect(stream: ReadableStream<Uint8Array>) {
  const events: Event[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  let closed = false;
  const done = (async () => {
    const reader = stream.getReader();
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith(':')) events.push({ event: 'comment', comment: block.slice(1).trim() });
        else {
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          events.push({ event, data: data === undefined ? undefined : JSON.parse(data) });
        }
      }
    }
    closed = true;
  })();
  return { events, done, isClosed: () => closed };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

/** A stream fed by a scripted pricer: each `notify()` prices the next step and hands its outcome to the stream. */
function harness(script: (() => Answer)[], options: { maxMs?: number; heartbeatMs?: number } = {}) {
  let listener: ((outcome: QuoteOutcome) => void) | undefined;
  let subscribed = 0;
  let closedCount = 0;
  let computed = 0;
  const abort = new AbortController();
  let step = 0;
  const keyOf = ({ block_number: _b, ...rest }: Answer) => JSON.stringify(rest);
  const stream = quoteEventStream({
    first: quoteOutcome({ amount_out: '100', block_number: 1 }, keyOf({ amount_out: '100', block_number: 1 })),
    subscribe: (onOutcome) => {
      subscribed++;
      listener = onOutcome;
      return () => {
        subscribed--;
        listener = undefined;
      };
    },
    signal: abort.signal,
    maxMs: options.maxMs ?? 60_000,
    heartbeatMs: options.heartbeatMs ?? 60_000,
    onClose: () => { closedCount++; },
  });
  const notify = () => {
    // A pricer prices only for streams still listening.
    if (!listener) return;
    const next = script[Math.min(step, script.length - 1)];
    step++;
    computed++;
    try {
      if (!next) throw new Error('script ended');
      const answer = next();
      listener(quoteOutcome(answer, keyOf(answer)));
    } catch (error: unknown) {
      listener(errorOutcome(error instanceof DomainError ? error : new DomainError('INTERNAL', 'internal error')));
    }
  };
  return { ...collect(stream), notify, abort: () => abort.abort(), subscribed: () => subscribed, closedCount: () => closedCount, computed: () => computed };
}

const unavailable = () => { throw new DomainError('CHAIN_UNAVAILABLE', 'chain 31337 is not answering right now; try again shortly', { retry_after_sec: 1 }); };
const noRoute = () => { throw new DomainError('NO_ROUTE', 'no pool path connects token_in to token_out'); };

describe('quoteEventStream', () => {
  it('sends the first answer at once, then only answers that changed (a new block alone is not news)', async () => {
    const h = harness([() => ({ amount_out: '100', block_number: 2 }), () => ({ amount_out: '99', block_number: 3 })]);
    await tick();
    expect(h.events).toEqual([{ event: 'quote', data: { amount_out: '100', block_number: 1 } }]);
    h.notify();
    await tick();
    expect(h.events).toHaveLength(1);
    h.notify();
    await tick();
    expect(h.events[1]).toEqual({ event: 'quote', data: { amount_out: '99', block_number: 3 } });
    h.abort();
    await h.done;
  });

  it('sends a retryable error once as an event and stays open, then the quote again when it recovers', async () => {
    const h = harness([unavailable, unavailable, () => ({ amount_out: '100', block_number: 5 })]);
    h.notify();
    await tick();
    h.notify();
    await tick();
    h.notify();
    await tick();
    expect(h.events.map((e) => e.event)).toEqual(['quote', 'error', 'quote']);
    expect(h.events[1]?.data).toMatchObject({ code: 50300, data: null, error: { type: 'CHAIN_UNAVAILABLE', retryable: true, retry_after_sec: 1 } });
    expect(h.events[2]?.data).toEqual({ amount_out: '100', block_number: 5 });
    expect(h.isClosed()).toBe(false);
    h.abort();
    await h.done;
  });

  it('ends after an error that is not retryable, and lets go of its subscription', async () => {
    const h = harness([noRoute]);
    h.notify();
    await h.done;
    expect(h.events.map((e) => e.event)).toEqual(['quote', 'error', 'end']);
    expect(h.events[1]?.data).toMatchObject({ code: 42200, error: { type: 'NO_ROUTE', retryable: false } });
    expect(h.events[2]?.data).toEqual({ reason: 'error' });
    expect([h.subscribed(), h.closedCount()]).toEqual([0, 1]);
  });

  it('sends a heartbeat comment while nothing changes', async () => {
    const h = harness([], { heartbeatMs: 20 });
    await new Promise((r) => setTimeout(r, 70));
    expect(h.events.filter((e) => e.event === 'comment' && e.comment === 'heartbeat').length).toBeGreaterThanOrEqual(2);
    h.abort();
    await h.done;
  });

  it('ends with reason max_duration after its time', async () => {
    const started = Date.now();
    const h = harness([], { maxMs: 60 });
    await h.done;
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(h.events.at(-1)).toEqual({ event: 'end', data: { reason: 'max_duration' } });
    expect([h.subscribed(), h.closedCount()]).toEqual([0, 1]);
  });

  it('a client that goes away ends the stream once, unsubscribed, and a late change sends nothing', async () => {
    const h = harness([() => ({ amount_out: '1', block_number: 9 })]);
    h.abort();
    await h.done;
    h.notify();
    await tick();
    expect([h.subscribed(), h.closedCount(), h.events.length, h.computed()]).toEqual([0, 1, 1, 0]);
  });
});
