// Every migration, by name; names sort in the order they run. Add a file and one line here to extend the store.
import type { Migration } from 'kysely';
import * as m0001 from './0001_market';

export const migrations: Record<string, Migration> = {
  '0001_market': m0001,
};
