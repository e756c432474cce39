import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { GET as getJwks } from '@/app/.well-known/jwks.json/route';
import { route } from '@/lib/api/route';
import { useTempDataDir } from '@/test/tempDataDir';
import { parseTokenArgs } from './tokenCommand';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

describe('npm run token', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  beforeAll(() => {
    tmp = useTempDataDir({ JWT_ISSUER: 'swapdesk-test' });
  });
  afterAll(() => tmp.cleanup());

  it('prints a token that the published JWKS verifies, with the asked subject, scope and lifetime', async () => {
    // The CLI is a separate process sharing only the data folder, as on a real install.
    const { stdout } = await run(
      path.join(root, 'node_modules/.bin/tsx'),
      ['--conditions=react-server', 'scripts/token.ts', '--', '--sub', 'acme', '--scope', 'quote:firm', '--ttl', '120'],
      { cwd: root, env: { ...process.env, SWAPDESK_DATA_DIR: tmp.dir, JWT_ISSUER: 'swapdesk-test', LOG_LEVEL: 'silent' } },
    );
    const token = stdout.trim();
    const res = await getJwks(new Request('http://test/.well-known/jwks.json'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const set = (await res.json()) as JSONWebKeySet;
    expect(set.keys).toHaveLength(1);
    expect(set.keys[0]).not.toHaveProperty('d');
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(set), { issuer: 'swapdesk-test', audience: 'swapdesk-api', algorithms: ['ES256'] });
    expect(protectedHeader.kid).toBe(set.keys[0]?.kid);
    expect(payload).toMatchObject({ sub: 'acme', scope: 'quote:firm' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(120);
    expect(payload.jti).toMatch(/.+/);
  });

  it('a token made for another data folder is refused with both key ids and what to check, and no secret', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-other-'));
    try {
      const { stdout } = await run(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'scripts/token.ts', '--', '--sub', 'acme'], {
        cwd: root,
        env: { ...process.env, SWAPDESK_DATA_DIR: otherDir, JWT_ISSUER: 'swapdesk-test', LOG_LEVEL: 'silent' },
      });
      const token = stdout.trim();
      const tokenKid = decodeProtectedHeader(token).kid;
      const serverKid = ((await (await getJwks(new Request('http://test/.well-known/jwks.json'))).json()) as JSONWebKeySet).keys[0]?.kid;
      expect(tokenKid).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(serverKid).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(tokenKid).not.toBe(serverKid);

      const quoteRoute = route({ auth: 'quote:indicative', rateLimit: false }, () => ({}));
      const res = await quoteRoute(new Request('http://test/v1/quote/indicative', { headers: { authorization: `Bearer ${token}` } }));
      expect(res.status).toBe(401);
      const text = await res.text();
      const body = JSON.parse(text) as { msg: string; error: { type: string } };
      expect(body.error.type).toBe('UNAUTHENTICATED');
      expect(body.msg).toContain('access token kid is unknown');
      expect(body.msg).toContain(`"${tokenKid}"`);
      expect(body.msg).toContain(`"${serverKid}"`);
      expect(body.msg).toMatch(/different key/);
      expect(body.msg).toContain('SWAPDESK_DATA_DIR');
      // Neither private key, nor where the keys are kept, is in the answer.
      for (const dir of [tmp.dir, otherDir]) {
        const d = (JSON.parse(readFileSync(path.join(dir, 'jwt-dev-key.json'), 'utf8')) as { d: string }).d;
        expect(text).not.toContain(d);
        expect(text).not.toContain(dir);
      }
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('defaults to both scopes and one hour', () => {
    expect(parseTokenArgs(['--sub', 'acme'])).toEqual({ sub: 'acme', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 });
  });

  it.each([
    [[], /--sub is required/],
    [['--sub', 'a', '--scope', 'quote:admin'], /--scope must list/],
    [['--sub', 'a', '--ttl', '86401'], /--ttl must be/],
    [['--sub', 'a', '--ttl', '1.5'], /--ttl must be/],
    [['--sub', 'a', '--bogus'], /bogus/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseTokenArgs(argv)).toThrow(message);
  });
});
