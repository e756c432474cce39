import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { StreamSlots } from './streamSlots';

describe('StreamSlots', () => {
  it('caps streams per IP and per instance, and frees a slot once per release', () => {
    const slots = new StreamSlots(() => ({ perIp: 2, perInstance: 3 }));
    const a1 = slots.acquire('a');
    slots.acquire('a');
    let refused: unknown;
    try {
      slots.acquire('a');
    } catch (error: unknown) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ type: 'RATE_LIMITED', headers: { 'retry-after': '5' } });
    slots.acquire('b'); // another client is unaffected…
    expect(() => slots.acquire('c')).toThrow(/3 concurrent streams on this instance/); // …until the instance is full
    a1();
    a1();
    expect(slots.open).toBe(2);
    slots.acquire('a');
    expect(() => slots.acquire('a')).toThrow(/2 concurrent streams per client/);
  });
});
