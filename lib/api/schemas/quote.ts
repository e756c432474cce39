// Request and response schemas of the quote endpoints (spec + API.md §2, §4): the handlers validate with them
// and the OpenAPI document is generated from them.
import { z } from 'zod';
import { LIQUIDITY_SOURCES, isLiquiditySource } from '@/lib/routing/pool';
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

export const APPROVALS = ['allowance', 'permit2'] as const;

/**
 * Permit2 takes ERC20 input of a same-chain swap; native input is sent as value. A cross-chain order takes it only
 * gaslessly (`openFor`): one the trader sends itself takes token input by allowance.
 */
function rejectPermit2Misuse(body: { approval?: unknown; gasless?: unknown; token_in: unknown; src_chain_id: unknown; dst_chain_id: unknown }, ctx: z.RefinementCtx) {
  if (body.approval !== 'permit2') return;
  if (typeof body.token_in === 'string' && /^0x0{40}$/.test(body.token_in)) {
    ctx.addIssue({ code: 'custom', path: ['approval'], message: 'approval "permit2" needs token input: native input is sent as the transaction value' });
  } else if (body.src_chain_id !== body.dst_chain_id && body.gasless !== true) {
    ctx.addIssue({ code: 'custom', path: ['approval'], message: 'approval "permit2" is offered for same-chain quotes and gasless cross-chain orders only (a cross-chain order you send takes token input by allowance)' });
  }
}

/** A gasless order is a Permit2 order of ERC20 input: same-chain `swapPermit2`, or a cross-chain ERC-7683 `openFor`. */
function rejectGaslessMisuse(body: { gasless?: unknown; approval?: unknown; token_in: unknown; src_chain_id: unknown; dst_chain_id: unknown }, ctx: z.RefinementCtx) {
  if (body.gasless !== true) return;
  if (typeof body.token_in === 'string' && /^0x0{40}$/.test(body.token_in)) {
    ctx.addIssue({ code: 'custom', path: ['gasless'], message: 'gasless needs token input: native input is sent as the transaction value, which someone must pay' });
  } else if (body.approval === 'allowance') {
    ctx.addIssue({ code: 'custom', path: ['approval'], message: 'approval "allowance" cannot be gasless: a gasless order takes its input through Permit2 (leave approval out or say "permit2")' });
  }
}

const slippage = z
  .number({ error: 'slippage must be a JSON number of percent from 0 to 100, e.g. 0.5' })
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100, { message: 'slippage must be a percent from 0 to 100' })
  .meta({ minimum: 0, maximum: 100 })
  .describe('Percent in [0, 100]; 0.5 means 0.5 %. Applied with a precision of 0.0001 %.');

const expiry = z
  .number({ error: 'expiry_time_sec must be an integer number of seconds from 1 to 3600' })
  .refine((v) => Number.isInteger(v) && v >= 1 && v <= MAX_EXPIRY_SEC, { message: `expiry_time_sec must be an integer from 1 to ${MAX_EXPIRY_SEC}` })
  .meta({ type: 'integer', minimum: 1, maximum: MAX_EXPIRY_SEC })
  .describe('Quote time-to-live in seconds; 60 is recommended');

const indicativeFields = {
  src_chain_id: chainIdNumber('src_chain_id').describe('Source chain id'),
  dst_chain_id: chainIdNumber('dst_chain_id').describe('Destination chain id; when it differs from src_chain_id the quote is cross-chain (token_out is on dst_chain_id)'),
  token_in: addressString('token_in').describe('ERC20 address, or the zero address for the native coin'),
  token_out: addressString('token_out').describe('ERC20 address, or the zero address for the native coin'),
  amount_in: uintString('amount_in', { positive: true }).describe('Integer string, wei'),
  excluded_sources: z
    .array(z.string(), { error: `excluded_sources must be an array of liquidity source ids (${LIQUIDITY_SOURCES.join(', ')})` })
    .superRefine((ids, ctx) => {
      const unknown = ids.find((id) => !isLiquiditySource(id));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `excluded_sources: ${JSON.stringify(unknown)} is not a liquidity source (known: ${LIQUIDITY_SOURCES.join(', ')})` });
      }
    })
    .transform((ids) => ids.filter(isLiquiditySource))
    .meta({ items: { type: 'string', enum: [...LIQUIDITY_SOURCES] } })
    .optional()
    .describe('Liquidity sources the route may not use (as GET /v1/chains lists them); excluding every source leaves no route (422 NO_ROUTE)'),
};

export const IndicativeQuoteRequest = z.strictObject(indicativeFields).superRefine(rejectSameToken).meta({ id: 'IndicativeQuoteRequest' });

export const FirmQuoteRequest = z
  .strictObject({
    ...indicativeFields,
    from_address: addressString('from_address', { allowZero: false }).describe('Sender, who pays amount_in; the only account that can execute the quote (with approval "permit2", the only account whose signature can)'),
    to_address: addressString('to_address', { allowZero: false }).describe('Recipient of the output'),
    indicative_amount_out: uintString('indicative_amount_out').optional().describe('amount_out of an earlier indicative quote, for the slippage check'),
    slippage,
    expiry_time_sec: expiry,
    approval: z
      .enum(APPROVALS, { error: 'approval must be "allowance" or "permit2"' })
      .optional()
      .describe('How the router takes token input: "allowance" (default) — approve allowance_target (the router), then send; "permit2" — approve Permit2 once per token, then sign `permit2.eip712` for each swap and append the signature to calldata (same-chain token input only)'),
    gasless: z
      .boolean({ error: 'gasless must be true or false' })
      .optional()
      .describe('true: Swapdesk\'s submitter sends the transaction and the sender needs no native coin. Implies approval "permit2"; sign `gasless.eip712` and POST it to /v1/orders. The gas fee (`gasless.gas_fee_amount`, in token_in) is inside fee_amount, so amount_out and min_amount_out already pay for it. Token input only, same-chain (swapPermit2) or cross-chain (an ERC-7683 GaslessCrossChainOrder opened with openFor); expiry_time_sec must leave the submitter GASLESS_MIN_WINDOW_SEC'),
  })
  .superRefine(rejectSameToken)
  .superRefine(rejectPermit2Misuse)
  .superRefine(rejectGaslessMisuse)
  .meta({ id: 'FirmQuoteRequest' });

export const QuoteStatusQuery = z
  .strictObject({
    quote_id: z
      .string({ error: 'quote_id must be a string' })
      .refine((v) => BYTES32_PATTERN.test(v), { message: 'quote_id must be 0x followed by 64 hex digits' })
      .optional()
      .describe('The firm quote id'),
    src_tx_hash: z
      .string({ error: 'src_tx_hash must be a string' })
      .refine((v) => BYTES32_PATTERN.test(v), { message: 'src_tx_hash must be 0x followed by 64 hex digits' })
      .optional()
      .describe('Or: the hash of the source-chain transaction that executed the quote'),
  })
  .superRefine((q, ctx) => {
    if ((q.quote_id === undefined) === (q.src_tx_hash === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.quote_id === undefined ? 'quote_id' : 'src_tx_hash'], message: 'give exactly one of quote_id and src_tx_hash' });
    }
  });

const Address = z.string().describe('EIP-55 address');
const Wei = z.string().describe('Integer string, wei');

export const RouteHopSchema = z
  .object({
    pool: Address.describe('The pool (a Uniswap V2 pair or a Uniswap V3 pool)'),
    token_in: Address,
    token_out: Address,
    source: z.enum(LIQUIDITY_SOURCES).describe('Liquidity source of the pool'),
    fee_ppm: z.number().int().describe('The pool\'s fee in millionths of the input: 3000 for a V2 pair, the fee tier for V3 (100, 500, 3000, 10000)'),
  })
  .meta({ id: 'RouteHop' });

/** One path of the route and the part of the order it carries; a cross-chain route has a leg on each chain. */
export const RouteLegSchema = z
  .object({
    chain_id: z.number().int().describe('Chain the leg executes on'),
    share_bps: z.number().int().describe('Share of this chain\'s swapped input the leg carries, bps; the legs on one chain add up to 10000'),
    amount_in: Wei.describe('Input of this leg, wei of its first token; same-chain legs add up to amount_in − fee_amount'),
    amount_out: Wei.describe('Output of this leg, wei; same-chain legs add up to amount_out'),
    hops: z.array(RouteHopSchema).describe('Pools of this leg in order (WETH stands for the native coin); empty where the bridge asset is handed on as it is'),
  })
  .meta({ id: 'RouteLeg' });

const Route = z
  .array(RouteLegSchema)
  .describe('Legs in execution order (legs that share a pool are priced in this order); a single path is one leg with share_bps 10000. Cross-chain: the source chain\'s legs, then the destination chain\'s');

const ChainToken = z.object({
  chain_id: z.number().int(),
  token: Address,
  amount: Wei,
});

/** Extras of a cross-chain quote (src_chain_id ≠ dst_chain_id); absent on same-chain quotes. */
const crossChainExtras = {
  relayer_fee: ChainToken.optional().describe(
    'Cross-chain: what the relayer keeps of the escrowed bridge asset on the source chain for delivering on the destination (also counted in fee_amount, there in token_in)',
  ),
  estimated_fill_time_sec: z.number().int().optional().describe('Cross-chain: seconds from the deposit being mined to the fill being mined, the median of recent fills of this route (source chain to destination chain)'),
  bridge: z
    .object({
      src: ChainToken.extend({ min_amount: Wei.optional().describe('Firm: the source swap reverts below this escrow') }).describe('Bridge asset escrowed on the source chain (expected amount)'),
      dst: ChainToken.describe('Bridge asset the relayer pays into the destination swap'),
    })
    .optional()
    .describe('Cross-chain: the bridge asset (a USD stablecoin) on each chain'),
};

const Permit2TypedData = z
  .object({
    domain: z.object({ name: z.literal('Permit2'), chainId: z.number().int(), verifyingContract: Address }),
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    primaryType: z.literal('PermitWitnessTransferFrom'),
    message: z.record(z.string(), z.unknown()),
  });

const PermitTypedData = z
  .object({
    domain: z.object({ name: z.string(), version: z.string().optional(), chainId: z.number().int(), verifyingContract: Address }),
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    primaryType: z.literal('Permit'),
    message: z.object({ owner: Address, spender: Address, value: z.string(), nonce: z.string(), deadline: z.string() }),
  });

export const IndicativeQuote = z.object({
  src_chain_id: z.number().int().describe('Echo of request'),
  dst_chain_id: z.number().int().describe('Echo of request'),
  token_in: z.string().describe('Echo of request'),
  token_out: z.string().describe('Echo of request'),
  amount_in: z.string().describe('Echo of request'),
  amount_out: Wei.describe('Output amount, wei'),
  fee_rate: z.number().int().describe('Service fee, bps'),
  fee_amount: Wei.describe('Service fee, wei of token_in; cross-chain it also holds the relayer fee converted to token_in at the quote\'s rate'),
  route: Route,
  price_impact_bps: z.number().int().describe('Shortfall against the route mid price, bps (pool fees included)'),
  block_number: z.number().int().describe('Block whose reserves priced the quote (cross-chain: the source chain\'s)'),
  suggested_slippage: z
    .number()
    .describe(
      'Slippage Swapdesk suggests for a firm quote of this route, percent (0.3 means 0.3 %): the 99th percentile of how far the route\'s output fell against the trader within 40 s of review and sending (cross-chain: plus the estimated fill time), over reviews starting every second of the last 10 minutes, in steps of 0.05 %, within 0.1–1 % (cross-chain 0.3–2 %, never above the cross-chain cap); 0.5 until the pools have been watched for a minute',
    ),
  ...crossChainExtras,
}).meta({ id: 'IndicativeQuote' });

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
  allowance_target: Address.nullable().describe('Address to approve for token input (the router, or Permit2 with approval "permit2"); null for native input'),
  route: Route,
  price_impact_bps: z.number().int(),
  block_number: z.number().int().describe('Block whose reserves priced the quote (cross-chain: the source chain\'s)'),
  ...crossChainExtras,
  permit2: z
    .object({
      eip712: Permit2TypedData.describe('EIP-712 typed data (eth_signTypedData_v4; integers as decimal strings): Permit2\'s PermitWitnessTransferFrom of exactly amount_in of token_in to router_address, nonce = quote_id, deadline = deadline, witness = the whole signed quote'),
    })
    .optional()
    .describe('With approval "permit2": sign `eip712` as from_address and send calldata ‖ uint256(signature length) ‖ signature to router_address; one signature and one transaction per swap'),
  gasless: z
    .object({
      eip712: Permit2TypedData.describe('What from_address signs; POST the signature to /v1/orders. Same-chain: the same PermitWitnessTransferFrom as `permit2.eip712`. Cross-chain: Permit2\'s PermitWitnessTransferFrom of exactly amount_in of token_in to router_address, nonce = quote_id, deadline = deadline, witness = the whole ERC-7683 GaslessCrossChainOrder (orderData = the signed quote) that `calldata` (openFor without the signature) carries'),
      gas_fee_amount: Wei.describe('The submitter\'s gas (estimated gas of swapPermit2 or, cross-chain, of openFor on the source chain × current gas price × GASLESS_GAS_MARGIN_PCT), converted to gas_fee_token at the quote\'s prices; already inside fee_amount, amount_out and min_amount_out. Cross-chain it is held with the service fee and returned with the escrow on a refund'),
      gas_fee_token: Address.describe('Token the gas fee is taken in: token_in, from the input'),
      approval: z
        .object({
          eip712: PermitTypedData.describe('EIP-712 typed data (eth_signTypedData_v4; integers as decimal strings): the token\'s EIP-2612 Permit of owner = from_address, spender = Permit2, value = max uint256, nonce = the token\'s current nonce for from_address, deadline = the quote\'s deadline, in the token\'s own domain'),
        })
        .optional()
        .describe('Only when from_address\'s Permit2 allowance of token_in is short of amount_in and token_in has EIP-2612 permit: sign `eip712` too and POST it as approval_signature; the submitter sends token.permit before the order (its gas is inside gas_fee_amount), so the first swap needs no transaction at all'),
    })
    .optional()
    .describe('With gasless true: sign `eip712` as from_address and POST { quote_id, signature } to /v1/orders; Swapdesk\'s submitter sends the transaction'),
  order_id: z.string().optional().describe('Cross-chain: the ERC-7683 order id the deposit will open (bytes32 hex)'),
  fill_deadline: z.number().int().optional().describe('Cross-chain: Unix seconds on the destination chain\'s clock; unfilled by then, the deposit is refunded'),
}).meta({ id: 'FirmQuote' });

export const QuoteStatus = z.object({
  quote_id: z.string(),
  status: z
    .enum(['issued', 'submitted', 'filled', 'failed', 'expired', 'deposited', 'settled', 'refunded'])
    .describe('Same-chain: issued → filled | expired; gasless: issued → submitted (posted to /v1/orders) → filled, or failed (error.reason) when the submitter could not send it and nothing of the sender\'s moved. Cross-chain: issued → deposited → filled → settled, or deposited → expired → refunded (expired is not final for a deposit); issued → expired when never deposited; gasless cross-chain: issued → submitted → deposited → filled → settled, or failed'),
  src_tx_hash: z.string().nullable().describe('Source-chain transaction that executed the quote (cross-chain: the deposit)'),
  dst_tx_hash: z.string().nullable().describe('Cross-chain: the fill on the destination chain'),
  amount_out_actual: Wei.nullable().describe('What the recipient received, wei of token_out'),
  updated_at: z.number().int().describe('Unix seconds'),
  src_chain_id: z.number().int().optional(),
  dst_chain_id: z.number().int().optional(),
  order_id: z.string().nullable().optional().describe('Cross-chain: ERC-7683 order id'),
  fill_deadline: z.number().int().nullable().optional().describe('Cross-chain: Unix seconds on the destination chain\'s clock'),
  refund_tx_hash: z.string().nullable().optional().describe('Cross-chain: the refund of the escrow on the source chain'),
  settle_tx_hash: z.string().nullable().optional().describe('Cross-chain: the relayer\'s repayment from the escrow on the source chain'),
  filler: z.string().nullable().optional().describe('Cross-chain: the address that filled the order on the destination (Swapdesk\'s relayer or any other filler); null until filled'),
  filled_at: z.number().int().nullable().optional().describe('Cross-chain: Unix seconds (destination clock) of the fill; null until filled'),
  escrow: ChainToken.nullable().optional().describe('Cross-chain: the bridge asset escrowed on the source chain (what a refund returns)'),
  delayed: z.boolean().optional().describe('Cross-chain: the deposit is not delivered on time — the relayer recorded why it has not filled it, or the fill deadline passed and the refund is due'),
  delay_reason: z.string().nullable().optional().describe('Cross-chain: why the order is (or was) not delivered, in words, with the named reason (InsufficientOutput, NativeTransferFailed, EscrowTooSmall, …); null when nothing held it up'),
  refund_possible_at: z.number().int().nullable().optional().describe('Cross-chain: Unix seconds (destination clock) from which the escrow and the service fee can be refunded with the attester\'s signature (fill_deadline + 1); null once filled, settled or refunded'),
  refund_permissionless_at: z.number().int().nullable().optional().describe('Cross-chain: Unix seconds (source clock) from which anyone can refund the escrow and the fee without the service (fill_deadline + the router\'s REFUND_GRACE_SEC + 1); null once final or when unknown'),
  error: z.object({ reason: z.string().describe('Why, in words, with the router\'s or Permit2\'s error name when it had one') }).nullable().optional().describe('Gasless: why the submitter did not execute the order (status failed); null otherwise'),
  relayer_top_up: Wei.nullable().optional().describe('Cross-chain: destination bridge asset (wei) the relayer added of its own to deliver min_amount_out after the destination pool moved; null when none'),
}).meta({ id: 'QuoteStatus' });

export type IndicativeQuoteRequest = z.infer<typeof IndicativeQuoteRequest>;
export type FirmQuoteRequest = z.infer<typeof FirmQuoteRequest>;
export type IndicativeQuote = z.infer<typeof IndicativeQuote>;
export type FirmQuote = z.infer<typeof FirmQuote>;
export type QuoteStatus = z.infer<typeof QuoteStatus>;
