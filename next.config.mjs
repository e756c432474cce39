/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  basePath: process.env.BASE_PATH || undefined,
  serverExternalPackages: ['better-sqlite3', 'pg', 'pino'],
  typescript: {
    // Type-checking runs through the native `tsc` CLI (`npm run typecheck`), which `npm test` includes.
    ignoreBuildErrors: true,
  },
};

export default nextConfig;
