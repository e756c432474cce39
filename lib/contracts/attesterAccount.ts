// The settlement attester: ATTESTER_KEY when configured, else a dev key kept in the data folder. It signs what the
// destination chain shows (filled by a relayer, or expired unfilled) for SwapRouter's settle and refund.
import 'server-only';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { env } from '@/lib/env';
import { configuredKey } from './quoteSigner';

export const ATTESTER_KEY_FILE = 'attester.key';

let cached: PrivateKeyAccount | undefined;

/** The attester of this process (memoised). */
export function attesterAccount(): PrivateKeyAccount {
  if (!cached) {
    const config = env();
    cached = privateKeyToAccount(configuredKey(config.ATTESTER_KEY, config.SWAPDESK_DATA_DIR, ATTESTER_KEY_FILE));
  }
  return cached;
}
