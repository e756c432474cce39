// The cross-chain relayer's account: RELAYER_KEY when configured, else a dev key kept in the data folder. It fills
// orders from its own bridge-asset inventory on the destination and is repaid the escrow on the origin.
import 'server-only';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { env } from '@/lib/env';
import { configuredKey } from './quoteSigner';

export const RELAYER_KEY_FILE = 'relayer.key';

let cached: PrivateKeyAccount | undefined;

/** The relayer account of this process (memoised). */
export function relayerAccount(): PrivateKeyAccount {
  if (!cached) {
    const config = env();
    cached = privateKeyToAccount(configuredKey(config.RELAYER_KEY, config.SWAPDESK_DATA_DIR, RELAYER_KEY_FILE));
  }
  return cached;
}
