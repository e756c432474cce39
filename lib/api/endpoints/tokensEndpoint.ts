// GET /v1/tokens: a chain's tokens with USD prices, searchable; one token by address, read on-chain when unlisted.
import { defineEndpoint } from '../openapi';
import { TokensQuery, TokensResponse } from '../schemas/tokens';
import { MARKET_CACHE_CONTROL } from './marketEndpoints';

export const tokensEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/tokens',
  summary: 'Tokens of a chain: search by symbol, name or address; look up any ERC-20 by address',
  description:
    'Without `address`: the native coin (zero address), the chain registry\'s tokens (`verified: true`) and every token of an indexed pool, matched by `q` '
    + '(part of the symbol or name, any case, or the start of the address), verified first, then exact and leading symbol matches. '
    + 'With `address`: that one token in a one-row array; a token that is not listed is read from the chain (ERC-20 `symbol`, `name`, `decimals`; '
    + 'a bytes32 symbol or name is decoded, a missing name is "") and kept, `verified: false`. An address that is not an ERC-20 contract is 404.',
  tags: ['market'],
  query: TokensQuery,
  response: TokensResponse,
  example: {
    query: { chainId: 31337, q: 'usd' },
    response: [{ address: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', symbol: 'USDC', name: 'USD Coin', decimals: 6, verified: true, price_usd: '1' }],
  },
  cacheControl: MARKET_CACHE_CONTROL,
  errors: ['UNSUPPORTED_CHAIN', 'NOT_FOUND', 'CHAIN_UNAVAILABLE'],
});
