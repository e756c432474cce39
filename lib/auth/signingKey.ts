// The service's ES256 signing key: JWT_PRIVATE_KEY (PEM or JWK) in production, else a dev key kept in the data folder.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8, type CryptoKey, type JWK } from 'jose';
import { env } from '@/lib/env';
import { log } from '@/lib/log';

export const JWT_ALG = 'ES256';
export const DEV_KEY_FILE = 'jwt-dev-key.json';

export type SigningKey = {
  kid: string;
  privateKey: CryptoKey;
  /** The public half as published in the JWKS (`kid`, `alg`, `use` set). */
  publicJwk: JWK;
  publicKey: CryptoKey;
};

async function fromPrivateJwk(jwk: JWK): Promise<SigningKey> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d) throw new Error('JWT key must be a P-256 EC private key (ES256)');
  const { d: _d, ...pub } = jwk;
  const kid = jwk.kid ?? (await calculateJwkThumbprint(pub));
  const publicJwk: JWK = { kty: pub.kty, crv: pub.crv, x: pub.x, y: pub.y, kid, alg: JWT_ALG, use: 'sig' };
  const privateKey = await importJWK({ ...jwk, alg: JWT_ALG }, JWT_ALG);
  const publicKey = await importJWK(publicJwk, JWT_ALG);
  if (privateKey instanceof Uint8Array || publicKey instanceof Uint8Array) throw new Error('JWT key did not import as a CryptoKey');
  return { kid, privateKey, publicJwk, publicKey };
}

async function fromConfigured(text: string): Promise<SigningKey> {
  if (text.startsWith('{')) return fromPrivateJwk(JSON.parse(text) as JWK);
  // PEM in one env line often arrives with literal "\n" sequences.
  const pem = text.replace(/\\n/g, '\n');
  const key = await importPKCS8(pem, JWT_ALG, { extractable: true });
  return fromPrivateJwk(await exportJWK(key));
}

/** Writes a fresh key atomically and exclusively, so two processes starting together agree on one key. */
async function createDevKeyFile(file: string): Promise<void> {
  const { privateKey } = await generateKeyPair(JWT_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const { d: _d, ...pub } = jwk;
  const body = JSON.stringify({ ...jwk, kid: await calculateJwkThumbprint(pub), alg: JWT_ALG, use: 'sig' }, null, 2);
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  writeFileSync(tmp, body, { mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(tmp);
  }
}

async function fromDevFile(file: string): Promise<SigningKey> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    await createDevKeyFile(file);
    text = readFileSync(file, 'utf8');
  }
  return fromPrivateJwk(JSON.parse(text) as JWK);
}

let memo: { source: string; key: Promise<SigningKey> } | undefined;

/** The signing key of this process; re-derived only when its configuration changes (tests switch data folders). */
export function signingKey(): Promise<SigningKey> {
  const { JWT_PRIVATE_KEY, SWAPDESK_DATA_DIR, NODE_ENV } = env();
  const file = path.join(SWAPDESK_DATA_DIR, DEV_KEY_FILE);
  const source = JWT_PRIVATE_KEY ?? `file:${file}`;
  if (memo?.source === source) return memo.key;
  if (!JWT_PRIVATE_KEY && NODE_ENV === 'production') log.warn({ file }, 'JWT_PRIVATE_KEY is not set: signing with the dev key from the data folder');
  const key = JWT_PRIVATE_KEY ? fromConfigured(JWT_PRIVATE_KEY) : fromDevFile(file);
  memo = { source, key };
  // A failed load must not be cached: the next call retries (and reports) it.
  key.catch(() => {
    if (memo?.key === key) memo = undefined;
  });
  return key;
}
