// The key that signs firm quotes: QUOTE_SIGNER_KEY when configured, else a dev key kept in the data folder.
import 'server-only';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { env } from '@/lib/env';

export const QUOTE_SIGNER_KEY_FILE = 'quote-signer.key';
const PRIVATE_KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;

function readKey(file: string): Hex {
  const key = readFileSync(file, 'utf8').trim();
  if (!PRIVATE_KEY_PATTERN.test(key)) throw new Error(`${file} does not hold a 0x-prefixed 32-byte hex private key`);
  return key as Hex;
}

/** Reads the key in `file`, creating it (mode 0600) on first use; concurrent first starts agree on one key. */
export function loadOrCreateKeyFile(file: string): Hex {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx' fails when another process created the file first; then its key wins.
    writeFileSync(file, `${generatePrivateKey()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error: unknown) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  return readKey(file);
}

/** A service key: the configured one (production, from env) when set, else the dev key file in the data folder. */
export function configuredKey(configured: string | undefined, dataDir: string, file: string): Hex {
  return (configured ?? loadOrCreateKeyFile(path.join(dataDir, file))) as Hex;
}

let cached: PrivateKeyAccount | undefined;

/** The quote signer of this process (memoised). */
export function quoteSignerAccount(): PrivateKeyAccount {
  if (!cached) {
    const config = env();
    cached = privateKeyToAccount(configuredKey(config.QUOTE_SIGNER_KEY, config.SWAPDESK_DATA_DIR, QUOTE_SIGNER_KEY_FILE));
  }
  return cached;
}
