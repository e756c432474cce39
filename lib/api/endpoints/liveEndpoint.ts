// GET /v1/live: the process is up and serving (no I/O), for a load balancer's health check.
import { z } from 'zod';
import { defineEndpoint } from '../openapi';

export const LiveResponse = z.object({
  status: z.literal('live'),
  pid: z.number().int().describe('Process id of the instance that answered (tells instances apart behind a balancer)'),
  uptime_sec: z.number().int(),
});

export type LiveResponse = z.infer<typeof LiveResponse>;

export const liveEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/live',
  summary: 'Liveness',
  description:
    'Always 200 while the process serves requests; touches no chain, store or Redis, and spends no rate limit. ' +
    'A load balancer checks this route: /v1/health is the readiness report, and its causes (a chain, the indexer) ' +
    'are shared by every instance, so it would take them all out of rotation at once.',
  tags: ['service'],
  response: LiveResponse,
  rateLimit: false,
  example: { response: { status: 'live', pid: 4242, uptime_sec: 3600 } },
});
