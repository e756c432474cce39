// The one place a quote's status becomes words: same-chain (issued → filled | expired) and cross-chain
// (issued → deposited → filled → settled, or deposited → expired → refunded), with whether it is still moving.
import type { QuoteStatus } from '@/components/swap/quoteTypes';

export type StatusName = QuoteStatus['status'];
export type StatusTone = 'pending' | 'done' | 'failed' | 'returned';
export type StatusView = { label: string; tone: StatusTone; final: boolean; detail: string };

const SAME_CHAIN: Record<StatusName, StatusView> = {
  issued: { label: 'Quoted', tone: 'pending', final: false, detail: 'Waiting for the swap transaction' },
  filled: { label: 'Swapped', tone: 'done', final: true, detail: 'Executed as quoted' },
  expired: { label: 'Expired', tone: 'failed', final: true, detail: 'Not executed before its deadline' },
  submitted: { label: 'Submitted', tone: 'pending', final: false, detail: 'Signed; Swapdesk is sending the swap transaction' },
  failed: { label: 'Not sent', tone: 'failed', final: true, detail: 'Swapdesk could not send it; nothing of yours moved' },
  // Not reached by same-chain quotes; listed so every status has words.
  deposited: { label: 'Deposited', tone: 'pending', final: false, detail: 'Deposit seen' },
  settled: { label: 'Settled', tone: 'done', final: true, detail: 'Settled' },
  refunded: { label: 'Refunded', tone: 'returned', final: true, detail: 'Refunded' },
};

const CROSS_CHAIN: Record<StatusName, StatusView> = {
  issued: { label: 'Quoted', tone: 'pending', final: false, detail: 'Waiting for the deposit on the source chain' },
  deposited: { label: 'Deposited', tone: 'pending', final: false, detail: 'Escrowed; the relayer is delivering on the destination chain' },
  filled: { label: 'Delivered', tone: 'done', final: false, detail: 'Received on the destination chain; the filler is being repaid' },
  settled: { label: 'Complete', tone: 'done', final: true, detail: 'Delivered and settled' },
  expired: { label: 'Expired', tone: 'failed', final: false, detail: 'Not delivered in time; the refund follows' },
  refunded: { label: 'Refunded', tone: 'returned', final: true, detail: 'Not delivered; the deposit went back to the sender' },
  // A gasless order: signed and handed to Swapdesk, which sends the deposit (or could not: nothing moved).
  submitted: { label: 'Submitted', tone: 'pending', final: false, detail: 'Signed; Swapdesk is sending the deposit' },
  failed: { label: 'Not sent', tone: 'failed', final: true, detail: 'Swapdesk could not send it; nothing of yours moved' },
};

export function quoteStatusView(status: StatusName, crossChain: boolean, deposited = false): StatusView {
  const view = (crossChain ? CROSS_CHAIN : SAME_CHAIN)[status];
  // A cross-chain quote that expired before any deposit is over: nothing was escrowed, so nothing is refunded.
  if (crossChain && status === 'expired' && !deposited) return { label: 'Expired', tone: 'failed', final: true, detail: 'Not deposited before its deadline' };
  return view;
}
