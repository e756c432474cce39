// Sign-In with Ethereum checks against a real anvil chain: our domain, a server nonce used once, an expiry, the signer.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { useTempDataDir } from '@/test/tempDataDir';

const CHAIN_ID = 31337;
const DOMAIN = 'swap.example:3000';
const SOME_ADDRESS = '0x000000000000000000000000000000000000dEaD';

let anvil: Anvil;
let data: ReturnType<typeof useTempDataDir>;
let verifySiweLogin: typeof import('./verifySiweLogin').verifySiweLogin;
let issueNonce: () => Promise<string>;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  data = useTempDataDir();
  const chain = { id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', factory: SOME_ADDRESS, router02: SOME_ADDRESS, weth: SOME_ADDRESS, tokens: [] };
  writeFileSync(path.join(data.dir, 'chains.json'), JSON.stringify({ chains: [chain] }));
  ({ verifySiweLogin } = await import('./verifySiweLogin'));
  const [{ issueSiweNonce }, { siweNonceDb }] = await Promise.all([import('./siweNonces'), import('./siweNonceDb')]);
  issueNonce = async () => issueSiweNonce(await siweNonceDb());
});

afterAll(async () => {
  await anvil?.stop();
  data?.cleanup();
});

const signer = devAccount(1);

async function signedLogin(overrides: { domain?: string; nonce?: string; expiresInMs?: number | null; chainId?: number } = {}) {
  const now = new Date();
  const message = createSiweMessage({
    domain: overrides.domain ?? DOMAIN,
    address: signer.address,
    uri: `http://${DOMAIN}`,
    version: '1',
    chainId: overrides.chainId ?? CHAIN_ID,
    nonce: overrides.nonce ?? (await issueNonce()),
    issuedAt: now,
    expirationTime: overrides.expiresInMs === null ? undefined : new Date(now.getTime() + (overrides.expiresInMs ?? 60_000)),
  });
  return { message, signature: await signer.signMessage({ message }) };
}

describe('verifySiweLogin', () => {
  it('accepts a message for our domain with a fresh server nonce, once', async () => {
    const login = await signedLogin();
    expect(await verifySiweLogin({ ...login, domain: DOMAIN })).toBe(signer.address);
    expect(await verifySiweLogin({ ...login, domain: DOMAIN })).toBeNull();
  });

  it('refuses another domain, a nonce we never issued, a missing or far expiry, an unknown chain', async () => {
    expect(await verifySiweLogin({ ...(await signedLogin({ domain: 'evil.example' })), domain: DOMAIN })).toBeNull();
    expect(await verifySiweLogin({ ...(await signedLogin({ nonce: 'abcdefgh12345678' })), domain: DOMAIN })).toBeNull();
    expect(await verifySiweLogin({ ...(await signedLogin({ expiresInMs: null })), domain: DOMAIN })).toBeNull();
    expect(await verifySiweLogin({ ...(await signedLogin({ expiresInMs: 60 * 60_000 })), domain: DOMAIN })).toBeNull();
    expect(await verifySiweLogin({ ...(await signedLogin({ chainId: 999 })), domain: DOMAIN })).toBeNull();
  });

  it('refuses an expired message and a signature by another key', async () => {
    expect(await verifySiweLogin({ ...(await signedLogin({ expiresInMs: -1_000 })), domain: DOMAIN })).toBeNull();
    const login = await signedLogin();
    const forged = await devAccount(2).signMessage({ message: login.message });
    expect(await verifySiweLogin({ message: login.message, signature: forged, domain: DOMAIN })).toBeNull();
  });
});
