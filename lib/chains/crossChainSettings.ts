// The service's cross-chain settings as clients see them beside each chain (GET /v1/chains, the web app's registry).
import 'server-only';
import { env } from '@/lib/env';
import type { CrossChainSettings } from './publicChain';

export function crossChainSettings(): CrossChainSettings {
  const config = env();
  return { fillWindowSec: config.CROSSCHAIN_FILL_WINDOW_SEC, maxSlippageBps: config.CROSSCHAIN_MAX_SLIPPAGE_BPS };
}
