// Checks a Sign-In with Ethereum message and signature: our domain, a nonce we issued (used once), an expiry, a configured chain.
import 'server-only';
import { createPublicClient, getAddress, http, type Address, type Hex } from 'viem';
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe';
import { findChain } from '@/lib/chains/loadChains';
import { siweNonceDb } from './siweNonceDb';
import { consumeSiweNonce } from './siweNonces';

/** A sign-in message may ask a session for at most this long. */
export const SIWE_MAX_VALIDITY_MS = 10 * 60_000;

export type SiweLoginInput = { message: string; signature: string; domain: string; now?: Date };

/** The signer's checksummed address, or null with no detail (a failed sign-in says nothing more). */
export async function verifySiweLogin({ message, signature, domain, now = new Date() }: SiweLoginInput): Promise<Address | null> {
  if (!/^0x[0-9a-fA-F]+$/.test(signature) || message.length > 4_000) return null;
  const parsed = parseSiweMessage(message);
  if (!parsed.address || !parsed.nonce || !parsed.chainId || !parsed.expirationTime) return null;
  // Spend the nonce before anything else can fail, so a message is never verified twice.
  if (!(await consumeSiweNonce(await siweNonceDb(), parsed.nonce, now.getTime()))) return null;
  if (parsed.domain !== domain) return null;
  if (parsed.expirationTime.getTime() - now.getTime() > SIWE_MAX_VALIDITY_MS) return null;
  const chain = findChain(parsed.chainId);
  if (!chain) return null;
  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 5_000 }) });
  try {
    const ok = await verifySiweMessage(client, { message, signature: signature as Hex, domain, nonce: parsed.nonce, time: now });
    return ok ? getAddress(parsed.address) : null;
  } catch {
    return null;
  }
}
