import { describe, expect, it } from 'vitest';
import { activityKind } from './activityKind';

const NOW = 1_800_000_000;

describe('activityKind', () => {
  it('lists a quote as a trade once its transaction was sent, whatever became of it', () => {
    expect(activityKind({ status: 'filled', src_tx_hash: '0xaa', deadline: NOW - 100 }, NOW)).toBe('trade');
    expect(activityKind({ status: 'expired', src_tx_hash: '0xaa', deadline: NOW - 100 }, NOW)).toBe('trade');
    expect(activityKind({ status: 'deposited', src_tx_hash: null, deadline: NOW - 100 }, NOW)).toBe('trade');
    expect(activityKind({ status: 'refunded', src_tx_hash: null, deadline: NOW - 100 }, NOW)).toBe('trade');
  });

  it('a quote never sent is open until its deadline, then not used', () => {
    expect(activityKind({ status: 'issued', src_tx_hash: null, deadline: NOW + 10 }, NOW)).toBe('open-quote');
    expect(activityKind({ status: 'issued', src_tx_hash: null, deadline: NOW - 1 }, NOW)).toBe('unused-quote');
    expect(activityKind({ status: 'expired', src_tx_hash: null, deadline: NOW - 1 }, NOW)).toBe('unused-quote');
  });
});
