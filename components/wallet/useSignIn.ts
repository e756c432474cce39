'use client';
// Sign-In with Ethereum for the connected wallet, then the wallet API token; a declined signature is not an error.
import { useMutation } from '@tanstack/react-query';
import { useConnection, useSignMessage } from 'wagmi';
import { isUserRejection } from '@/components/swap/routerErrors';
import { useApiBase } from './ApiBaseContext';
import { signInWithEthereum, signOut } from './authApi';
import { useApiToken } from './useApiToken';

export function useSignIn() {
  const { address, chainId } = useConnection();
  const sign = useSignMessage();
  const { reload } = useApiToken();
  const apiBase = useApiBase();
  const signIn = useMutation({
    mutationFn: async () => {
      if (!address || chainId === undefined) throw new Error('Connect a wallet first.');
      try {
        await signInWithEthereum({ apiBase, address, chainId, signMessage: (message) => sign.mutateAsync({ message, account: address }) });
      } catch (error: unknown) {
        if (isUserRejection(error)) return false;
        throw error;
      }
      await reload();
      return true;
    },
  });
  const out = useMutation({
    mutationFn: async () => {
      await signOut(apiBase);
      await reload();
    },
  });
  return { signIn, signOut: out };
}
