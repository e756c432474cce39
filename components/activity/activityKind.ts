// Which listed quotes are trades: only those whose transaction was sent. A firm quote reviewed and never sent is
// "not used" once its deadline passes (and "open" until then, while its review may still be on screen).
import type { StatusName } from './quoteStatusView';

export type ActivityKind = 'trade' | 'open-quote' | 'unused-quote';

type Listed = { status: StatusName; src_tx_hash: string | null; deadline: number };

export function activityKind(q: Listed, nowSec: number): ActivityKind {
  if (q.src_tx_hash !== null || q.status !== 'issued' && q.status !== 'expired') return 'trade';
  return q.status === 'issued' && q.deadline >= nowSec ? 'open-quote' : 'unused-quote';
}
