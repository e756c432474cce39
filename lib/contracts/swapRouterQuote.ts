// EIP-712 typed data of a SwapRouter quote, its signature, and the `swap` calldata that carries both.
import {
  decodeFunctionData,
  encodeFunctionData,
  hashTypedData,
  recoverTypedDataAddress,
  type Address,
  type Hex,
  type LocalAccount,
  type TypedDataDomain,
} from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { abiLegs, fromAbiLegs, LEG_TYPE, MAX_HOPS, type Leg } from './legs';

export const SWAP_ROUTER_DOMAIN_NAME = 'Swapdesk SwapRouter';
export const SWAP_ROUTER_DOMAIN_VERSION = '1';
/** The router refuses a fee above this share of amountIn (`SwapRouter.FEE_CAP_BPS`). */
export const ROUTER_FEE_CAP_BPS = 100n;
/** The longest route the router executes (`SwapRouter.MAX_HOPS`): a path of at most this many + 1 tokens. */
export const ROUTER_MAX_HOPS = MAX_HOPS;

/** Field order and types exactly as `SwapRouter.QUOTE_TYPEHASH`. */
export const QUOTE_TYPES = {
  Quote: [
    { name: 'quoteId', type: 'bytes32' },
    { name: 'sender', type: 'address' },
    { name: 'recipient', type: 'address' },
    { name: 'tokenIn', type: 'address' },
    { name: 'tokenOut', type: 'address' },
    { name: 'amountIn', type: 'uint256' },
    { name: 'feeAmount', type: 'uint256' },
    { name: 'minAmountOut', type: 'uint256' },
    { name: 'legs', type: 'Leg[]' },
    { name: 'srcChainId', type: 'uint64' },
    { name: 'dstChainId', type: 'uint64' },
    { name: 'deadline', type: 'uint64' },
  ],
  Leg: LEG_TYPE,
} as const;

/** A quote as the router sees it. `tokenIn`/`tokenOut` are the zero address for the native coin; `legs` spend amountIn − feeAmount, in order, along paths of ERC20s (WETH for a native end). */
export type RouterQuote = {
  quoteId: Hex;
  sender: Address;
  recipient: Address;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  feeAmount: bigint;
  minAmountOut: bigint;
  legs: readonly Leg[];
  srcChainId: bigint;
  dstChainId: bigint;
  deadline: bigint;
};

export function swapRouterDomain(chainId: number | bigint, router: Address): TypedDataDomain {
  return {
    name: SWAP_ROUTER_DOMAIN_NAME,
    version: SWAP_ROUTER_DOMAIN_VERSION,
    chainId: BigInt(chainId),
    verifyingContract: router,
  };
}

function typedData(chainId: number | bigint, router: Address, quote: RouterQuote) {
  return {
    domain: swapRouterDomain(chainId, router),
    types: QUOTE_TYPES,
    primaryType: 'Quote',
    message: { ...quote, legs: abiLegs(quote.legs) },
  } as const;
}

/** The digest the router recovers the signer from (equals `SwapRouter.hashQuote`). */
export function hashRouterQuote(chainId: number | bigint, router: Address, quote: RouterQuote): Hex {
  return hashTypedData(typedData(chainId, router, quote));
}

export async function signRouterQuote(
  account: LocalAccount,
  chainId: number | bigint,
  router: Address,
  quote: RouterQuote,
): Promise<Hex> {
  return account.signTypedData(typedData(chainId, router, quote));
}

export async function recoverRouterQuoteSigner(
  chainId: number | bigint,
  router: Address,
  quote: RouterQuote,
  signature: Hex,
): Promise<Address> {
  return recoverTypedDataAddress({ ...typedData(chainId, router, quote), signature });
}

export function encodeSwapCalldata(quote: RouterQuote, signature: Hex): Hex {
  return encodeFunctionData({ abi: swapRouterAbi, functionName: 'swap', args: [{ ...quote, legs: abiLegs(quote.legs) }, signature] });
}

/** Inverse of encodeSwapCalldata; throws when `data` is not a `swap` call. */
export function decodeSwapCalldata(data: Hex): { quote: RouterQuote; signature: Hex } {
  const decoded = decodeFunctionData({ abi: swapRouterAbi, data });
  if (decoded.functionName !== 'swap') throw new Error(`not a swap call: ${decoded.functionName}`);
  const [quote, signature] = decoded.args;
  return { quote: { ...quote, legs: fromAbiLegs(quote.legs) }, signature };
}
