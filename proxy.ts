// Per-request headers: a nonce-based Content-Security-Policy for pages (Next applies the nonce to its own scripts
// from the request's policy header), and CORS for /v1. Static headers for every path are in next.config.mjs.
import { NextResponse, type NextRequest } from 'next/server';
import { loadChains } from '@/lib/chains/loadChains';
import { env } from '@/lib/env';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '@/lib/http/contentSecurityPolicy';
import { corsHeaders, preflightHeaders } from '@/lib/http/cors';

function rpcOrigins(): string[] {
  try {
    return [...new Set(loadChains().map((c) => new URL(c.rpcUrl).origin))];
  } catch {
    // No registry yet (the devnet writes it on first start): pages then read no chain from the browser.
    return [];
  }
}

function withHeaders(res: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
}

export function proxy(request: NextRequest): NextResponse {
  const e = env();
  const base = e.BASE_PATH ?? '';
  const full = request.nextUrl.pathname;
  const path = base && full.startsWith(base) ? full.slice(base.length) : full;
  if (path.startsWith('/v1/') || path === '/v1') {
    const origin = request.headers.get('origin');
    if (request.method === 'OPTIONS') {
      return withHeaders(new NextResponse(null, { status: 204 }), { ...preflightHeaders(origin, e.CORS_ALLOWED_ORIGINS), 'content-security-policy': API_CONTENT_SECURITY_POLICY });
    }
    return withHeaders(NextResponse.next(), { ...corsHeaders(origin, e.CORS_ALLOWED_ORIGINS), 'content-security-policy': API_CONTENT_SECURITY_POLICY });
  }
  if (path.startsWith('/api/')) return withHeaders(NextResponse.next(), { 'content-security-policy': API_CONTENT_SECURITY_POLICY });
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = contentSecurityPolicy({ nonce, connectOrigins: rpcOrigins(), dev: e.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', policy);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), { 'content-security-policy': policy });
}

export const config = {
  // Static build output and the favicon carry the static headers only.
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico|icon.svg).*)' }],
};
