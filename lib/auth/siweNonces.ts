// Server-issued, single-use Sign-In with Ethereum nonces with a short life, kept in the store so that every
// instance of the web app accepts a nonce any of them issued.
import { generateSiweNonce } from 'viem/siwe';
import type { ColumnType, Kysely } from 'kysely';

export const SIWE_NONCE_TTL_MS = 5 * 60_000;

/** PostgreSQL returns BIGINT as a string; SQLite as a number. */
export type SiweNoncesTable = { nonce: string; expires_at_ms: ColumnType<number | string, number, number> };
export type SiweNonceDb = Kysely<{ siwe_nonces: SiweNoncesTable }>;

/** A fresh nonce, valid for SIWE_NONCE_TTL_MS; expired ones are cleared on the way. */
export async function issueSiweNonce(db: SiweNonceDb, now = Date.now()): Promise<string> {
  const nonce = generateSiweNonce();
  await db.deleteFrom('siwe_nonces').where('expires_at_ms', '<=', now).execute();
  await db.insertInto('siwe_nonces').values({ nonce, expires_at_ms: now + SIWE_NONCE_TTL_MS }).execute();
  return nonce;
}

/** True once per issued, unexpired nonce; the nonce is gone afterwards whatever the answer. */
export async function consumeSiweNonce(db: SiweNonceDb, nonce: string, now = Date.now()): Promise<boolean> {
  const row = await db.deleteFrom('siwe_nonces').where('nonce', '=', nonce).returning('expires_at_ms').executeTakeFirst();
  return row !== undefined && Number(row.expires_at_ms) > now;
}
