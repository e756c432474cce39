import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import { useTempDataDir } from '@/test/tempDataDir';
import { EnvError, parseEnv } from '@/lib/env';

/** Fresh copies of the modules, so their memoised accounts start empty. */
async function fresh() {
  vi.resetModules();
  const [attester, relayer] = await Promise.all([import('./attesterAccount'), import('./relayerAccount')]);
  return {
    attester: () => attester.attesterAccount(),
    relayer: () => relayer.relayerAccount(),
    files: { attester: attester.ATTESTER_KEY_FILE, relayer: relayer.RELAYER_KEY_FILE },
  };
}

describe('attester and relayer keys', () => {
  it('without ATTESTER_KEY / RELAYER_KEY use two distinct dev keys kept in the data folder, across restarts', async () => {
    const data = useTempDataDir({ ATTESTER_KEY: '', RELAYER_KEY: '' });
    try {
      const first = await fresh();
      const attester = first.attester();
      const relayer = first.relayer();
      expect(attester.address).not.toBe(relayer.address);
      for (const [account, file] of [[attester, first.files.attester], [relayer, first.files.relayer]] as const) {
        const stored = readFileSync(path.join(data.dir, file), 'utf8').trim() as Hex;
        expect(account.address).toBe(privateKeyToAccount(stored).address);
        expect(statSync(path.join(data.dir, file)).mode & 0o777).toBe(0o600);
      }
      const again = await fresh();
      expect([again.attester().address, again.relayer().address]).toEqual([attester.address, relayer.address]);
    } finally {
      data.cleanup();
    }
  });

  it('use the configured keys and write no key files', async () => {
    const keys = { ATTESTER_KEY: generatePrivateKey(), RELAYER_KEY: generatePrivateKey() };
    const data = useTempDataDir(keys);
    try {
      const m = await fresh();
      expect(m.attester().address).toBe(privateKeyToAccount(keys.ATTESTER_KEY).address);
      expect(m.relayer().address).toBe(privateKeyToAccount(keys.RELAYER_KEY).address);
      expect(() => statSync(path.join(data.dir, m.files.attester))).toThrow();
      expect(() => statSync(path.join(data.dir, m.files.relayer))).toThrow();
    } finally {
      data.cleanup();
    }
  });

  it('refuse a configured key that is not a private key, naming the variable', () => {
    expect(() => parseEnv({ ATTESTER_KEY: '0x1234' })).toThrow(EnvError);
    expect(() => parseEnv({ RELAYER_KEY: 'secret' })).toThrow(/RELAYER_KEY/);
  });
});
