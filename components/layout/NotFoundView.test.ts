import { describe, expect, it } from 'vitest';
import { describeMissing } from './NotFoundView';

describe('describeMissing', () => {
  it('names the pair, the chain or the page that was not found', () => {
    expect(describeMissing('/markets/31338/1')).toEqual({ title: 'Pair not found', detail: 'There is no indexed pair 1 on chain 31338.' });
    expect(describeMissing('/markets/5')).toEqual({ title: 'Chain not found', detail: 'Chain 5 is not one Swapdesk serves.' });
    expect(describeMissing('/nope')).toEqual({ title: 'Page not found', detail: 'Nothing lives at /nope.' });
  });
});
