// POST /v1/orders: a gasless quote of the caller's, signed by its sender, becomes `submitted` for the submitter (with the
// sender's EIP-2612 permit to Permit2 when the quote offered one).
import 'server-only';
import { erc20Abi, getAddress, type Address, type Hex, type PublicClient } from 'viem';
import type { OrderAccepted, OrderRequest } from '@/lib/api/schemas/orders';
import type { AuthContext } from '@/lib/auth/authContext';
import { findChain } from '@/lib/chains/loadChains';
import { PERMIT2_ADDRESS } from '@/lib/contracts/permit2';
import { DomainError } from '@/lib/domain/DomainError';
import { env } from '@/lib/env';
import { chainClient } from '@/lib/indexer/chainClient';
import { quoteDb } from '@/lib/quote/quoteDb';
import { quoteStore } from '@/lib/quote/quoteStore';
import { isApprovalSignature, parseApproval } from './gaslessApproval';
import { gaslessDb } from './gaslessDb';
import { gaslessOrderStore, type GaslessOrder } from './gaslessOrderStore';
import { gaslessStatus } from './gaslessStatus';
import { verifyOrderSignature } from './verifyOrderSignature';

function alreadyPosted(quoteId: string, status: string): DomainError {
  return new DomainError('ORDER_EXISTS', `quote_id ${quoteId} was already posted as an order; it is ${status}`, { field: 'quote_id', status });
}

function assertTimeLeft(order: GaslessOrder, quoteId: string): void {
  const left = order.deadline - Math.floor(Date.now() / 1000);
  if (left < 0) throw new DomainError('INVALID_ARGUMENT', `quote_id ${quoteId} expired at ${order.deadline}; ask a new gasless quote`, { field: 'quote_id' });
  const window = env().GASLESS_MIN_WINDOW_SEC;
  if (left < window) {
    throw new DomainError('INVALID_ARGUMENT', `quote_id ${quoteId} expires in ${left} s, too close to its deadline for the submitter (it needs ${window} s); ask a new gasless quote`, { field: 'quote_id' });
  }
}

const chainDown = (chainId: number, what: string, error: unknown) =>
  new DomainError('CHAIN_UNAVAILABLE', `chain ${chainId} did not answer while ${what} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); try again shortly`, { retry_after_sec: 1 });

/**
 * The permit signature to keep with the order, and the permit it signs when that is not the one the quote offered: the
 * signature is required (and checked against from_address) when the quote offered `gasless.approval` and the Permit2
 * allowance is still short, refused when the quote offered none. `approval_deadline` names a permit signed for an
 * earlier quote: the offered one but for its deadline, which must leave the submitter its window and not outlive this
 * quote.
 */
async function approvalSignatureOf(order: GaslessOrder, body: OrderRequest, client: PublicClient): Promise<{ signature?: string; approval?: string }> {
  const { quote_id: quoteId, approval_signature: given, approval_deadline: deadline } = body;
  if (deadline !== undefined && given === undefined) {
    throw new DomainError('INVALID_ARGUMENT', 'approval_deadline names the deadline of the permit approval_signature signs: post it with approval_signature', { field: 'approval_deadline' });
  }
  if (!order.approval) {
    if (given !== undefined) {
      throw new DomainError('INVALID_ARGUMENT', `quote_id ${quoteId} offered no gasless.approval (its Permit2 allowance was enough, or token_in has no EIP-2612 permit): post it without approval_signature`, { field: 'approval_signature' });
    }
    return {};
  }
  const offered = parseApproval(order.approval);
  if (given !== undefined) {
    const approval = deadline === undefined ? offered : { ...offered, deadline };
    if (deadline !== undefined) assertPermitWindow(deadline, offered.deadline);
    if (!(await isApprovalSignature(approval, given as Hex))) {
      const signed = deadline === undefined ? 'this quote\'s gasless.approval.eip712' : `this quote's gasless.approval.eip712 with deadline ${deadline}`;
      throw new DomainError('INVALID_ARGUMENT', `approval_signature is not from_address ${order.from_address}'s signature of ${signed}`, { field: 'approval_signature' });
    }
    return { signature: given, ...(deadline === undefined ? {} : { approval: JSON.stringify(approval) }) };
  }
  const allowance = await client.readContract({ address: offered.token, abi: erc20Abi, functionName: 'allowance', args: [offered.owner, offered.spender] })
    .catch((error: unknown) => Promise.reject(chainDown(order.chain_id, 'reading the Permit2 allowance', error)));
  if (allowance < BigInt(offered.amount)) {
    throw new DomainError('INVALID_ARGUMENT', `approval_signature is required: from_address's Permit2 allowance of token_in (${allowance}) is short of amount_in ${offered.amount}; sign the quote's gasless.approval.eip712 too`, { field: 'approval_signature' });
  }
  return {};
}

/** An earlier quote's permit is taken only while the submitter can still send it, and never past this quote's deadline. */
function assertPermitWindow(deadline: number, quoteDeadline: number): void {
  if (deadline > quoteDeadline) {
    throw new DomainError('INVALID_ARGUMENT', `approval_deadline ${deadline} is past this quote's deadline ${quoteDeadline}: sign the quote's gasless.approval.eip712`, { field: 'approval_deadline' });
  }
  const left = deadline - Math.floor(Date.now() / 1000);
  const window = env().GASLESS_MIN_WINDOW_SEC;
  if (left < window) {
    throw new DomainError('INVALID_ARGUMENT', `the permit approval_signature signs expires in ${left} s, too close for the submitter (it needs ${window} s): sign the quote's gasless.approval.eip712`, { field: 'approval_deadline' });
  }
}

export async function postOrder(body: OrderRequest, auth: AuthContext): Promise<OrderAccepted> {
  const quote = await quoteStore(await quoteDb()).find(body.quote_id);
  // Another caller's quote answers exactly like an unknown one: ids are not an oracle.
  if (!quote || quote.sub !== auth.sub) throw new DomainError('NOT_FOUND', `quote_id ${body.quote_id} is not a quote of this token`, { field: 'quote_id' });
  const store = gaslessOrderStore(await gaslessDb());
  const order = await store.find(body.quote_id);
  if (!order) {
    throw new DomainError('INVALID_ARGUMENT', `quote_id ${body.quote_id} is not a gasless quote: ask the firm quote with gasless true to have Swapdesk send it`, { field: 'quote_id' });
  }
  if (order.status !== 'issued') throw alreadyPosted(body.quote_id, gaslessStatus(order.status));
  if (quote.status !== 'issued') throw alreadyPosted(body.quote_id, quote.status);
  assertTimeLeft(order, body.quote_id);
  const chain = findChain(order.chain_id);
  if (!chain) throw new DomainError('CHAIN_UNAVAILABLE', `chain ${order.chain_id} of quote_id ${body.quote_id} is not configured any more`, { field: 'quote_id' });
  const signed = {
    chainId: order.chain_id, router: getAddress(order.router_address), permit2: chain.permit2 ?? PERMIT2_ADDRESS,
    calldata: order.calldata as Hex, from: order.from_address as Address, signature: body.signature as Hex,
  };
  const client = chainClient(chain);
  const valid = await verifyOrderSignature(signed, client).catch((error: unknown) => {
    // Whether from_address is a contract wallet, and what it answers, is the chain's to say.
    throw chainDown(chain.id, 'checking the signature', error);
  });
  if (!valid) {
    throw new DomainError('INVALID_ARGUMENT', `signature is not from_address ${order.from_address}'s signature of this quote's gasless.eip712`, { field: 'signature' });
  }
  const approval = await approvalSignatureOf(order, body, client);
  if (!(await store.submit(body.quote_id, body.signature, Date.now(), approval.signature, approval.approval))) {
    const now = await store.find(body.quote_id);
    throw alreadyPosted(body.quote_id, now ? gaslessStatus(now.status) : 'submitted');
  }
  return { quote_id: quote.quote_id, status: 'submitted' };
}
