// The dev wallet's account choice: which anvil account each is on the devnet, and the one it starts with.
import { ACCOUNT_ROLES, DEV_ACCOUNT_COUNT } from '@/lib/devnet/devnetMarkets';

export type DevAccountChoice = { index: number; label: string; busy: boolean };

/** A trader account: the deployer's nonces, LP tokens and router ownership are not for trying swaps with. */
export const DEFAULT_DEV_ACCOUNT: number = ACCOUNT_ROLES.traders[0];

const KNOWN = new Set(['deployer', 'traders', 'feeRecipient']);

/** Accounts a background loop sends from (the activity loop, and any loop the devnet adds): their nonces move every few seconds. */
function busyAccounts(): Set<number> {
  const busy = new Set<number>();
  for (const [role, value] of Object.entries(ACCOUNT_ROLES)) {
    if (KNOWN.has(role)) continue;
    for (const i of Array.isArray(value) ? value : [value]) if (typeof i === 'number') busy.add(i);
  }
  return busy;
}

/** Every dev account with what it is for; the option text of a plain trader stays "Account N". */
export function devAccountChoices(): DevAccountChoice[] {
  const busy = busyAccounts();
  return Array.from({ length: DEV_ACCOUNT_COUNT }, (_, index) => {
    if (busy.has(index)) return { index, label: `Account ${index} — busy (market activity)`, busy: true };
    if (index === ACCOUNT_ROLES.deployer) return { index, label: `Account ${index} — deployer, liquidity`, busy: false };
    if (index === ACCOUNT_ROLES.feeRecipient) return { index, label: `Account ${index} — fee recipient`, busy: false };
    return { index, label: `Account ${index}`, busy: false };
  });
}
