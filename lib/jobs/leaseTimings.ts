// The lease timings of this process's background jobs, from JOB_LEASE_TTL_MS.
import 'server-only';
import { env } from '@/lib/env';
import type { LeaseTimings } from './jobLease';

export function leaseTimings(): LeaseTimings {
  const ttlMs = env().JOB_LEASE_TTL_MS;
  return { ttlMs, renewMs: Math.max(200, Math.floor(ttlMs / 5)), standbyPollMs: Math.min(2_000, Math.floor(ttlMs / 3)) };
}
