// Caps concurrent long-lived streams per client IP and per instance, so one client cannot hold every connection.
import 'server-only';
import { env } from '@/lib/env';
import { ApiError } from './errors';

/** How soon a refused client may try again: a stream slot frees when another client disconnects. */
const RETRY_AFTER_SEC = 5;

export type StreamSlotLimits = { perIp: number; perInstance: number };

export class StreamSlots {
  private readonly byIp = new Map<string, number>();
  private total = 0;

  /** `holder` names what `acquire` keys by, in the 429 message ("client", "token"). */
  constructor(private readonly limits: () => StreamSlotLimits, private readonly holder = 'client') {}

  /** Takes a slot for `ip` (or whatever the slots are keyed by) or throws 429 RATE_LIMITED; the returned function gives it back (idempotent). */
  acquire(ip: string): () => void {
    const { perIp, perInstance } = this.limits();
    const held = this.byIp.get(ip) ?? 0;
    if (held >= perIp || this.total >= perInstance) {
      const which = held >= perIp ? `${perIp} concurrent streams per ${this.holder}` : `${perInstance} concurrent streams on this instance`;
      throw new ApiError('RATE_LIMITED', `at most ${which}; close one or retry in ${RETRY_AFTER_SEC} s`,
        { retry_after_sec: RETRY_AFTER_SEC }, { 'retry-after': String(RETRY_AFTER_SEC) });
    }
    this.byIp.set(ip, held + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byIp.get(ip) ?? 1) - 1;
      if (left <= 0) this.byIp.delete(ip);
      else this.byIp.set(ip, left);
    };
  }

  get open(): number {
    return this.total;
  }
}

const SLOTS_KEY = Symbol.for('swapdesk.streamSlots');
type Holder = { [SLOTS_KEY]?: StreamSlots };

/** The process-wide stream slots (on globalThis: every route bundle of the server shares them). */
export function streamSlots(): StreamSlots {
  const holder = globalThis as Holder;
  holder[SLOTS_KEY] ??= new StreamSlots(() => ({ perIp: env().STREAM_MAX_PER_IP, perInstance: env().STREAM_MAX_PER_INSTANCE }));
  return holder[SLOTS_KEY];
}

const QUOTE_SLOTS_KEY = Symbol.for('swapdesk.quoteStreamSlots');
type QuoteHolder = { [QUOTE_SLOTS_KEY]?: StreamSlots };

/** The process-wide quote stream slots, keyed by token `sub`. */
export function quoteStreamSlots(): StreamSlots {
  const holder = globalThis as QuoteHolder;
  holder[QUOTE_SLOTS_KEY] ??= new StreamSlots(() => ({ perIp: env().QUOTE_STREAM_MAX_PER_TOKEN, perInstance: env().STREAM_MAX_PER_INSTANCE }), 'token');
  return holder[QUOTE_SLOTS_KEY];
}
