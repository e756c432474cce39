// Every migration, by name; names sort in the order they run. Add a file and one line here to extend the store.
import type { Migration } from 'kysely';
import * as m0001 from './0001_market';
import * as m0100 from './0100_quotes';
import * as m0101 from './0101_quote_fill_block';
import * as m0200 from './0200_siwe_nonces';

export const migrations: Record<string, Migration> = {
  '0001_market': m0001,
  '0100_quotes': m0100,
  '0101_quote_fill_block': m0101,
  '0200_siwe_nonces': m0200,
};
