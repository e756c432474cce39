import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { freePort } from '@/lib/devnet/startAnvil';
import { isStoreUnavailable } from './storeUnavailable';

describe('isStoreUnavailable', () => {
  it('recognises a PostgreSQL server that is not there, and not an ordinary query error', async () => {
    const down = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`, max: 1 });
    const refused = await down.query('select 1').catch((error: unknown) => error);
    await down.end();
    expect(isStoreUnavailable(refused)).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isStoreUnavailable(shutdown)).toBe(true);
    expect(isStoreUnavailable(new Error('wrapped', { cause: shutdown }))).toBe(true);
    expect(isStoreUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isStoreUnavailable('nope')).toBe(false);
  });
});
