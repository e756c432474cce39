// /markets/<chainId>?base=…&quote=…: resolves a pool by its two tokens (either orientation) to its pair page.
import { notFound, redirect } from 'next/navigation';
import { DomainError } from '@/lib/domain/DomainError';
import { isAcceptableAddress } from '@/lib/api/schemas/primitives';
import { findChain } from '@/lib/chains/loadChains';
import { marketPair } from '@/lib/market/marketAnswers';

type Search = { base?: string | string[]; quote?: string | string[] };

export default async function PairByTokensPage({ params, searchParams }: { params: Promise<{ chainId: string }>; searchParams: Promise<Search> }) {
  const { chainId: rawChain } = await params;
  const { base, quote } = await searchParams;
  const chainId = /^[1-9][0-9]{0,15}$/.test(rawChain) ? Number(rawChain) : null;
  if (chainId === null || !findChain(chainId)) notFound();
  if (typeof base !== 'string' || typeof quote !== 'string') redirect('/markets');
  if (!isAcceptableAddress(base) || !isAcceptableAddress(quote)) notFound();
  const overview = await marketPair({ chainId, base, quote, interval: '1h' }).catch((e: unknown) => {
    if (e instanceof DomainError && (e.type === 'NOT_FOUND' || e.type === 'INVALID_ARGUMENT')) notFound();
    throw e;
  });
  redirect(`/markets/${chainId}/${overview.pair_id}`);
}
