// GET /v1/health: 200 when every chain answers and the indexer is caught up, else 503 with the reason.
import { healthEndpoint } from '@/lib/api/endpoints/healthEndpoint';
import { ApiError } from '@/lib/api/errors';
import { sharedHealthReport, unhealthyReason } from '@/lib/api/healthReport';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { loadChains } from '@/lib/chains/loadChains';

export const dynamic = 'force-dynamic';

export const GET = route(healthEndpoint, async () => {
  const report = await sharedHealthReport(loadChains());
  if (report.status !== 'ok') throw new ApiError('CHAIN_UNAVAILABLE', unhealthyReason(report), { chains: report.chains, services: report.services });
  return report;
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
