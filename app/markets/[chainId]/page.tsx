// /markets/<chainId>?base=…&quote=…: resolves a pool by its two tokens to the pair page.
import { notFound, redirect } from 'next/navigation';
import { isAcceptableAddress } from '@/lib/api/schemas/primitives';
import { findChain } from '@/lib/chains/loadChains';
import { getPair, V1Error } from '@/lib/market/v1Get';
import { requestOrigin } from '@/components/pair/requestOrigin';

type Search = { base?: string | string[]; quote?: string | string[] };

export default async function PairByTokensPage({ params, searchParams }: { params: Promise<{ chainId: string }>; searchParams: Promise<Search> }) {
  const { chainId: rawChain } = await params;
  const { base, quote } = await searchParams;
  const chainId = /^[1-9][0-9]{0,15}$/.test(rawChain) ? Number(rawChain) : null;
  if (chainId === null || !findChain(chainId)) notFound();
  if (typeof base !== 'string' || typeof quote !== 'string') redirect('/markets');
  if (!isAcceptableAddress(base) || !isAcceptableAddress(quote)) notFound();
  const overview = await getPair(await requestOrigin(), { chainId, base, quote }).catch((e: unknown) => {
    if (e instanceof V1Error && (e.status === 404 || e.status === 400)) notFound();
    throw e;
  });
  redirect(`/markets/${chainId}/${overview.pair_id}`);
}
