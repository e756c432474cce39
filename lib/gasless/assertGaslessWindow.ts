// A gasless quote must leave Swapdesk's submitter time to send it before its deadline.
import type { FirmQuoteRequest } from '@/lib/api/schemas/quote';
import { DomainError } from '@/lib/domain/DomainError';
import { env } from '@/lib/env';

export function assertGaslessWindow(body: Pick<FirmQuoteRequest, 'gasless' | 'expiry_time_sec'>): void {
  const window = env().GASLESS_MIN_WINDOW_SEC;
  if (body.gasless === true && body.expiry_time_sec < window) {
    throw new DomainError('INVALID_ARGUMENT', `expiry_time_sec must be at least ${window} for a gasless quote: the submitter needs that long to send it`, { field: 'expiry_time_sec' });
  }
}
