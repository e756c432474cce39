// The services part of /v1/health: the store (one trivial query), Redis (the rate-limit client) and the background
// jobs' leases, each bounded in time.
import 'server-only';
import { sql } from 'kysely';
import { readyDb } from '@/lib/db/getDb';
import { storeNowMs } from '@/lib/jobs/jobLease';
import type { JobTables } from '@/lib/jobs/jobTables';
import type { ServicesHealth } from './endpoints/healthEndpoint';
import { rateLimitStore } from './rateLimit';
import { RedisRateLimitStore } from './redisRateLimitStore';

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function servicesHealth(timeoutMs: number): Promise<ServicesHealth> {
  const limiter = rateLimitStore();
  const redis = limiter instanceof RedisRateLimitStore ? { ok: limiter.redisReady } : null;
  const started = performance.now();
  try {
    const rows = await within((async () => {
      const db = await readyDb();
      await sql`select 1`.execute(db);
      const latency = Math.round(performance.now() - started);
      const leases = await db.withTables<JobTables>().selectFrom('job_leases')
        .select(['job', 'holder', sql<number>`case when expires_at_ms > ${storeNowMs(db)} then 1 else 0 end`.as('current')])
        .orderBy('job').execute();
      return { latency, leases };
    })(), timeoutMs);
    return {
      store: { ok: true, latency_ms: rows.latency },
      redis,
      jobs: rows.leases.map((l) => ({ job: l.job, holder: l.holder, lease_current: Number(l.current) === 1 })),
    };
  } catch {
    return { store: { ok: false, latency_ms: null }, redis, jobs: [] };
  }
}
