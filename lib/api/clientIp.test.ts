import { afterEach, describe, expect, it } from 'vitest';
import { useTempDataDir } from '@/test/tempDataDir';
import { clientIp } from './clientIp';

const req = (headers: Record<string, string>) => new Request('http://test/', { headers });

describe('clientIp', () => {
  let tmp: ReturnType<typeof useTempDataDir> | undefined;
  afterEach(() => tmp?.cleanup());

  it('without a trusted proxy uses the address Next put in x-forwarded-for, else x-real-ip', () => {
    tmp = useTempDataDir({ TRUST_PROXY: 'false' });
    expect(clientIp(req({ 'x-forwarded-for': '192.0.2.1' }))).toBe('192.0.2.1');
    expect(clientIp(req({ 'x-real-ip': '192.0.2.2' }))).toBe('192.0.2.2');
    expect(clientIp(req({}))).toBe('unknown');
  });

  it('behind N trusted proxies takes the N-th hop from the right, ignoring what the client prepended', () => {
    tmp = useTempDataDir({ TRUST_PROXY: '2' });
    expect(clientIp(req({ 'x-forwarded-for': '6.6.6.6, 192.0.2.9, 10.0.0.1' }))).toBe('192.0.2.9');
    expect(clientIp(req({ 'x-forwarded-for': '192.0.2.9' }))).toBe('192.0.2.9');
  });
});
