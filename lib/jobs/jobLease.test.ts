import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB_KINDS, type TestDb } from '@/lib/db/openTestDb';
import { LeaseLostError, assertLeaseHeld, readLease, releaseLease, renewLease, tryAcquireLease } from './jobLease';
import { runUnderLease, type HeldLease } from './runUnderLease';

describe.each(TEST_DB_KINDS)('job lease on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => t.dispose());

  it('one holder at a time; a standby takes over only after expiry, with a higher fence', async () => {
    const a = await tryAcquireLease(t.db, 'j1', 'A', 300);
    expect(a).toBe(1n);
    expect(await tryAcquireLease(t.db, 'j1', 'B', 300)).toBeUndefined();
    expect(await tryAcquireLease(t.db, 'j1', 'A', 300)).toBe(1n); // renewing by taking again keeps the fence
    expect(await renewLease(t.db, 'j1', 'A', 1n, 300)).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    const b = await tryAcquireLease(t.db, 'j1', 'B', 300);
    expect(b).toBe(2n);
    expect(await renewLease(t.db, 'j1', 'A', 1n, 300)).toBe(false);
    expect((await readLease(t.db, 'j1'))?.holder).toBe('B');
  });

  it('a deposed holder cannot commit a write: the fence check rolls its transaction back', async () => {
    expect(await tryAcquireLease(t.db, 'j2', 'A', 200)).toBe(1n);
    await new Promise((r) => setTimeout(r, 300));
    expect(await tryAcquireLease(t.db, 'j2', 'B', 10_000)).toBe(2n);
    const write = (holder: string, fence: bigint, block: number) => t.db.transaction().execute(async (trx) => {
      await trx.insertInto('indexer_checkpoints').values({ chain_id: 900 + block, block_number: block, block_hash: '0x', state: null })
        .execute();
      await assertLeaseHeld(trx, 'j2', holder, fence);
    });
    await expect(write('A', 1n, 1)).rejects.toBeInstanceOf(LeaseLostError);
    await write('B', 2n, 2);
    const rows = await t.db.selectFrom('indexer_checkpoints').select('chain_id').where('chain_id', '>', 900).execute();
    expect(rows.map((r) => r.chain_id)).toEqual([902]);
  });

  it('release hands the lease over at once', async () => {
    expect(await tryAcquireLease(t.db, 'j3', 'A', 60_000)).toBe(1n);
    await releaseLease(t.db, 'j3', 'A', 1n);
    expect(await tryAcquireLease(t.db, 'j3', 'B', 60_000)).toBe(2n);
  });

  it('runUnderLease: two copies, one works; a clean stop hands the lease to the standby at its next poll', async () => {
    const timings = { ttlMs: 400, renewMs: 100, standbyPollMs: 50 };
    const stopA = new AbortController();
    const stopB = new AbortController();
    const working: string[] = [];
    const work = (name: string) => async (lease: HeldLease) => {
      working.push(name);
      await new Promise<void>((resolve) => lease.signal.addEventListener('abort', () => resolve(), { once: true }));
    };
    const a = runUnderLease(t.db, { job: 'j4', holder: 'A', signal: stopA.signal, timings }, work('A'));
    await new Promise((r) => setTimeout(r, 100));
    const b = runUnderLease(t.db, { job: 'j4', holder: 'B', signal: stopB.signal, timings }, work('B'));
    await new Promise((r) => setTimeout(r, 300));
    expect(working).toEqual(['A']);
    const stoppedAt = Date.now();
    stopA.abort(); // a clean stop releases the lease: B takes over at its next poll
    await a;
    while (working.length < 2 && Date.now() - stoppedAt < 2_000) await new Promise((r) => setTimeout(r, 20));
    expect(working).toEqual(['A', 'B']);
    expect(Date.now() - stoppedAt).toBeLessThan(timings.ttlMs);
    stopB.abort();
    await b;
  });

  it('runUnderLease: a holder whose lease was taken over is told to stop (its work signal aborts)', async () => {
    const stopA = new AbortController();
    let aborted = false;
    // A renews too rarely for its lease: it expires and B takes it.
    const a = runUnderLease(t.db, { job: 'j5', holder: 'A', signal: stopA.signal, timings: { ttlMs: 150, renewMs: 400, standbyPollMs: 5_000 } }, async (lease) => {
      await new Promise<void>((resolve) => lease.signal.addEventListener('abort', () => resolve(), { once: true }));
      aborted = !stopA.signal.aborted;
    });
    await new Promise((r) => setTimeout(r, 250));
    expect(await tryAcquireLease(t.db, 'j5', 'B', 60_000)).toBe(2n);
    const deadline = Date.now() + 2_000;
    while (!aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toBe(true);
    stopA.abort();
    await a;
    expect((await readLease(t.db, 'j5'))?.holder).toBe('B');
  });
});
