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
  /** RPC ports of the two devnet chains that `npm start` runs, "A,B". */
  DEVNET_PORTS: z.string().default('8545,8546').transform((v, ctx) => {
    const ports = v.split(',').map((p) => Number(p.trim()));
    if (ports.length !== 2 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535) || ports[0] === ports[1]) {
      ctx.addIssue({ code: 'custom', message: `DEVNET_PORTS must be two different ports such as "8545,8546", got "${v}"` });
      return z.NEVER;
    }
    return ports as [number, number];
  }),
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
  /** Origins whose browser pages may call /v1 (comma-separated, exact `scheme://host[:port]`); `*` (default) is any. */
  CORS_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx): string[] | '*' => {
      const t = v?.trim() ?? '';
      if (t === '' || t === '*') return '*';
      const origins = t.split(',').map((o) => o.trim()).filter((o) => o.length > 0);
      const bad = origins.filter((o) => !/^https?:\/\/[^/\s]+$/.test(o));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `CORS_ALLOWED_ORIGINS must list origins such as https://app.example.com, separated by commas, or be *; not ${bad.join(', ')}` });
        return z.NEVER;
      }
      return origins;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FEE_BPS: intInRange('FEE_BPS', 0, 100, 20),
  QUOTE_SIGNER_KEY: optionalString.refine((v) => v === undefined || /^0x[0-9a-fA-F]{64}$/.test(v), {
    message: 'QUOTE_SIGNER_KEY must be a 0x-prefixed 32-byte hex private key',
  }),
  ATTESTER_KEY: optionalString.refine((v) => v === undefined || /^0x[0-9a-fA-F]{64}$/.test(v), {
    message: 'ATTESTER_KEY must be a 0x-prefixed 32-byte hex private key',
  }),
  RELAYER_KEY: optionalString.refine((v) => v === undefined || /^0x[0-9a-fA-F]{64}$/.test(v), {
    message: 'RELAYER_KEY must be a 0x-prefixed 32-byte hex private key',
  }),
  SUBMITTER_KEY: optionalString.refine((v) => v === undefined || /^0x[0-9a-fA-F]{64}$/.test(v), {
    message: 'SUBMITTER_KEY must be a 0x-prefixed 32-byte hex private key',
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
  /**
   * Several instances share this deployment (cluster mode; `npm start -- --cluster N` sets it): every value that
   * must be the same on each instance has to come from configuration, and start-up refuses without it.
   */
  SWAPDESK_CLUSTER: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = v?.trim().toLowerCase() ?? '';
      if (t === '' || t === '0' || t === 'false') return false;
      if (t === '1' || t === 'true') return true;
      ctx.addIssue({ code: 'custom', message: `SWAPDESK_CLUSTER must be true or false, got "${v}"` });
      return z.NEVER;
    }),
  /** Concurrent candle streams (/v1/market/stream) one client IP may hold on one instance. */
  STREAM_MAX_PER_IP: intInRange('STREAM_MAX_PER_IP', 1, 100_000, 20),
  /** Concurrent candle streams one instance serves in all. */
  STREAM_MAX_PER_INSTANCE: intInRange('STREAM_MAX_PER_INSTANCE', 1, 1_000_000, 2_000),
  /** A quote stream ends after this long; the client opens a new one if the trader is still looking. */
  QUOTE_STREAM_MAX_SEC: intInRange('QUOTE_STREAM_MAX_SEC', 1, 86_400, 300),
  /** Concurrent quote streams one token `sub` may hold on one instance (429 beyond). */
  QUOTE_STREAM_MAX_PER_TOKEN: intInRange('QUOTE_STREAM_MAX_PER_TOKEN', 1, 100_000, 4),
  /**
   * A background job's lease (indexer, quote follower, relayer): a copy that stops renewing it for this long is
   * replaced by a standby. The holder renews every fifth of it; standbys try every 2 s.
   */
  JOB_LEASE_TTL_MS: intInRange('JOB_LEASE_TTL_MS', 1_000, 120_000, 15_000),
  HEALTH_MAX_INDEXER_LAG_BLOCKS: intInRange('HEALTH_MAX_INDEXER_LAG_BLOCKS', 0, 1_000_000, 20),
  /** Cross-chain: the relayer's share of the escrowed bridge amount, in bps (rounded up). */
  RELAYER_FEE_BPS: intInRange('RELAYER_FEE_BPS', 0, 1000, 10),
  /** Cross-chain: a flat part of the relayer's fee for its destination gas, in US cents of the bridge asset. */
  RELAYER_GAS_FEE_USD_CENTS: intInRange('RELAYER_GAS_FEE_USD_CENTS', 0, 100_000, 50),
  /**
   * Cross-chain: seconds the relayer has to fill after the latest moment the deposit may be made (the quote's deadline).
   * At most 2 h: with a quote's hour of life it stays inside the router's MAX_FILL_WINDOW_SEC (4 h on the devnet).
   */
  CROSSCHAIN_FILL_WINDOW_SEC: intInRange('CROSSCHAIN_FILL_WINDOW_SEC', 5, 7_200, 300),
  /**
   * Cross-chain: seconds from the quote during which only our relayer (the destination chain's `relayer` in the
   * registry) may fill the order; after them any filler may. 0 leaves orders open to every filler at once. Less
   * than CROSSCHAIN_FILL_WINDOW_SEC; unset, 60 or a fifth of the fill window, whichever is less.
   */
  CROSSCHAIN_EXCLUSIVITY_SEC: intInRange('CROSSCHAIN_EXCLUSIVITY_SEC', 0, 3_600, 60),
  /** Cross-chain: the most slippage a cross-chain firm quote accepts, in bps (above it: 400 naming slippage). */
  CROSSCHAIN_MAX_SLIPPAGE_BPS: intInRange('CROSSCHAIN_MAX_SLIPPAGE_BPS', 0, 10_000, 300),
  /** Cross-chain: the fill time quoted until fills have been measured. */
  CROSSCHAIN_FILL_TIME_DEFAULT_SEC: intInRange('CROSSCHAIN_FILL_TIME_DEFAULT_SEC', 1, 3600, 10),
  /** How often the relayer looks for new deposits and works through open orders. */
  RELAYER_POLL_MS: intInRange('RELAYER_POLL_MS', 20, 60_000, 250),
  /** Blocks an origin Open must have on top before the relayer fills it, at least (each chain's `confirmations` may ask more). */
  RELAYER_CONFIRMATIONS: intInRange('RELAYER_CONFIRMATIONS', 0, 1_000, 0),
  /** The attester's HTTP endpoint the relayer asks for attestations (default http://127.0.0.1:ATTESTER_PORT). */
  ATTESTER_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), { message: 'ATTESTER_URL must be an http(s) URL' }),
  /** Port the attester process listens on (loopback unless ATTESTER_HOST says otherwise). */
  ATTESTER_PORT: intInRange('ATTESTER_PORT', 1, 65535, 8549),
  ATTESTER_HOST: z.string().default('127.0.0.1'),
  /** Cross-chain: the most one fill may pay out, whole USD of the bridge asset; quotes with a larger payout answer 422. */
  RELAYER_MAX_ORDER_USD: intInRange('RELAYER_MAX_ORDER_USD', 1, 1_000_000_000, 100_000),
  /** Cross-chain: the most the relayer pays out per destination chain in any 60 s, whole USD (later fills wait). */
  RELAYER_MAX_USD_PER_MIN: intInRange('RELAYER_MAX_USD_PER_MIN', 1, 1_000_000_000, 250_000),
  /** Cross-chain: an escrow must exceed the payout by at least this share of it (bps), or the relayer does not fill. */
  RELAYER_MIN_FEE_BPS: intInRange('RELAYER_MIN_FEE_BPS', 0, 1000, 5),
  /** Cross-chain: when the destination swap falls short, the relayer adds up to its fee plus this share of the payout (bps). */
  RELAYER_TOP_UP_MARGIN_BPS: intInRange('RELAYER_TOP_UP_MARGIN_BPS', 0, 1000, 50),
  /** Cross-chain: backoff after a refused or reverted fill, doubling per attempt up to 60 s. */
  RELAYER_FILL_BACKOFF_MS: intInRange('RELAYER_FILL_BACKOFF_MS', 10, 60_000, 2_000),
  /** Cross-chain: mined fills of one order that may revert (each burns gas) before the relayer gives up on it. */
  RELAYER_MAX_FILL_REVERTS: intInRange('RELAYER_MAX_FILL_REVERTS', 1, 100, 3),
  /** How often the gasless submitter looks for posted orders and follows the ones it sent. */
  SUBMITTER_POLL_MS: intInRange('SUBMITTER_POLL_MS', 20, 60_000, 250),
  /** A gasless transaction not mined this long after it was sent is replaced at the same nonce with higher fees. */
  SUBMITTER_BUMP_AFTER_MS: intInRange('SUBMITTER_BUMP_AFTER_MS', 100, 3_600_000, 30_000),
  /** Replacements of one gasless transaction at most; past them it is left to be mined as it is. */
  SUBMITTER_MAX_BUMPS: intInRange('SUBMITTER_MAX_BUMPS', 0, 100, 5),
  /** No replacement of a gasless transaction offers a maxFeePerGas above this (gwei). */
  SUBMITTER_MAX_FEE_GWEI: intInRange('SUBMITTER_MAX_FEE_GWEI', 1, 1_000_000, 500),
  /** Gasless: the gas fee is the submitter's estimated gas × the current gas price × this margin, in percent. */
  GASLESS_GAS_MARGIN_PCT: intInRange('GASLESS_GAS_MARGIN_PCT', 100, 1_000, 150),
  /** Gasless: the least time a quote must have left for the submitter to take it (firm expiry, and again at POST /v1/orders). */
  GASLESS_MIN_WINDOW_SEC: intInRange('GASLESS_MIN_WINDOW_SEC', 1, 600, 10),
  /** /v1/health answers 503 when the relayer's deposit scan is more blocks than this behind the chain's deposit depth below its head. */
  HEALTH_MAX_RELAYER_LAG_BLOCKS: intInRange('HEALTH_MAX_RELAYER_LAG_BLOCKS', 0, 1_000_000, 20),
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

/**
 * What cluster mode needs from configuration, per process role, and why: a value a process would otherwise make up
 * for itself (a key generated into its own data folder, a store in its own file) differs from instance to instance.
 */
export const CLUSTER_SETTINGS = {
  app: {
    DATABASE_URL: 'the PostgreSQL every instance and job shares (SQLite is one machine\'s file)',
    REDIS_URL: 'the Redis that shares rate limits between instances',
    JWT_PRIVATE_KEY: 'the ES256 key every instance signs and verifies API tokens with',
    NEXTAUTH_SECRET: 'the secret every instance signs sign-in sessions with',
    NEXTAUTH_URL: 'the public URL of the load balancer (the sign-in domain)',
    QUOTE_SIGNER_KEY: 'the key every instance signs firm quotes with (the SwapRouter trusts one signer)',
  },
  relayer: {
    RELAYER_KEY: 'the relayer account that fills cross-chain orders (one inventory, whichever copy holds the lease)',
  },
  submitter: {
    SUBMITTER_KEY: 'the account that sends gasless orders and pays their gas (one nonce sequence, whichever copy holds the lease)',
  },
  attester: {
    ATTESTER_KEY: 'the attester key the settlers trust (its own process, never the relayer\'s)',
  },
} as const;

export type ClusterRole = keyof typeof CLUSTER_SETTINGS;

/** One line per value cluster mode needs for `roles` that `source` lacks. */
export function missingClusterSettings(source: Record<string, string | undefined>, roles: readonly ClusterRole[]): string[] {
  return roles.flatMap((role) => Object.entries(CLUSTER_SETTINGS[role])
    .filter(([name]) => !source[name]?.trim())
    .map(([name, why]) => `${name} is not set: cluster mode needs ${why}`));
}

/** Parses a raw environment; throws EnvError listing every bad value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)));
  }
  // Exclusivity that outlasted the fill window would leave no time to any other filler (browsers refuse such orders):
  // the default shrinks to a fifth of a short window; a value set explicitly must fit.
  const window = result.data.CROSSCHAIN_FILL_WINDOW_SEC;
  if (!source.CROSSCHAIN_EXCLUSIVITY_SEC?.trim()) {
    result.data.CROSSCHAIN_EXCLUSIVITY_SEC = Math.min(result.data.CROSSCHAIN_EXCLUSIVITY_SEC, Math.floor(window / 5));
  } else if (result.data.CROSSCHAIN_EXCLUSIVITY_SEC >= window) {
    throw new EnvError([`CROSSCHAIN_EXCLUSIVITY_SEC: must be less than CROSSCHAIN_FILL_WINDOW_SEC (${window}), so that other fillers have part of the window`]);
  }
  if (result.data.SWAPDESK_CLUSTER) {
    const missing = missingClusterSettings(source, ['app']);
    if (missing.length > 0) throw new EnvError(missing);
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
