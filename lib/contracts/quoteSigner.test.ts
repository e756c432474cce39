import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { loadOrCreateKeyFile, QUOTE_SIGNER_KEY_FILE } from './quoteSigner';

const dir = mkdtempSync(path.join(tmpdir(), 'swapdesk-signer-'));
const savedEnv = { data: process.env.SWAPDESK_DATA_DIR, key: process.env.QUOTE_SIGNER_KEY };

afterEach(() => {
  process.env.SWAPDESK_DATA_DIR = savedEnv.data;
  process.env.QUOTE_SIGNER_KEY = savedEnv.key;
  if (savedEnv.data === undefined) delete process.env.SWAPDESK_DATA_DIR;
  if (savedEnv.key === undefined) delete process.env.QUOTE_SIGNER_KEY;
  vi.resetModules();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh copy of the module, so its memoised env and account start empty. */
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

  it('without QUOTE_SIGNER_KEY signs with the key kept in the data folder', async () => {
    const dataDir = path.join(dir, 'data');
    process.env.SWAPDESK_DATA_DIR = dataDir;
    delete process.env.QUOTE_SIGNER_KEY;
    const { quoteSignerAccount } = await freshQuoteSigner();
    const account = quoteSignerAccount();
    const stored = readFileSync(path.join(dataDir, QUOTE_SIGNER_KEY_FILE), 'utf8').trim() as Hex;
    expect(account.address).toBe(privateKeyToAccount(stored).address);
    const again = await freshQuoteSigner();
    expect(again.quoteSignerAccount().address).toBe(account.address);
  });

  it('uses QUOTE_SIGNER_KEY when it is configured and writes no key file', async () => {
    const dataDir = path.join(dir, 'configured');
    const key = generatePrivateKey();
    process.env.SWAPDESK_DATA_DIR = dataDir;
    process.env.QUOTE_SIGNER_KEY = key;
    const { quoteSignerAccount } = await freshQuoteSigner();
    expect(quoteSignerAccount().address).toBe(privateKeyToAccount(key).address);
    expect(() => statSync(path.join(dataDir, QUOTE_SIGNER_KEY_FILE))).toThrow();
  });
});
