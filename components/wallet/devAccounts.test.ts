import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROLES } from '@/lib/devnet/devnetMarkets';
import { DEFAULT_DEV_ACCOUNT, devAccountChoices } from './devAccounts';

describe('devAccountChoices', () => {
  it('starts on a trader account, not the deployer and liquidity provider', () => {
    expect(DEFAULT_DEV_ACCOUNT).not.toBe(ACCOUNT_ROLES.deployer);
    expect(ACCOUNT_ROLES.traders).toContain(DEFAULT_DEV_ACCOUNT);
  });

  it('marks the activity loop account busy and names the deployer', () => {
    const choices = devAccountChoices();
    expect(choices).toHaveLength(10);
    expect(choices[ACCOUNT_ROLES.activity]).toEqual({ index: ACCOUNT_ROLES.activity, label: `Account ${ACCOUNT_ROLES.activity} — busy (market activity)`, busy: true });
    expect(choices[ACCOUNT_ROLES.deployer]?.label).toBe('Account 0 — deployer, liquidity');
    expect(choices.filter((c) => c.busy).map((c) => c.index)).not.toContain(DEFAULT_DEV_ACCOUNT);
    expect(choices[DEFAULT_DEV_ACCOUNT]?.label).toBe(`Account ${DEFAULT_DEV_ACCOUNT}`);
  });
});
