// Structured JSON logs (pino); every request line carries its request id.
import 'server-only';
import pino from 'pino';
import { env } from '@/lib/env';

export const log = pino({ level: env().LOG_LEVEL, base: { service: 'swapdesk' } });
