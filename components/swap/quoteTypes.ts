// The quote shapes of API.md §4 as the browser reads them (amounts stay integer strings until display).
import type { Address, Hex } from 'viem';

export type RouteHop = { pool: Address; token_in: Address; token_out: Address };

export type IndicativeQuoteRequest = {
  src_chain_id: number;
  dst_chain_id: number;
  token_in: Address;
  token_out: Address;
  amount_in: string;
};

export type IndicativeQuote = IndicativeQuoteRequest & {
  amount_out: string;
  fee_rate: number;
  fee_amount: string;
  route: RouteHop[];
  price_impact_bps: number;
  block_number?: number | string;
};

export type FirmQuoteRequest = IndicativeQuoteRequest & {
  from_address: Address;
  to_address: Address;
  indicative_amount_out?: string;
  slippage: number;
  expiry_time_sec: number;
};

export type FirmQuote = {
  quote_id: string;
  src_chain_id: number;
  dst_chain_id: number;
  calldata: Hex;
  router_address: Address;
  from_address: Address;
  to_address: Address;
  token_in: Address;
  token_out: Address;
  amount_in: string;
  amount_out: string;
  min_amount_out: string;
  fee_rate: number;
  fee_amount: string;
  deadline: number;
  value: string;
  allowance_target: Address | null;
  route: RouteHop[];
  price_impact_bps: number;
};
