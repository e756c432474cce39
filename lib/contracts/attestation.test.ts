import { describe, expect, it } from 'vitest';
import { recoverMessageAddress, zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ATTESTATION_KIND, attestationHash, signAttestation, type Attestation } from './attestation';

const key = generatePrivateKey();
const filled: Attestation = {
  originChainId: 31337,
  originSettler: '0xD8a5a9b31c3C0232E196d518E89Fd8bF83AcAd43',
  orderId: `0x${'cd'.repeat(32)}`,
  kind: ATTESTATION_KIND.filled,
  relayer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
};

describe('attestation', () => {
  it('is an eth_sign signature by the attester over the attestation hash', async () => {
    const signature = await signAttestation(filled, key);
    expect(await recoverMessageAddress({ message: { raw: attestationHash(filled) }, signature })).toBe(privateKeyToAccount(key).address);
    expect(await signAttestation(filled, privateKeyToAccount(key))).toBe(signature);
  });

  it('covers every field: chain, settler, order, kind and relayer', () => {
    const base = attestationHash(filled);
    const variants: Attestation[] = [
      { ...filled, originChainId: 31338n },
      { ...filled, originSettler: '0xDC11f7E700A4c898AE5CAddB1082cFfa76512aDD' },
      { ...filled, orderId: `0x${'ce'.repeat(32)}` },
      { ...filled, kind: ATTESTATION_KIND.expired },
      { ...filled, relayer: zeroAddress },
    ];
    for (const v of variants) expect(attestationHash(v)).not.toBe(base);
  });
});
