import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTempDataDir } from '@/test/tempDataDir';

let data: ReturnType<typeof useTempDataDir> | undefined;
afterEach(() => data?.cleanup());

/** A fresh module, so its memoised secret starts empty. */
async function freshSettings() {
  vi.resetModules();
  return import('./nextAuthSettings');
}

describe('next-auth settings', () => {
  it('without NEXTAUTH_SECRET, generates one into the data folder (owner-only) and reuses it after a restart', async () => {
    data = useTempDataDir({ NEXTAUTH_SECRET: '' });
    const first = (await freshSettings()).nextAuthSecret();
    const file = path.join(data.dir, 'nextauth-secret');
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await freshSettings()).nextAuthSecret()).toBe(first);
  });

  it('NEXTAUTH_SECRET and NEXTAUTH_URL win when set; the SIWE domain is the configured host', async () => {
    data = useTempDataDir({ NEXTAUTH_SECRET: 'configured-secret', NEXTAUTH_URL: 'https://swap.example.com/app' });
    const settings = await freshSettings();
    expect(settings.nextAuthSecret()).toBe('configured-secret');
    expect(settings.siweDomain('evil.example')).toBe('swap.example.com');
  });

  it('on a devnet without NEXTAUTH_URL the SIWE domain is the host the browser used', async () => {
    data = useTempDataDir({ NEXTAUTH_URL: '', PORT: '3107' });
    const settings = await freshSettings();
    expect(settings.siweDomain('127.0.0.1:3107')).toBe('127.0.0.1:3107');
    expect(settings.nextAuthUrl()).toBe('http://localhost:3107');
  });
});
