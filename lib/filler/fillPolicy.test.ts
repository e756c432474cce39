import { describe, expect, it } from 'vitest';
import { DEFAULT_FILL_POLICY, nextNote } from './fillPolicy';

const policy = { ...DEFAULT_FILL_POLICY, backoffBaseMs: 1_000, backoffMaxMs: 8_000, maxFillReverts: 3 };
const transient = { name: 'InsufficientOutput', text: 'the pool moved', deterministic: false };

describe('fill backoff', () => {
  it('a transient refusal backs off exponentially up to the cap and is never given up on without reverts', () => {
    let note = undefined as ReturnType<typeof nextNote> | undefined;
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      note = nextNote(policy, '0xab', note, transient, false, 100_000);
      waits.push(note.nextAttemptAtMs - 100_000);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(note).toMatchObject({ attempts: 6, reverts: 0, gaveUp: false, reason: 'InsufficientOutput' });
  });

  it('mined fills that reverted for a transient reason are tried again with backoff, and given up on at the third', () => {
    const first = nextNote(policy, '0xab', undefined, transient, true, 0);
    const second = nextNote(policy, '0xab', first, transient, true, 0);
    expect([first.gaveUp, second.gaveUp, second.nextAttemptAtMs]).toEqual([false, false, 2_000]);
    const third = nextNote(policy, '0xab', second, transient, true, 0);
    expect(third).toMatchObject({ reverts: 3, gaveUp: true });
    expect(third.detail).toContain('3 fills reverted on-chain');
  });

  it('a deterministic reason is given up on at once', () => {
    expect(nextNote(policy, '0xab', undefined, { name: 'NativeTransferFailed', text: 'refuses', deterministic: true }, false, 0)).toMatchObject({ gaveUp: true, attempts: 1 });
  });

  it('a refusal that ends at a known time (an exclusivity window) is looked at again then, not on the backoff', () => {
    const later = nextNote(policy, '0xab', undefined, { ...transient, waitMs: 4_500 }, false, 100_000);
    expect(later).toMatchObject({ nextAttemptAtMs: 104_500, gaveUp: false, attempts: 1 });
  });
});
