// Lets /v1/health report the gasless submitter: its account and gas balance per chain, read from the store.
import 'server-only';
import { registerSubmitterStatus } from '@/lib/api/healthChecks';
import { gaslessDb } from './gaslessDb';
import { gaslessOrderStore } from './gaslessOrderStore';

export function registerSubmitterHealth(): void {
  registerSubmitterStatus(async (chainId) => gaslessOrderStore(await gaslessDb()).balance(chainId));
}
