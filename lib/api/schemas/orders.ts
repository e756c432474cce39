// Request and response schemas of POST /v1/orders (API.md §9): a signed gasless quote handed to Swapdesk's submitter.
import { z } from 'zod';

const BYTES32_PATTERN = /^0x[0-9a-fA-F]{64}$/;
/**
 * Whole bytes, as Permit2 takes them: 65-byte (r, s, v) or 64-byte EIP-2098 compact from an account without code, and
 * whatever a smart-contract wallet's ERC-1271 `isValidSignature` accepts (a few kilobytes at most) from one with code.
 */
const SIGNATURE_PATTERN = /^0x(?:[0-9a-fA-F]{2}){1,4096}$/;
/** An EIP-2612 permit is checked by ecrecover: 65-byte (r, s, v) or 64-byte EIP-2098 compact. */
const APPROVAL_SIGNATURE_PATTERN = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;

export const OrderRequest = z
  .strictObject({
    quote_id: z
      .string({ error: 'quote_id must be a string' })
      .refine((v) => BYTES32_PATTERN.test(v), { message: 'quote_id must be 0x followed by 64 hex digits' })
      .describe('A gasless firm quote of this token'),
    signature: z
      .string({ error: 'signature must be a string' })
      .refine((v) => SIGNATURE_PATTERN.test(v), { message: 'signature must be 0x followed by 1 to 4096 bytes in hex (65, or 64 compact, from an account without code)' })
      .describe('from_address\'s EIP-712 signature of the quote\'s `gasless.eip712`; a smart-contract wallet\'s is checked with its ERC-1271 `isValidSignature`, as Permit2 does'),
    approval_signature: z
      .string({ error: 'approval_signature must be a string' })
      .refine((v) => APPROVAL_SIGNATURE_PATTERN.test(v), { message: 'approval_signature must be 0x followed by 65 bytes (or 64, compact) in hex' })
      .optional()
      .describe('from_address\'s EIP-712 signature of the quote\'s `gasless.approval.eip712` (EIP-2612 permit to Permit2): required when the quote offered it and the Permit2 allowance is still short; Swapdesk\'s submitter sends token.permit with it before the order'),
    approval_deadline: z
      .number({ error: 'approval_deadline must be an integer number of Unix seconds' })
      .refine((v) => Number.isSafeInteger(v) && v > 0, { message: 'approval_deadline must be a positive integer number of Unix seconds' })
      .optional()
      .describe('With approval_signature: the deadline of the permit it signs, when that permit was signed for an earlier gasless quote of this sender and token and is otherwise this quote\'s `gasless.approval.eip712` (same spender, value and nonce), so the trader does not sign it twice; at most this quote\'s deadline, and far enough ahead for the submitter (GASLESS_MIN_WINDOW_SEC)'),
  })
  .meta({ id: 'OrderRequest' });

export const OrderAccepted = z
  .object({
    quote_id: z.string(),
    status: z.literal('submitted').describe('The submitter will send it; follow it with GET /v1/quote/status'),
  })
  .meta({ id: 'OrderAccepted' });

export type OrderRequest = z.infer<typeof OrderRequest>;
export type OrderAccepted = z.infer<typeof OrderAccepted>;
