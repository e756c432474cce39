import { describe, expect, it } from 'vitest';
import { errorLine } from './errorLine';

describe('errorLine', () => {
  it('keeps the first line of an error and the whole of anything else thrown', () => {
    expect(errorLine(new Error('execution reverted\nRequest Arguments: …'))).toBe('execution reverted');
    expect(errorLine('plain text')).toBe('plain text');
  });
});
