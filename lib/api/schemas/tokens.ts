// GET /v1/tokens (API.md §11): query and row schemas.
import { z } from 'zod';
import { TOKENS_DEFAULT_LIMIT, TOKENS_MAX_LIMIT } from '@/lib/market/tokenList';
import { addressString, queryInt } from './primitives';

const MAX_ID = Number.MAX_SAFE_INTEGER;

export const TokensQuery = z.object({
  chainId: queryInt('chainId', 1, MAX_ID, 'Chain id'),
  q: z.string({ error: 'q must be text' }).trim().min(1, { error: 'q must not be empty' }).max(64, { error: 'q must be at most 64 characters' })
    .describe('Case-insensitive: part of a symbol or name, or the start of an address (0x…)').optional(),
  address: addressString('address').describe('One token by address: read from the chain (and kept) when it is not listed; 404 when it is not an ERC-20 contract').optional(),
  limit: queryInt('limit', 1, TOKENS_MAX_LIMIT, `Tokens per answer, default ${TOKENS_DEFAULT_LIMIT}`).optional(),
}).strict();

export const TokenDTO = z.object({
  address: z.string().describe('EIP-55; the zero address is the chain\'s native coin'),
  symbol: z.string(),
  name: z.string().describe('"" when the contract has no name'),
  decimals: z.number().int(),
  verified: z.boolean().describe('true for the chain registry\'s tokens (and the native coin); false for tokens only seen in pools or looked up by address'),
  price_usd: z.string().nullable().describe('USD per whole token (human-unit decimal string); null without a USD price path'),
}).meta({ id: 'Token' });

export const TokensResponse = z.array(TokenDTO);

export type TokensQuery = z.output<typeof TokensQuery>;
export type TokenDTO = z.output<typeof TokenDTO>;
