import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { statSync } from 'node:fs';
import path from 'node:path';
import { route } from '@/lib/api/route';
import { useTempDataDir } from '@/test/tempDataDir';
import { assertMayQuoteFor } from './assertMayQuoteFor';
import { authContext } from './authContext';
import { signAccessToken } from './signAccessToken';
import { DEV_KEY_FILE, signingKey, type SigningKey } from './signingKey';

const firmRoute = route({ auth: 'quote:firm', rateLimit: false }, ({ auth }) => auth);
const now = () => Math.floor(Date.now() / 1000);

function call(authorization?: string): Promise<Response> {
  return firmRoute(new Request('http://test/v1/x', { headers: authorization ? { authorization } : {} }));
}

async function expectUnauthenticated(res: Response): Promise<void> {
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toBe('Bearer');
  const body = (await res.json()) as { code: number; error: { type: string } };
  expect(body.code).toBe(40100);
  expect(body.error.type).toBe('UNAUTHENTICATED');
}

describe('bearer authentication (API.md §3)', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let key: SigningKey;
  const claims = (over: JWTPayload = {}): JWTPayload => ({
    iss: 'swapdesk', aud: 'swapdesk-api', sub: 'integrator', scope: 'quote:indicative quote:firm', iat: now(), exp: now() + 600, jti: 'j', ...over,
  });
  const signWith = (payload: JWTPayload, header: Record<string, unknown> = {}) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: key.kid, ...header }).sign(key.privateKey);

  beforeAll(async () => {
    tmp = useTempDataDir();
    key = await signingKey();
  });
  afterAll(() => tmp.cleanup());

  it('creates the dev key once, private to the owner, and reuses it', async () => {
    const file = path.join(tmp.dir, DEV_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await signingKey()).kid).toBe(key.kid);
  });

  it('accepts a token from signAccessToken and exposes its caller', async () => {
    const { access_token, expires_in } = await signAccessToken({ sub: 'integrator', scopes: ['quote:firm', 'quote:indicative'], ttlSec: 60 });
    expect(expires_in).toBe(60);
    const res = await call(`Bearer ${access_token}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual({ sub: 'integrator', scopes: ['quote:firm', 'quote:indicative'], isWallet: false });
  });

  it('accepts a token expired by less than the 30 s tolerance', async () => {
    expect((await call(`Bearer ${await signWith(claims({ iat: now() - 100, exp: now() - 10 }))}`)).status).toBe(200);
  });

  it('rejects a missing header', async () => expectUnauthenticated(await call()));
  it('rejects Basic credentials', async () => expectUnauthenticated(await call('Basic dXNlcjpwYXNz')));
  it('rejects a malformed token', async () => expectUnauthenticated(await call('Bearer not.a.jwt')));

  it('rejects alg none', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', kid: key.kid }));
    const payload = base64url.encode(JSON.stringify(claims()));
    await expectUnauthenticated(await call(`Bearer ${header}.${payload}.`));
  });

  it('rejects HS256 signed with the public key as the secret', async () => {
    for (const secret of [await exportSPKI(key.publicKey), JSON.stringify(key.publicJwk)]) {
      const token = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: key.kid }).sign(new TextEncoder().encode(secret));
      await expectUnauthenticated(await call(`Bearer ${token}`));
    }
  });

  it('rejects a token expired beyond the tolerance', async () => {
    await expectUnauthenticated(await call(`Bearer ${await signWith(claims({ iat: now() - 200, exp: now() - 31 }))}`));
  });
  it('rejects a wrong audience', async () => expectUnauthenticated(await call(`Bearer ${await signWith(claims({ aud: 'other-api' }))}`)));
  it('rejects a wrong issuer', async () => expectUnauthenticated(await call(`Bearer ${await signWith(claims({ iss: 'evil' }))}`)));
  it('rejects a token without exp', async () => {
    const { exp: _exp, ...noExp } = claims();
    await expectUnauthenticated(await call(`Bearer ${await signWith(noExp)}`));
  });
  it('rejects exp more than 24 h after iat', async () => {
    await expectUnauthenticated(await call(`Bearer ${await signWith(claims({ exp: now() + 24 * 3600 + 60 }))}`));
  });
  it('rejects an unknown kid, with our key or another one', async () => {
    await expectUnauthenticated(await call(`Bearer ${await signWith(claims(), { kid: 'someone-else' })}`));
    const other = await generateKeyPair('ES256');
    const token = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', kid: 'other' }).sign(other.privateKey);
    await expectUnauthenticated(await call(`Bearer ${token}`));
  });
  it('names the known key id but echoes a token kid only when it looks like one', async () => {
    const msgOf = async (kid: string) => ((await (await call(`Bearer ${await signWith(claims(), { kid })}`)).json()) as { msg: string }).msg;
    expect(await msgOf('someone-else')).toContain(`signed by key "someone-else", a different key from the one this server verifies with ("${key.kid}"`);
    const odd = await msgOf('<script>alert(1)</script>');
    expect(odd).toContain('signed by another key');
    expect(odd).not.toContain('<script>');
  });
  it('rejects a jku or x5u header even when the signature is ours', async () => {
    await expectUnauthenticated(await call(`Bearer ${await signWith(claims(), { jku: 'https://evil.example/jwks.json' })}`));
    await expectUnauthenticated(await call(`Bearer ${await signWith(claims(), { x5u: 'https://evil.example/cert.pem' })}`));
  });
  it('rejects an embedded jwk header signed by the attacker', async () => {
    const other = await generateKeyPair('ES256', { extractable: true });
    const token = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', kid: key.kid, jwk: await exportJWK(other.publicKey) }).sign(other.privateKey);
    await expectUnauthenticated(await call(`Bearer ${token}`));
  });

  it('answers 403 FORBIDDEN when the scope is missing', async () => {
    const { access_token } = await signAccessToken({ sub: 'guest-1', scopes: ['quote:indicative'], ttlSec: 60 });
    const res = await call(`Bearer ${access_token}`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('FORBIDDEN');
  });

  it('refuses to sign a lifetime above 24 h', async () => {
    await expect(signAccessToken({ sub: 'x', scopes: [], ttlSec: 24 * 3600 + 1 })).rejects.toThrow(/ttlSec/);
  });
});

describe('assertMayQuoteFor', () => {
  const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  it('lets a wallet token quote for itself in any letter case', () => {
    const auth = authContext(wallet.toLowerCase(), 'quote:firm');
    expect(auth.isWallet).toBe(true);
    expect(auth.walletAddress).toBe(wallet);
    expect(() => assertMayQuoteFor(auth, wallet)).not.toThrow();
    expect(() => assertMayQuoteFor(auth, wallet.toUpperCase().replace('0X', '0x'))).not.toThrow();
  });
  it('forbids a wallet token from quoting for another sender', () => {
    const auth = authContext(wallet, 'quote:firm');
    expect(() => assertMayQuoteFor(auth, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toThrow(expect.objectContaining({ type: 'FORBIDDEN' }));
  });
  it('lets an integrator token quote for any sender', () => {
    expect(() => assertMayQuoteFor(authContext('acme', 'quote:firm'), '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).not.toThrow();
  });
});
