// Query options of the signed-in wallet's quote history (GET /v1/quotes): pages by cursor, polled while a quote moves.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiCall, bearer } from '@/components/swap/apiFetch';
import type { QuoteStatus } from '@/components/swap/quoteTypes';
import type { components } from '@/lib/api/generated/v1';
import { swapdeskClientFor } from '@/lib/client/createSwapdeskClient';
import { quoteStatusView } from './quoteStatusView';

type Generated = components['schemas']['QuoteActivity'];
/** A listed quote: the generated shape, with the status fields typed as the status endpoint's. */
export type QuoteActivity = Omit<Generated, keyof QuoteStatus> & Omit<QuoteStatus, 'src_chain_id' | 'dst_chain_id'> & Pick<Generated, 'src_chain_id' | 'dst_chain_id'>;
export type QuotesPage = { quotes: QuoteActivity[]; next_cursor: string | null };

export const ACTIVITY_PAGE_SIZE = 20;
/** How often the list is read again while any shown quote is still moving. */
export const ACTIVITY_POLL_MS = 2_000;

export const isMoving = (q: QuoteActivity) => !quoteStatusView(q.status, q.src_chain_id !== q.dst_chain_id, q.src_tx_hash !== null).final;

export function activityOptions({ token, address, apiBase }: { token: string | undefined; address: string | undefined; apiBase: string }) {
  return infiniteQueryOptions({
    queryKey: ['activity', address ?? null] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        swapdeskClientFor(apiBase).GET('/v1/quotes', { params: { query: { limit: ACTIVITY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }, headers: bearer(token), signal }),
        signal,
      ) as Promise<QuotesPage>,
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: token !== undefined,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.quotes.some(isMoving)) ? ACTIVITY_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}
