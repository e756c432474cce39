// Request and response schemas of the quote endpoints (spec + API.md §2, §4): the handlers validate with them
// and the OpenAPI document is generated from them.
import { z } from 'zod';
import { addressString, chainIdNumber, uintString } from './primitives';

export const MAX_EXPIRY_SEC = 3600;
const BYTES32_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** Same-chain token_in == token_out is not a swap (compared without regard to case). */
function rejectSameToken(body: { src_chain_id: unknown; dst_chain_id: unknown; token_in: unknown; token_out: unknown }, ctx: z.RefinementCtx) {
  const { src_chain_id: src, dst_chain_id: dst, token_in: tokenIn, token_out: tokenOut } = body;
  // Defensive about types: a refinement may run while other fields are still invalid.
  if (src === dst && typeof tokenIn === 'string' && typeof tokenOut === 'string' && tokenIn.toLowerCase() === tokenOut.toLowerCase()) {
    ctx.addIssue({ code: 'custom', path: ['token_out'], message: 'token_out must differ from token_in on the same chain' });
  }
}

const slippage = z
  .number({ error: 'slippage must be a JSON number of percent from 0 to 100, e.g. 0.5' })
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100, { message: 'slippage must be a percent from 0 to 100' })
  .describe('Percent in [0, 100]; 0.5 means 0.5 %. Applied with a precision of 0.0001 %.');

const expiry = z
  .number({ error: 'expiry_time_sec must be an integer number of seconds from 1 to 3600' })
  .refine((v) => Number.isInteger(v) && v >= 1 && v <= MAX_EXPIRY_SEC, { message: `expiry_time_sec must be an integer from 1 to ${MAX_EXPIRY_SEC}` })
  .describe('Quote time-to-live in seconds; 60 is recommended');

const indicativeFields = {
  src_chain_id: chainIdNumber('src_chain_id').describe('Source chain id'),
  dst_chain_id: chainIdNumber('dst_chain_id').describe('Destination chain id (equal to src_chain_id for now)'),
  token_in: addressString('token_in').describe('ERC20 address, or the zero address for the native coin'),
  token_out: addressString('token_out').describe('ERC20 address, or the zero address for the native coin'),
  amount_in: uintString('amount_in', { positive: true }).describe('Integer string, wei'),
};

export const IndicativeQuoteRequest = z.strictObject(indicativeFields).superRefine(rejectSameToken);

export const FirmQuoteRequest = z
  .strictObject({
    ...indicativeFields,
    from_address: addressString('from_address', { allowZero: false }).describe('Sender; the only account that can execute the quote'),
    to_address: addressString('to_address', { allowZero: false }).describe('Recipient of the output'),
    indicative_amount_out: uintString('indicative_amount_out').optional().describe('amount_out of an earlier indicative quote, for the slippage check'),
    slippage,
    expiry_time_sec: expiry,
  })
  .superRefine(rejectSameToken);

export const QuoteStatusQuery = z.strictObject({
  quote_id: z
    .string({ error: 'quote_id is required' })
    .refine((v) => BYTES32_PATTERN.test(v), { message: 'quote_id must be 0x followed by 64 hex digits' }),
});

const Address = z.string().describe('EIP-55 address');
const Wei = z.string().describe('Integer string, wei');

export const RouteHopSchema = z.object({ pool: Address, token_in: Address, token_out: Address });

export const IndicativeQuote = z.object({
  src_chain_id: z.number().int().describe('Echo of request'),
  dst_chain_id: z.number().int().describe('Echo of request'),
  token_in: z.string().describe('Echo of request'),
  token_out: z.string().describe('Echo of request'),
  amount_in: z.string().describe('Echo of request'),
  amount_out: Wei.describe('Output amount, wei'),
  fee_rate: z.number().int().describe('Service fee, bps'),
  fee_amount: Wei.describe('Service fee, wei of token_in'),
  route: z.array(RouteHopSchema).describe('Pools the swap goes through, in order (WETH stands for the native coin)'),
  price_impact_bps: z.number().int().describe('Shortfall against the route mid price, bps (pool fees included)'),
  block_number: z.number().int().describe('Block whose reserves priced the quote'),
});

export const FirmQuote = z.object({
  quote_id: z.string().describe('Quote identifier, bytes32 hex'),
  src_chain_id: z.number().int(),
  dst_chain_id: z.number().int(),
  calldata: z.string().describe('Router calldata, 0x-prefixed; submit it to router_address with `value` from from_address'),
  router_address: Address,
  from_address: z.string().describe('Echo'),
  to_address: z.string().describe('Echo'),
  token_in: z.string().describe('Echo'),
  token_out: z.string().describe('Echo'),
  amount_in: z.string().describe('Total input; the service fee is taken from it on-chain'),
  amount_out: Wei.describe('Expected output, wei'),
  min_amount_out: Wei.describe('floor(amount_out × (1 − slippage/100)); the router reverts below it'),
  fee_rate: z.number().int(),
  fee_amount: Wei,
  deadline: z.number().int().describe('Unix seconds; the router refuses the quote after it'),
  value: Wei.describe('Native coin to send with the transaction ("0" for token input)'),
  allowance_target: Address.nullable().describe('Address to approve for token input; null for native input'),
  route: z.array(RouteHopSchema),
  price_impact_bps: z.number().int(),
});

export const QuoteStatus = z.object({
  quote_id: z.string(),
  status: z.enum(['issued', 'filled', 'expired', 'deposited', 'refunded']),
  src_tx_hash: z.string().nullable(),
  dst_tx_hash: z.string().nullable(),
  amount_out_actual: Wei.nullable(),
  updated_at: z.number().int().describe('Unix seconds'),
});

export type IndicativeQuoteRequest = z.infer<typeof IndicativeQuoteRequest>;
export type FirmQuoteRequest = z.infer<typeof FirmQuoteRequest>;
export type IndicativeQuote = z.infer<typeof IndicativeQuote>;
export type FirmQuote = z.infer<typeof FirmQuote>;
export type QuoteStatus = z.infer<typeof QuoteStatus>;
