import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '@/lib/domain/DomainError';
import { resetEnv } from '@/lib/env';
import { assertFillable, assertRelayerSeen, RELAYER_RETRY_AFTER_SEC, RELAYER_SILENT_MS } from './fillTimes';

describe('assertFillable', () => {
  afterEach(() => {
    delete process.env.CROSSCHAIN_FILL_WINDOW_SEC;
    resetEnv();
  });

  it('refuses with 422 INSUFFICIENT_LIQUIDITY when fills take longer than the fill window, up to it is fine', () => {
    process.env.CROSSCHAIN_FILL_WINDOW_SEC = '30';
    resetEnv();
    expect(() => assertFillable(30)).not.toThrow();
    let error: unknown;
    try {
      assertFillable(31);
    } catch (e: unknown) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ type: 'INSUFFICIENT_LIQUIDITY', details: { field: 'dst_chain_id', estimated_fill_time_sec: 31, retryable: true } });
  });
});

describe('assertRelayerSeen', () => {
  it('quotes while the relayer wrote progress recently; refuses when it never ran or went silent', () => {
    const now = 1_000_000;
    expect(() => assertRelayerSeen(now - RELAYER_SILENT_MS, now)).not.toThrow();
    for (const seen of [null, now - RELAYER_SILENT_MS - 1]) {
      expect(() => assertRelayerSeen(seen, now)).toThrow(
        expect.objectContaining({ type: 'INSUFFICIENT_LIQUIDITY', details: { field: 'dst_chain_id', retryable: true, retry_after_sec: RELAYER_RETRY_AFTER_SEC } }),
      );
    }
  });
});
