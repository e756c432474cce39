// Checks the Permit2 typed data of a firm quote before the wallet is asked to sign it: the signature lets the router
// take the token, so it must permit exactly the quoted input, to the router alone, for the quote in the calldata.
import { hashTypedData, isAddressEqual, isAddress, type Address, type Hex, type TypedDataDefinition } from 'viem';
import { permit2Eip712, permit2TypedData } from '@/lib/contracts/permit2';
import type { RouterQuote } from '@/lib/contracts/swapRouterQuote';

/** `permit2.eip712` of a firm quote as it arrived (untrusted: every field is checked). */
export type Permit2TypedDataToCheck = {
  domain: { name?: unknown; chainId?: unknown; verifyingContract?: unknown; version?: unknown };
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
};

/** What the permit must say: the network, its Permit2 and router, the order's token and amount, the calldata's quote. */
export type ExpectedPermit2 = { chainId: number; permit2: Address; router: Address; tokenIn: Address; amountIn: bigint; quote: RouterQuote; latestDeadlineSec?: number };

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

function integer(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if ((typeof value === 'string' && /^(0|[1-9][0-9]*)$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value))) return BigInt(value);
  return undefined;
}

const sameAddress = (value: unknown, want: Address) => typeof value === 'string' && isAddress(value, { strict: false }) && isAddressEqual(value, want);

/** Types compared as sets of `Name(type name,…)` lines, so key order in the JSON does not matter. */
function typeLines(types: Record<string, readonly { name: string; type: string }[]>): string {
  return Object.entries(types)
    .filter(([name]) => name !== 'EIP712Domain')
    .map(([name, fields]) => `${name}(${fields.map((f) => `${f.type} ${f.name}`).join(',')})`)
    .sort()
    .join('\n');
}

function digest(typed: Permit2TypedDataToCheck): string | undefined {
  try {
    const { EIP712Domain: _domain, ...types } = typed.types;
    return hashTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message } as TypedDataDefinition);
  } catch {
    return undefined;
  }
}

/**
 * What any Permit2 witness permit of an order must say: the network, its Permit2, the router as spender, the order's
 * token and amount, its id as nonce, its deadline; `types` and `digest` are of the permit the calldata's own order makes.
 */
export type PermitTerms = {
  chainId: number;
  permit2: Address;
  router: Address;
  tokenIn: Address;
  amountIn: bigint;
  nonce: bigint;
  deadline: bigint;
  latestDeadlineSec?: number;
  /** What the witness is, in words: "the quote", "the order". */
  witness: string;
  types: Record<string, readonly { name: string; type: string }[]>;
  digest: Hex;
};

/** Every way the permit differs from the terms, in words; empty when signing it is safe. */
export function checkPermitTerms(typed: Permit2TypedDataToCheck, want: PermitTerms): string[] {
  const problems: string[] = [];
  const { domain, message } = typed;
  if (domain.name !== 'Permit2' || domain.version !== undefined) problems.push('the permit is not in Permit2\'s signing domain');
  if (integer(domain.chainId) !== BigInt(want.chainId)) problems.push('the permit is for another network');
  if (!sameAddress(domain.verifyingContract, want.permit2)) problems.push(`the permit is for the contract ${short(String(domain.verifyingContract))}, not the network's Permit2 ${short(want.permit2)}`);
  if (typed.primaryType !== 'PermitWitnessTransferFrom' || typeLines(typed.types) !== typeLines(want.types)) problems.push(`the permit is not Permit2's PermitWitnessTransferFrom with ${want.witness} as witness`);
  const permitted = (message.permitted ?? {}) as { token?: unknown; amount?: unknown };
  if (!sameAddress(permitted.token, want.tokenIn)) problems.push(`the permit lets ${short(String(permitted.token))} be taken, not the token you pay`);
  if (integer(permitted.amount) !== want.amountIn) problems.push(`the permit lets ${String(permitted.amount)} be taken, not the ${want.amountIn} you entered (base units)`);
  if (!sameAddress(message.spender, want.router)) problems.push(`the permit lets ${short(String(message.spender))} take the token, not the network's swap router`);
  if (integer(message.nonce) !== want.nonce) problems.push(`the permit's nonce is not the quote id, so it could serve another ${want.witness.replace(/^the /, '')}`);
  const deadline = integer(message.deadline);
  if (deadline !== want.deadline) problems.push('the permit\'s deadline is not the quote\'s');
  else if (want.latestDeadlineSec !== undefined && deadline > BigInt(want.latestDeadlineSec)) problems.push('the permit stays valid far longer than the quote you asked for');
  // Every field above agrees: what is left is the witness, compared through the digest the wallet would sign.
  if (problems.length === 0 && digest(typed) !== want.digest) problems.push(`the permit's witness is not ${want.witness} in the transaction`);
  return problems;
}

/** Every way the permit differs from the one this same-chain quote needs, in words; empty when signing it is safe. */
export function checkPermit2(typed: Permit2TypedDataToCheck, want: ExpectedPermit2): string[] {
  return checkPermitTerms(typed, {
    ...want, nonce: BigInt(want.quote.quoteId), deadline: want.quote.deadline, witness: 'the quote',
    types: permit2Eip712(want.chainId, want.router, want.quote, want.permit2).types,
    digest: hashTypedData(permit2TypedData(want.chainId, want.router, want.quote, want.permit2)),
  });
}
