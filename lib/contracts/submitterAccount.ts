// The gasless submitter's account: SUBMITTER_KEY when configured, else a dev key kept in the data folder. It sends
// users' signed Permit2 orders (swapPermit2) and pays their gas; the gas fee inside each gasless quote repays it.
import 'server-only';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { env } from '@/lib/env';
import { configuredKey } from './quoteSigner';

export const SUBMITTER_KEY_FILE = 'submitter.key';

let cached: PrivateKeyAccount | undefined;

/** The submitter account of this process (memoised). */
export function submitterAccount(): PrivateKeyAccount {
  if (!cached) {
    const config = env();
    cached = privateKeyToAccount(configuredKey(config.SUBMITTER_KEY, config.SWAPDESK_DATA_DIR, SUBMITTER_KEY_FILE));
  }
  return cached;
}
