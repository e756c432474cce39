'use client';
// Whether the chart is receiving live candles, polling while the stream reconnects, or connecting.
import { PAIR_TEST_IDS } from './pairTestIds';
import type { LiveStatus } from './useLiveCandles';

const TEXT: Record<LiveStatus, string> = { live: 'Live', polling: 'Reconnecting (polling)', connecting: 'Connecting' };

export function LiveBadge({ status }: { status: LiveStatus }) {
  return (
    <span role="status" data-testid={PAIR_TEST_IDS.liveStatus} data-status={status} className="flex items-center gap-1.5 text-xs text-[var(--muted)]">
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${status === 'live' ? 'bg-[var(--up)]' : 'bg-[var(--muted)]'}`} />
      {TEXT[status]}
    </span>
  );
}
