import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './contentSecurityPolicy';

describe('contentSecurityPolicy', () => {
  it('allows scripts only by nonce, connections to this origin and the chain RPCs, and no framing', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc', connectOrigins: ['http://127.0.0.1:8545'] });
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:8545");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('lets next dev evaluate code and reload over a WebSocket', () => {
    expect(contentSecurityPolicy({ nonce: 'n', connectOrigins: [], dev: true })).toMatch(/'unsafe-eval'.*connect-src 'self' ws:/);
  });
});
