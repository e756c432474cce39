/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  basePath: process.env.BASE_PATH || undefined,
  // A second build side by side (the browser test under a BASE_PATH) keeps the main build intact.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['better-sqlite3', 'pg', 'pino'],
  // Headers every answer carries; the per-request Content-Security-Policy (with its nonce) and CORS are in proxy.ts.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
        ],
      },
    ];
  },
  typescript: {
    // Type-checking runs through the native `tsc` CLI (`npm run typecheck`), which `npm test` includes.
    ignoreBuildErrors: true,
  },
};

export default nextConfig;
