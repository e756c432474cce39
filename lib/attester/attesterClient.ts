// The relayer's side of the attester: asks its HTTP endpoint for an attestation and checks the answer's shape.
import 'server-only';
import { isAddress, type Hex } from 'viem';
import { z } from 'zod';
import type { AttesterAnswer } from './createAttester';
import type { WitnessRequest } from './witnessOrder';

const Address = z.string().refine((v) => isAddress(v, { strict: false })).transform((v) => v as `0x${string}`);
const Signature = z.string().regex(/^0x[0-9a-fA-F]{130}$/).transform((v) => v as Hex);
const Answer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('filled'), relayer: Address, filler: Address, originSettler: Address, dstChainId: z.number(), atBlock: z.number(), signature: Signature }),
  z.object({ kind: z.literal('expired'), originSettler: Address, dstChainId: z.number(), atBlock: z.number(), signature: Signature }),
  z.object({ kind: z.literal('pending'), dstChainId: z.number(), reason: z.string() }),
]);

export type AttesterClient = { attest(request: WitnessRequest): Promise<AttesterAnswer> };

export function attesterClient(url: string, timeoutMs: number): AttesterClient {
  const endpoint = `${url.replace(/\/+$/, '')}/v1/attest`;
  return {
    async attest(request) {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ origin_chain_id: request.originChainId, order_id: request.orderId, origin_data: request.originData }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body: unknown = await res.json().catch(() => undefined);
      if (res.status !== 200 && res.status !== 202) {
        const message = (body as { error?: { message?: string } } | undefined)?.error?.message ?? `HTTP ${res.status}`;
        throw new Error(`attester at ${url} refused: ${message}`);
      }
      return Answer.parse(body);
    },
  };
}
