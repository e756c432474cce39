// Tokens the trader imported by address (unverified), kept in this browser's localStorage across visits.
import { getAddress, isAddress, type Address } from 'viem';
import type { SwapToken } from './swapTokens';

export const IMPORTED_TOKENS_KEY = 'swapdesk.importedTokens';
const MAX_IMPORTED = 200;

function isSwapToken(v: unknown): v is SwapToken {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  return typeof t.chainId === 'number' && typeof t.address === 'string' && isAddress(t.address) && typeof t.symbol === 'string'
    && typeof t.name === 'string' && typeof t.decimals === 'number' && Number.isInteger(t.decimals) && t.decimals >= 0 && t.decimals <= 255;
}

/** The imported tokens of `chainId`; a damaged or foreign entry is skipped, never trusted. */
export function loadImportedTokens(storage: Pick<Storage, 'getItem'>, chainId: number): SwapToken[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(IMPORTED_TOKENS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isSwapToken).filter((t) => t.chainId === chainId)
      .map((t) => ({ chainId: t.chainId, address: getAddress(t.address) as Address, symbol: t.symbol, name: t.name, decimals: t.decimals, verified: false }));
  } catch {
    return [];
  }
}

/** Adds (or refreshes) one imported token; the newest first, at most MAX_IMPORTED kept. */
export function saveImportedToken(storage: Pick<Storage, 'getItem' | 'setItem'>, token: SwapToken): void {
  let all: SwapToken[] = [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(IMPORTED_TOKENS_KEY) ?? '[]');
    if (Array.isArray(parsed)) all = parsed.filter(isSwapToken);
  } catch {
    all = [];
  }
  const key = (t: SwapToken) => `${t.chainId}:${t.address.toLowerCase()}`;
  const entry = { chainId: token.chainId, address: token.address, symbol: token.symbol, name: token.name, decimals: token.decimals };
  storage.setItem(IMPORTED_TOKENS_KEY, JSON.stringify([entry, ...all.filter((t) => key(t) !== key(token))].slice(0, MAX_IMPORTED)));
}
