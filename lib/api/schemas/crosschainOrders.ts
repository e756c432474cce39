// Open cross-chain orders for fillers (API.md §10): the orders page, its stream's event, and a fill's attestation.
import { z } from 'zod';
import { ORDERS_DEFAULT_LIMIT, ORDERS_MAX_LIMIT } from '@/lib/crosschain/ordersPaging';
import { queryInt } from './primitives';

const BYTES32_PATTERN = /^0x[0-9a-fA-F]{64}$/;
const address = z.string().describe('EIP-55 address');

export const OrderAttestationQuery = z.strictObject({
  order_id: z.string({ error: 'order_id must be a string' })
    .refine((v) => BYTES32_PATTERN.test(v), { message: 'order_id must be 0x followed by 64 hex digits' })
    .describe('ERC-7683 order id (keccak256 of the order\'s originData)'),
});

export const OrderAttestation = z.object({
  order_id: z.string(),
  origin_chain_id: z.number().int(),
  destination_chain_id: z.number().int(),
  origin_settler: address.describe('The router that holds the escrow; send `calldata` here on `origin_chain_id`'),
  status: z.enum(['filled', 'expired', 'pending'])
    .describe('What the destination chain shows at its confirmation depth: `filled` (settle pays `repayment`), `expired` (unfilled past its deadline: the escrow goes back to the user), or `pending` (not final yet: ask again)'),
  filler: address.nullable().describe('The account that filled'),
  repayment: address.nullable().describe('The repayment address the fill recorded: the only address settle pays'),
  signature: z.string().nullable().describe('The attester\'s signature, as settle(order_id, repayment, signature) or refund(order_id, signature) take it'),
  calldata: z.string().nullable().describe('Ready to send to origin_settler from any account: settle for a fill, refund for an expiry'),
  at_block: z.number().int().nullable().describe('Destination block the attester read'),
  reason: z.string().nullable().describe('Why the answer is still pending'),
}).meta({ id: 'OrderAttestation' });

export type OrderAttestationQuery = z.output<typeof OrderAttestationQuery>;
export type OrderAttestation = z.infer<typeof OrderAttestation>;

/** The store's states as fillers see them: `open` is escrowed on the origin and not filled yet. */
export const ORDER_STATUSES = ['open', 'filled', 'settled', 'expired', 'refunded'] as const;

const queryChainId = (field: string) => queryInt(field, 1, Number.MAX_SAFE_INTEGER, 'Chain id');

export const CrossChainOrdersQuery = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional()
    .describe('Only orders in this state (`open`: escrowed and not filled yet, what a filler looks for); default every state'),
  origin_chain_id: queryChainId('origin_chain_id').optional(),
  destination_chain_id: queryChainId('destination_chain_id').optional(),
  limit: queryInt('limit', 1, ORDERS_MAX_LIMIT, `Orders per page, default ${ORDERS_DEFAULT_LIMIT}`).optional(),
  cursor: z.string({ error: 'cursor must be the next_cursor of a previous page' }).max(200, { message: 'cursor is not a cursor this API issued' })
    .optional().describe('next_cursor of the previous page: older orders'),
});

export const CrossChainOrderDTO = z.object({
  order_id: z.string().describe('ERC-7683 order id: keccak256(origin_data)'),
  origin_chain_id: z.number().int(),
  destination_chain_id: z.number().int(),
  origin_settler: address.describe('The router that escrows the input and repays the filler'),
  destination_settler: address.describe('Call fill(order_id, origin_data, fillerData) here; fillerData = abi.encode(address repayment, uint256 extra) or empty'),
  origin_data: z.string().describe('abi.encode(FillOrder): every term of the fill; any change is another order'),
  fill_deadline: z.number().int().describe('Unix seconds on the destination clock; fill reverts after it'),
  exclusive_filler: address.nullable().describe('Until exclusivity_deadline only this address may fill; null when the order is open to anyone at once'),
  exclusivity_deadline: z.number().int().describe('Unix seconds on the destination clock (inclusive); 0 without an exclusive filler'),
  input: z.object({ token: address, amount: z.string() }).describe('The escrow on the origin chain: what the filler is repaid'),
  output: z.object({
    token: address.describe('Zero address: the native coin'),
    min_amount: z.string().describe('The least the recipient must receive, base units'),
    recipient: address,
    bridge_token: address.describe('What the filler pays on the destination (from its own inventory)'),
    bridge_amount: z.string().describe('How much of it, base units, before any extra the filler adds'),
  }),
  status: z.enum(ORDER_STATUSES),
  filler: address.nullable().describe('Who filled it, once filled'),
  fill_tx_hash: z.string().nullable(),
  settle_tx_hash: z.string().nullable(),
  opened_at: z.number().int().describe('Origin block timestamp of the deposit'),
}).meta({ id: 'CrossChainOrder' });

export const CrossChainOrdersPage = z.object({
  orders: z.array(CrossChainOrderDTO).describe('Newest first'),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for older orders; null on the last page'),
}).meta({ id: 'CrossChainOrdersPage' });

export const CrossChainOrdersStreamQuery = z.strictObject({
  origin_chain_id: queryChainId('origin_chain_id').optional(),
  destination_chain_id: queryChainId('destination_chain_id').optional(),
});

export type CrossChainOrdersQuery = z.output<typeof CrossChainOrdersQuery>;
export type CrossChainOrdersStreamQuery = z.output<typeof CrossChainOrdersStreamQuery>;
export type CrossChainOrderDTO = z.infer<typeof CrossChainOrderDTO>;
export type CrossChainOrdersPage = z.infer<typeof CrossChainOrdersPage>;
