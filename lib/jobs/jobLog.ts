// Lease events in the structured log.
import 'server-only';
import { log } from '@/lib/log';
import type { LeaseLog } from './runUnderLease';

export const leaseLog: LeaseLog = (level, message, fields) => log[level](fields ?? {}, message);
