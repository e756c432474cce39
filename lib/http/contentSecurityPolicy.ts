// The Content-Security-Policy of the app's pages: scripts only with the request's nonce (and what they load),
// connections only to this origin and the configured chains' RPCs (wagmi reads them from the browser), no framing.

export type CspOptions = {
  nonce: string;
  /** Origins the browser may connect to besides this one: the chains' RPC endpoints. */
  connectOrigins: string[];
  /** `next dev` evaluates code and reloads over a WebSocket. */
  dev?: boolean;
};

export function contentSecurityPolicy({ nonce, connectOrigins, dev = false }: CspOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    // React style attributes, the chart's canvas sizing and the API reference's injected styles cannot carry a nonce.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Wallet icons (EIP-6963) are data: URIs; the chart draws into blob-backed canvases.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectOrigins, ...(dev ? ['ws:'] : [])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // A page with a connected wallet must not be framable by another site (clickjacking).
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** /v1 and /api answers are data, never documents: nothing may load from them or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
