// GET /v1/chains: the chain registry as API.md §6 shows it.
import { chainListing, chainsEndpoint } from '@/lib/api/endpoints/chainsEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { crossChainSettings } from '@/lib/chains/crossChainSettings';
import { loadChains } from '@/lib/chains/loadChains';

export const dynamic = 'force-dynamic';

export const GET = route(chainsEndpoint, () => {
  const settings = crossChainSettings();
  return loadChains().map((c) => chainListing(c, settings));
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
