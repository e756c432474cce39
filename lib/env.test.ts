import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EnvError, parseEnv } from './env';

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

  it('names every bad value in one error', () => {
    expect(() => parseEnv({ RATE_LIMIT_QUOTE_PER_MIN: '0', RPC_TIMEOUT_MS: 'soon' })).toThrow(/RATE_LIMIT_QUOTE_PER_MIN[\s\S]*RPC_TIMEOUT_MS/);
  });
});
