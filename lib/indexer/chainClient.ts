// A read-only viem client per configured chain, with the configured RPC timeout; retries are the caller's.
import 'server-only';
import { createPublicClient, http, type PublicClient } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { env } from '@/lib/env';

const clients = new Map<string, PublicClient>();

export function chainClient(chain: Pick<ChainConfig, 'id' | 'rpcUrl'>): PublicClient {
  const key = `${chain.id}|${chain.rpcUrl}`;
  let client = clients.get(key);
  if (!client) {
    client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: env().RPC_TIMEOUT_MS, retryCount: 0 }), pollingInterval: 250 }) as PublicClient;
    clients.set(key, client);
  }
  return client;
}
