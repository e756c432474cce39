import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EnvError, missingClusterSettings, parseEnv } from './env';

const example = readFileSync(path.resolve(import.meta.dirname, '../.env.example'), 'utf8');
const exampleVars = Object.fromEntries(
  example.split('\n').filter((l) => /^[A-Z_]+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

describe('configuration', () => {
  it('.env.example lists exactly the variables lib/env.ts reads, each with valid sample values', () => {
    const env = parseEnv(exampleVars);
    expect(Object.keys(exampleVars).sort()).toEqual(Object.keys(env).sort());
  });

  it('reads TRUST_PROXY as a count of trusted proxies', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(EnvError);
  });

  it('reads DEVNET_PORTS as two different ports', () => {
    expect(parseEnv({}).DEVNET_PORTS).toEqual([8545, 8546]);
    expect(parseEnv({ DEVNET_PORTS: '9545, 9546' }).DEVNET_PORTS).toEqual([9545, 9546]);
    for (const bad of ['9545', '9545,9545', '9545,x', '1,2,3', '0,70000']) expect(() => parseEnv({ DEVNET_PORTS: bad })).toThrow(/DEVNET_PORTS/);
  });

  it('keeps the relayer\'s exclusivity shorter than the fill window, so other fillers have part of it', () => {
    expect(parseEnv({ CROSSCHAIN_FILL_WINDOW_SEC: '300', CROSSCHAIN_EXCLUSIVITY_SEC: '299' }).CROSSCHAIN_EXCLUSIVITY_SEC).toBe(299);
    expect(() => parseEnv({ CROSSCHAIN_FILL_WINDOW_SEC: '300', CROSSCHAIN_EXCLUSIVITY_SEC: '300' })).toThrow(/CROSSCHAIN_EXCLUSIVITY_SEC: must be less than CROSSCHAIN_FILL_WINDOW_SEC \(300\)/);
    // Unset, it fits itself to a short window.
    expect(parseEnv({ CROSSCHAIN_FILL_WINDOW_SEC: '30' }).CROSSCHAIN_EXCLUSIVITY_SEC).toBe(6);
    expect(parseEnv({}).CROSSCHAIN_EXCLUSIVITY_SEC).toBe(60);
  });

  it('names every bad value in one error', () => {
    expect(() => parseEnv({ RATE_LIMIT_QUOTE_PER_MIN: '0', RPC_TIMEOUT_MS: 'soon' })).toThrow(/RATE_LIMIT_QUOTE_PER_MIN[\s\S]*RPC_TIMEOUT_MS/);
  });

  it('cluster mode refuses with one line per value that must be shared', () => {
    const shared = { DATABASE_URL: 'postgres://db/swapdesk', REDIS_URL: 'redis://r:6379', JWT_PRIVATE_KEY: '{}', NEXTAUTH_SECRET: 's', NEXTAUTH_URL: 'https://swap.example', QUOTE_SIGNER_KEY: `0x${'11'.repeat(32)}` };
    expect(parseEnv({ ...shared, SWAPDESK_CLUSTER: 'true' }).SWAPDESK_CLUSTER).toBe(true);
    let problems: string[] = [];
    try {
      parseEnv({ SWAPDESK_CLUSTER: '1', DATABASE_URL: shared.DATABASE_URL, NEXTAUTH_URL: shared.NEXTAUTH_URL });
    } catch (error: unknown) {
      if (error instanceof EnvError) problems = error.problems;
    }
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['REDIS_URL', 'JWT_PRIVATE_KEY', 'NEXTAUTH_SECRET', 'QUOTE_SIGNER_KEY']);
    expect(problems[1]).toMatch(/^JWT_PRIVATE_KEY is not set: cluster mode needs the ES256 key/);
    expect(missingClusterSettings(shared, ['app', 'relayer', 'attester'])).toEqual([
      expect.stringMatching(/^RELAYER_KEY is not set/), expect.stringMatching(/^ATTESTER_KEY is not set/),
    ]);
    expect(parseEnv({}).SWAPDESK_CLUSTER).toBe(false);
  });
});
