// The only reader of process.env: validates configuration once, with one clear message per bad value.
import 'server-only';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const intInRange = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      if (!/^[0-9]+$/.test(v.trim())) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an integer from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      const n = Number(v.trim());
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be from ${min} to ${max}, got ${n}` });
        return z.NEVER;
      }
      return n;
    });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: intInRange('PORT', 1, 65535, 3000),
  BASE_PATH: optionalString,
  SWAPDESK_DATA_DIR: optionalString,
  CHAINS_CONFIG: optionalString,
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
  }),
  /** PostgreSQL the store tests and benchmarks run against (each run in its own throwaway schema). */
  TEST_DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/test'),
  /** How often the indexer asks each chain for new blocks. */
  INDEXER_POLL_MS: intInRange('INDEXER_POLL_MS', 50, 60_000, 1000),
  /** Blocks per eth_getLogs request during backfill (split further when the RPC refuses). */
  INDEXER_RANGE_BLOCKS: intInRange('INDEXER_RANGE_BLOCKS', 1, 100_000, 2000),
  /** Origin of a running server for HTTP benchmarks (e.g. http://localhost:3000); unset skips them. */
  BASE_URL: optionalString,
  REDIS_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FEE_BPS: intInRange('FEE_BPS', 0, 100, 20),
  QUOTE_SIGNER_KEY: optionalString.refine((v) => v === undefined || /^0x[0-9a-fA-F]{64}$/.test(v), {
    message: 'QUOTE_SIGNER_KEY must be a 0x-prefixed 32-byte hex private key',
  }),
  JWT_PRIVATE_KEY: optionalString,
  JWT_ISSUER: z.string().default('swapdesk'),
  NEXTAUTH_URL: optionalString,
  NEXTAUTH_SECRET: optionalString,
  RATE_LIMIT_QUOTE_PER_MIN: intInRange('RATE_LIMIT_QUOTE_PER_MIN', 1, 1_000_000, 600),
  RATE_LIMIT_PUBLIC_PER_MIN: intInRange('RATE_LIMIT_PUBLIC_PER_MIN', 1, 1_000_000, 1200),
  RATE_LIMIT_GUEST_PER_MIN: intInRange('RATE_LIMIT_GUEST_PER_MIN', 1, 1_000_000, 10),
  RPC_TIMEOUT_MS: intInRange('RPC_TIMEOUT_MS', 100, 60_000, 2500),
  /** How often the quote engine polls each chain for new blocks. */
  QUOTE_POLL_MS: intInRange('QUOTE_POLL_MS', 50, 60_000, 500),
  /** Without a successful poll for this long, quotes answer 503 CHAIN_UNAVAILABLE instead of using old reserves. */
  QUOTE_STALE_MS: intInRange('QUOTE_STALE_MS', 200, 600_000, 6000),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = v?.trim().toLowerCase() ?? '';
      if (t === '' || t === 'false') return 0;
      if (t === 'true') return 1;
      if (/^[0-9]$/.test(t)) return Number(t);
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY must be true, false or the number of proxies in front (0-9), got "${v}"` });
      return z.NEVER;
    }),
  HEALTH_MAX_INDEXER_LAG_BLOCKS: intInRange('HEALTH_MAX_INDEXER_LAG_BLOCKS', 0, 1_000_000, 20),
});

type RawEnv = z.infer<typeof EnvSchema>;
export type Env = Omit<RawEnv, 'SWAPDESK_DATA_DIR' | 'CHAINS_CONFIG'> & {
  /** Absolute path of the data folder (chain state, store, dev keys). */
  SWAPDESK_DATA_DIR: string;
  /** Absolute path of the chain registry file. */
  CHAINS_CONFIG: string;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses a raw environment; throws EnvError listing every bad value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)));
  }
  const dataDir = path.resolve(/*turbopackIgnore: true*/ result.data.SWAPDESK_DATA_DIR ?? 'data');
  return {
    ...result.data,
    SWAPDESK_DATA_DIR: dataDir,
    CHAINS_CONFIG: path.resolve(/*turbopackIgnore: true*/ result.data.CHAINS_CONFIG ?? path.join(dataDir, 'chains.json')),
  };
}

let cached: Env | undefined;

/** The validated configuration of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forgets the memoised configuration so tests can change process.env between cases. */
export function resetEnv(): void {
  cached = undefined;
}

/** The environment for a child process (the web app, the indexer): this one's, with `overrides` on top. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
