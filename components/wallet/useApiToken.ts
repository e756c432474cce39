'use client';
// The bearer token for /v1 calls: a guest token for everyone, a wallet token once the connected wallet signed in; both refresh before expiry.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isAddressEqual, type Address } from 'viem';
import { useConnection } from 'wagmi';
import { useApiBase } from './ApiBaseContext';
import { fetchGuestToken, fetchWalletToken, forgetGuestToken, TokenRefusedError, type ApiToken } from './authApi';

/** Refresh this long before a token expires, so a request never leaves with an expired one. */
const REFRESH_MARGIN_S = 60;
const MIN_REFRESH_MS = 5_000;

const refreshMs = (token: ApiToken | null | undefined) => (token ? Math.max(MIN_REFRESH_MS, (token.expires_in - REFRESH_MARGIN_S) * 1_000) : false);

export const guestTokenOptions = (apiBase: string) =>
  queryOptions({
    queryKey: ['apiToken', 'guest'] as const,
    queryFn: () => fetchGuestToken(apiBase),
    staleTime: (q) => refreshMs(q.state.data) || 0,
    refetchInterval: (q) => refreshMs(q.state.data),
    refetchIntervalInBackground: true,
    retry: true,
    retryDelay: (failures, error) => (error instanceof TokenRefusedError && error.retryAfterSec ? error.retryAfterSec * 1_000 : Math.min(30_000, 1_000 * 2 ** failures)),
  });

export const walletTokenOptions = (apiBase: string) =>
  queryOptions({
    queryKey: ['apiToken', 'wallet'] as const,
    queryFn: () => fetchWalletToken(apiBase),
    staleTime: (q) => refreshMs(q.state.data) || 0,
    refetchInterval: (q) => refreshMs(q.state.data),
    refetchIntervalInBackground: true,
    // No session is the common case; sign-in and sign-out ask again explicitly.
    refetchOnWindowFocus: false,
  });

export type ApiTokens = {
  /** For indicative quotes: the wallet token when signed in, else the guest token. */
  quoteToken: string | undefined;
  /** For firm quotes: only when the connected wallet is the signed-in one. */
  walletToken: string | undefined;
  signedInAddress: Address | undefined;
  checkingSession: boolean;
  /** Ask the tokens again (after sign-in/out); `discard` also drops the stored guest token (after a 401). */
  reload: (discard?: boolean) => Promise<void>;
  /** Why there is no token to quote with, in words (the guest token was refused). */
  problem: string | undefined;
};

export function useApiToken(): ApiTokens {
  const { address } = useConnection();
  const client = useQueryClient();
  const apiBase = useApiBase();
  const guest = useQuery(guestTokenOptions(apiBase));
  const wallet = useQuery(walletTokenOptions(apiBase));
  const session = wallet.data ?? undefined;
  const matches = session?.address !== undefined && address !== undefined && isAddressEqual(session.address, address);
  const reload = useCallback(async (discard = false) => {
    if (discard) forgetGuestToken();
    await client.invalidateQueries({ queryKey: ['apiToken'] });
  }, [client]);
  const refused = guest.failureReason ?? guest.error;
  return {
    quoteToken: matches ? session.access_token : guest.data?.access_token,
    walletToken: matches ? session.access_token : undefined,
    signedInAddress: matches ? session.address : undefined,
    checkingSession: wallet.isPending,
    reload,
    problem: !guest.data && refused instanceof Error ? refused.message : undefined,
  };
}
