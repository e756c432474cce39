'use client';
// The chains the server serves, available to every client component.
import { createContext, useContext } from 'react';
import type { PublicChain } from '@/lib/chains/publicChain';

export const ChainsContext = createContext<PublicChain[]>([]);

export function useChains(): PublicChain[] {
  return useContext(ChainsContext);
}
