// The origin this request was served on, for server components that read the app's own /v1 API.
import 'server-only';
import { headers } from 'next/headers';
import { env } from '@/lib/env';

export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? `127.0.0.1:${env().PORT}`;
  const proto = h.get('x-forwarded-proto') ?? 'http';
  return `${proto}://${host}${env().BASE_PATH ?? ''}`;
}
