// Every migration, by name; names sort in the order they run. Add a file and one line here to extend the store.
import type { Migration } from 'kysely';
import * as m0001 from './0001_market';
import * as m0100 from './0100_quotes';
import * as m0101 from './0101_quote_fill_block';
import * as m0150 from './0150_quotes_by_sub';
import * as m0200 from './0200_siwe_nonces';
import * as m0300 from './0300_crosschain_orders';
import * as m0301 from './0301_quote_crosschain';
import * as m0320 from './0320_relayer_fill_notes';
import * as m0400 from './0400_job_leases';
import * as m0510 from './0510_market_discovery';
import * as m0520 from './0520_market_v3_pairs';
import * as m0535 from './0535_relayer_payouts';
import * as m0600 from './0600_gasless_orders';
import * as m0601 from './0601_gasless_replaced_txs';
import * as m0602 from './0602_gasless_approval';
import * as m0603 from './0603_gasless_approval_replaced';

export const migrations: Record<string, Migration> = {
  '0001_market': m0001,
  '0100_quotes': m0100,
  '0101_quote_fill_block': m0101,
  '0150_quotes_by_sub': m0150,
  '0200_siwe_nonces': m0200,
  '0300_crosschain_orders': m0300,
  '0301_quote_crosschain': m0301,
  '0320_relayer_fill_notes': m0320,
  '0400_job_leases': m0400,
  '0510_market_discovery': m0510,
  '0520_market_v3_pairs': m0520,
  '0535_relayer_payouts': m0535,
  '0600_gasless_orders': m0600,
  '0601_gasless_replaced_txs': m0601,
  '0602_gasless_approval': m0602,
  '0603_gasless_approval_replaced': m0603,
};
