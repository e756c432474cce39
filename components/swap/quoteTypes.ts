// The quote shapes of API.md §4 as the browser reads them: the types generated from /v1/openapi.json
// (lib/api/generated/v1.ts), with addresses, hashes and calldata narrowed to viem's types. Amounts stay integer
// strings until display.
import type { Address, Hex } from 'viem';
import type { components } from '@/lib/api/generated/v1';

type Schemas = components['schemas'];
/** `T` with the fields of `A` replaced by their narrower types. */
type Narrow<T, A extends Partial<Record<keyof T, unknown>>> = Omit<T, keyof A> & A;

export type RouteHop = Narrow<Schemas['RouteHop'], { pool: Address; token_in: Address; token_out: Address }>;

/** One path of the route with its share of the swapped input; a single path is one leg of 10000 bps (API.md §4). */
export type RouteLeg = Narrow<Schemas['RouteLeg'], { hops: RouteHop[] }>;

export type ChainAmount = { chain_id: number; token: Address; amount: string };

/** Legs in execution order; cross-chain, the source chain's then the destination chain's. */
type Route = { route: RouteLeg[] };
type Extras = 'relayer_fee' | 'estimated_fill_time_sec' | 'bridge' | 'order_id' | 'fill_deadline';

/** Extras of a cross-chain quote (src_chain_id ≠ dst_chain_id); absent on same-chain quotes. */
export type CrossChainExtras = Narrow<
  Pick<Schemas['FirmQuote'], Extras>,
  { relayer_fee?: ChainAmount; bridge?: { src: ChainAmount & { min_amount?: string }; dst: ChainAmount }; order_id?: Hex }
>;

export type IndicativeQuoteRequest = Narrow<Schemas['IndicativeQuoteRequest'], { token_in: Address; token_out: Address }>;

export type IndicativeQuote = Narrow<Schemas['IndicativeQuote'], { token_in: Address; token_out: Address } & Route & Omit<CrossChainExtras, 'order_id' | 'fill_deadline'>>;

export type FirmQuoteRequest = Narrow<Schemas['FirmQuoteRequest'], { token_in: Address; token_out: Address; from_address: Address; to_address: Address }>;

export type FirmQuote = Narrow<
  Schemas['FirmQuote'],
  {
    calldata: Hex;
    router_address: Address;
    from_address: Address;
    to_address: Address;
    token_in: Address;
    token_out: Address;
    allowance_target: Address | null;
  } & Route & CrossChainExtras
>;

/** GET /v1/quote/status (API.md §4); the cross-chain fields are absent on same-chain quotes. */
export type QuoteStatus = Narrow<
  Schemas['QuoteStatus'],
  {
    quote_id: Hex;
    src_tx_hash: Hex | null;
    dst_tx_hash: Hex | null;
    order_id?: Hex | null;
    refund_tx_hash?: Hex | null;
    settle_tx_hash?: Hex | null;
    escrow?: ChainAmount | null;
  }
>;
