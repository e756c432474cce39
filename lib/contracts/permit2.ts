// Uniswap's Permit2 as Swapdesk uses it: where it lives and the `PermitWitnessTransferFrom` a
// trader signs so that SwapRouter.swapPermit2 takes exactly the quoted input, with the whole quote as witness.
import { concat, decodeFunctionData, encodeFunctionData, numberToHex, pad, size, slice, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { abiLegs, fromAbiLegs } from './legs';
import { QUOTE_TYPES, type RouterQuote } from './swapRouterQuote';

/**
 * Permit2's address on every chain where it was deployed through the CREATE2 deployer (mainnet, L2s, our devnets).
 * A literal, so the browser, which signs permits, does not load Permit2's bytecode; permit2Deploy.test.ts derives it.
 */
export const PERMIT2_ADDRESS: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

/**
 * Permit2's `PermitWitnessTransferFrom` with the router's `Quote` as witness, in the field order of
 * `SwapRouter.PERMIT2_WITNESS_TYPE` (Permit2 appends the witness type to its own).
 */
export const PERMIT2_QUOTE_TYPES = {
  PermitWitnessTransferFrom: [
    { name: 'permitted', type: 'TokenPermissions' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'witness', type: 'Quote' },
  ],
  TokenPermissions: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  ...QUOTE_TYPES,
} as const;

/** The Permit2 nonce of a quote: its id, so one signature can never serve two quotes. */
export function permit2Nonce(quote: RouterQuote): bigint {
  return BigInt(quote.quoteId);
}

/** What the trader signs for `swapPermit2` of `quote` on `router` (Permit2's domain has no version). */
export function permit2TypedData(chainId: number | bigint, router: Address, quote: RouterQuote, permit2: Address = PERMIT2_ADDRESS) {
  return {
    domain: { name: 'Permit2', chainId: BigInt(chainId), verifyingContract: permit2 },
    types: PERMIT2_QUOTE_TYPES,
    primaryType: 'PermitWitnessTransferFrom',
    message: {
      permitted: { token: quote.tokenIn, amount: quote.amountIn },
      spender: router,
      nonce: permit2Nonce(quote),
      deadline: quote.deadline,
      witness: { ...quote, legs: abiLegs(quote.legs) },
    },
  } as const;
}

/**
 * `swapPermit2(quote, signature, permitSignature)` calldata without the permit signature: its offset points at the
 * end, so appending `uint256(length) ‖ signature` (appendPermit2Signature, 0x's convention) completes the call.
 */
export function encodeSwapPermit2Calldata(quote: RouterQuote, signature: Hex): Hex {
  const full = encodeFunctionData({ abi: swapRouterAbi, functionName: 'swapPermit2', args: [{ ...quote, legs: abiLegs(quote.legs) }, signature, '0x'] });
  // An empty `bytes` last argument encodes as its offset in the head and one zero length word at the very end.
  const withoutLength = slice(full, 0, size(full) - 32);
  const offset = BigInt(slice(full, 4 + 2 * 32, 4 + 3 * 32));
  if (offset !== BigInt(size(withoutLength) - 4)) throw new Error('swapPermit2 calldata: the permit signature is not encoded last');
  return withoutLength;
}

/** The transaction data the trader sends: the quote's calldata, the signature's length as a uint256, the signature. */
export function appendPermit2Signature(calldata: Hex, permitSignature: Hex): Hex {
  return concat([calldata, pad(numberToHex(size(permitSignature)), { size: 32 }), permitSignature]);
}

/**
 * Inverse of encodeSwapPermit2Calldata (calldata as a firm quote carries it, without the permit signature): the quote,
 * its signature, and whether a signature appended as 0x's convention says is the one the router would read. Throws when
 * `calldata` is not such a `swapPermit2` call.
 */
export function decodeSwapPermit2Calldata(calldata: Hex): { quote: RouterQuote; signature: Hex; takesAppendedSignature: boolean } {
  const decoded = decodeFunctionData({ abi: swapRouterAbi, data: appendPermit2Signature(calldata, '0x') });
  if (decoded.functionName !== 'swapPermit2') throw new Error(`not a swapPermit2 call: ${decoded.functionName}`);
  const [quote, signature] = decoded.args;
  const probe: Hex = `0x${'5a'.repeat(65)}`;
  const withProbe = decodeFunctionData({ abi: swapRouterAbi, data: appendPermit2Signature(calldata, probe) });
  const takesAppendedSignature = withProbe.functionName === 'swapPermit2' && withProbe.args[2] === probe;
  return { quote: { ...quote, legs: fromAbiLegs(quote.legs) }, signature, takesAppendedSignature };
}

/** JSON-safe typed data (integers as decimal strings) for a wallet's eth_signTypedData_v4 or viem's signTypedData. */
export type Permit2Eip712 = {
  domain: { name: 'Permit2'; chainId: number; verifyingContract: Address };
  types: Record<string, { name: string; type: string }[]>;
  primaryType: 'PermitWitnessTransferFrom';
  message: Record<string, unknown>;
};

const EIP712_DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** permit2TypedData as a firm quote carries it: EIP712Domain listed (Permit2's has no version), bigints as strings. */
export function permit2Eip712(chainId: number, router: Address, quote: RouterQuote, permit2: Address = PERMIT2_ADDRESS): Permit2Eip712 {
  const { message } = permit2TypedData(chainId, router, quote, permit2);
  const types: Record<string, { name: string; type: string }[]> = { EIP712Domain: EIP712_DOMAIN_TYPE };
  for (const [name, fields] of Object.entries(PERMIT2_QUOTE_TYPES)) types[name] = fields.map((f) => ({ name: f.name, type: f.type }));
  return {
    domain: { name: 'Permit2', chainId, verifyingContract: permit2 },
    types,
    primaryType: 'PermitWitnessTransferFrom',
    message: JSON.parse(JSON.stringify(message, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))) as Record<string, unknown>,
  };
}
