// GET /v1/live: liveness for the load balancer; no I/O.
import { liveEndpoint, type LiveResponse } from '@/lib/api/endpoints/liveEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

export const GET = route(liveEndpoint, (): LiveResponse => ({ status: 'live', pid: process.pid, uptime_sec: Math.floor(process.uptime()) }));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
