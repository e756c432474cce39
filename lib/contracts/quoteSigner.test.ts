import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { useTempDataDir } from '@/test/tempDataDir';
import { loadOrCreateKeyFile, QUOTE_SIGNER_KEY_FILE } from './quoteSigner';

const dir = mkdtempSync(path.join(tmpdir(), 'swapdesk-signer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh copy of the module, so its memoised account starts empty. */
async function freshQuoteSigner() {
  vi.resetModules();
  return import('./quoteSigner');
}

describe('quote signer key', () => {
  it('generates a key file readable only by its owner on first use and reuses it afterwards', () => {
    const file = path.join(dir, 'nested', 'signer.key');
    const first = loadOrCreateKeyFile(file);
    expect(first).toMatch(/^0x[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateKeyFile(file)).toBe(first);
  });

  it('refuses a key file that does not hold a private key', () => {
    const file = path.join(dir, 'broken.key');
    writeFileSync(file, 'not a key\n');
    expect(() => loadOrCreateKeyFile(file)).toThrow(/private key/);
  });

  it('without QUOTE_SIGNER_KEY signs with the key kept in the data folder, across restarts', async () => {
    const data = useTempDataDir({ QUOTE_SIGNER_KEY: '' });
    try {
      const account = (await freshQuoteSigner()).quoteSignerAccount();
      const stored = readFileSync(path.join(data.dir, QUOTE_SIGNER_KEY_FILE), 'utf8').trim() as Hex;
      expect(account.address).toBe(privateKeyToAccount(stored).address);
      expect((await freshQuoteSigner()).quoteSignerAccount().address).toBe(account.address);
    } finally {
      data.cleanup();
    }
  });

  it('uses QUOTE_SIGNER_KEY when it is configured and writes no key file', async () => {
    const key = generatePrivateKey();
    const data = useTempDataDir({ QUOTE_SIGNER_KEY: key });
    try {
      expect((await freshQuoteSigner()).quoteSignerAccount().address).toBe(privateKeyToAccount(key).address);
      expect(() => statSync(path.join(data.dir, QUOTE_SIGNER_KEY_FILE))).toThrow();
    } finally {
      data.cleanup();
    }
  });
});
