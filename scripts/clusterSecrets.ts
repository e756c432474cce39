// `npm run -s cluster:secrets`: prints fresh shared secrets as shell exports, for cluster mode on this machine or
// to copy into every machine's configuration: eval "$(npm run -s cluster:secrets)".
import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { generatePrivateKey } from 'viem/accounts';

const { privateKey } = await generateKeyPair('ES256', { extractable: true });
const jwk = await exportJWK(privateKey);
const { d: _d, ...pub } = jwk;
const jwt = JSON.stringify({ ...jwk, kid: await calculateJwkThumbprint(pub), alg: 'ES256', use: 'sig' });
const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;

process.stdout.write([
  `export JWT_PRIVATE_KEY=${quote(jwt)}`,
  `export NEXTAUTH_SECRET=${quote(randomBytes(32).toString('base64'))}`,
  `export QUOTE_SIGNER_KEY=${quote(generatePrivateKey())}`,
  // The cross-chain relayer's account and the attester its settlers trust (the devnet funds and registers them).
  `export RELAYER_KEY=${quote(generatePrivateKey())}`,
  `export ATTESTER_KEY=${quote(generatePrivateKey())}`,
  // The gasless submitter's account, which pays the gas of posted orders (the devnet funds it).
  `export SUBMITTER_KEY=${quote(generatePrivateKey())}`,
  '',
].join('\n'));
