// Puts a failed swap or approval into words: the router's and Permit2's custom errors decoded, a rejected signature recognised.
import { BaseError, decodeErrorResult, UserRejectedRequestError, type Abi, type Hex } from 'viem';
import { permit2BrowserAbi as permit2Abi } from '@/lib/contracts/permit2BrowserAbi';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';

const MESSAGES: Record<string, string> = {
  QuoteExpired: 'The quote expired before the transaction was mined. Ask a new quote.',
  QuoteAlreadyUsed: 'This quote was already used. Ask a new quote.',
  InvalidSignature: 'The router did not accept the quote signature. Ask a new quote.',
  WrongSender: 'This quote was issued for another wallet.',
  WrongChain: 'This quote is for another network.',
  CrossChainNotSupported: 'This router does not settle cross-chain quotes.',
  InsufficientOutput: 'The price moved: you would receive less than the minimum. Ask a new quote.',
  InsufficientLiquidity: 'The pool no longer has enough liquidity for this amount.',
  PairNotFound: 'A pool on this route no longer exists.',
  V3PoolNotFound: 'A pool on this route no longer exists.',
  V3AmountMismatch: 'The pool no longer has enough liquidity for this amount.',
  InputBelowReserve: 'A token on this route did not arrive in its pool as it should. Ask a new quote.',
  UnexpectedCallback: 'Something other than the route\'s pool tried to take payment; the swap was stopped.',
  InvalidValue: 'The amount of native coin sent does not match the quote.',
  InvalidRecipient: 'The recipient cannot receive this token.',
  NativeTransferFailed: 'The recipient refused the native coin.',
  FeeTooHigh: 'The quote asks a fee above the router cap.',
  ZeroAmountIn: 'The amount must be greater than zero.',
  InsufficientAllowance: 'The router may not spend enough of this token. Approve it and try again.',
  InsufficientBalance: 'Your wallet does not hold enough of this token for the quoted amount.',
  InvalidPath: 'The quoted route does not connect the two tokens. Ask a new quote.',
  InvalidLegs: 'The quoted route is malformed. Ask a new quote.',
  LegAmountsMismatch: 'The quoted route does not spend the quoted amount. Ask a new quote.',
  UnexpectedNativeSender: 'The router does not accept native coin sent to it directly.',
  SafeERC20FailedOperation: 'The token refused the transfer. Nothing was sent.',
  ReentrancyGuardReentrantCall: 'The swap was stopped: a contract tried to re-enter the router.',
  NotCrossChain: 'This quote is not a cross-chain quote. Ask a new quote.',
  InsufficientBridgeAmount: 'The price moved by more than your slippage: the swap to the bridge asset would give too little. Ask a new quote.',
  InvalidOrderDataType: 'The router does not know this kind of cross-chain order.',
  FillDeadlineMismatch: 'The order\'s fill deadline differs from the quote. Ask a new quote.',
  InvalidFillDeadline: 'The quote\'s delivery deadline has passed or lies further ahead than the router allows. Ask a new quote.',
  InvalidDestination: 'The quote names no valid destination. Ask a new quote.',
  WrongOriginSettler: 'This gasless order was signed for another router. Ask a new quote.',
  OpenDeadlineMismatch: 'The gasless order\'s open deadline differs from the quote. Ask a new quote.',
  NativeInputNotGasless: 'A gasless order cannot spend the native coin: swap a token, or send the order yourself.',
  OrderNotOpen: 'This order was already settled or refunded.',
  InvalidAttestation: 'The settlement attestation was not accepted.',
  RefundTooEarly: 'The refund is not available yet: the grace period after the deadline has not passed.',
  RoleDelayTooShort: 'The router\'s attester delay is too short for its fill window and refund grace.',
  FeeAmountTooLarge: 'The quote\'s fee is larger than the router can hold. Ask a new quote.',
  InputNotReceived: 'Less of this token arrived than was signed for (a token that charges on transfer); nothing was swapped.',
};

/** Permit2's own errors (SignatureTransfer, AllowanceTransfer, SignatureVerification), met by a Permit2 swap or a revoke. */
const PERMIT2_MESSAGES: Record<string, string> = {
  InvalidNonce: 'This Permit2 signature was already used or cancelled. Ask a new quote and sign again.',
  SignatureExpired: 'Your Permit2 signature expired before the transaction was mined. Ask a new quote and sign again.',
  InvalidSigner: 'The Permit2 signature is not from the wallet that pays. Sign with the wallet the quote was asked for.',
  InvalidSignatureLength: 'The Permit2 signature is malformed. Ask a new quote and sign again.',
  InvalidContractSignature: 'Your smart-contract wallet did not accept the Permit2 signature.',
  InvalidAmount: 'The Permit2 signature does not cover the amount the swap takes. Ask a new quote and sign again.',
  InsufficientAllowance: 'Permit2 may not move enough of this token for this spender. Approve again or sign a new permit.',
  AllowanceExpired: 'Your Permit2 allowance for this spender has expired. Approve again to continue.',
  LengthMismatch: 'Permit2 was given lists of different lengths; nothing was moved.',
  ExcessiveInvalidation: 'Too many Permit2 nonces would be cancelled at once; nothing was changed.',
};

/** Solmate's transfer failure inside Permit2: the wallet has not enabled the token for Permit2, or holds too little. */
const PERMIT2_TRANSFER_FAILED = 'Permit2 could not take the token from your wallet: enable it for Permit2 first, and check that your balance covers the amount.';

/** Context of the call that failed: with a Permit2 signature, `InvalidSignature()` may be Permit2's (the selectors agree). */
export type RevertContext = { viaPermit2?: boolean };

const PERMIT2_SWAP_INVALID_SIGNATURE = 'A signature was not accepted: either your Permit2 signature does not match the quote, or the quote\'s own signature is not the service\'s. Nothing was sent; ask a new quote and sign again.';

/** True when the wallet says the user declined: the dialog returns quietly. */
export function isUserRejection(error: unknown): boolean {
  if (error instanceof BaseError) return error.walk((e) => e instanceof UserRejectedRequestError || (e as { code?: unknown }).code === 4001) !== null;
  return (error as { code?: unknown } | null)?.code === 4001;
}

function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const found = error.walk((e) => typeof (e as { data?: unknown }).data === 'string' && /^0x[0-9a-f]{8,}$/i.test((e as { data: string }).data));
  return (found as { data?: Hex } | null)?.data;
}

function decodedName(abi: Abi, data: Hex): { name: string; args: readonly unknown[] } | undefined {
  try {
    const decoded = decodeErrorResult({ abi, data });
    return { name: decoded.errorName, args: decoded.args ?? [] };
  } catch {
    return undefined;
  }
}

/** The revert in words: the router's errors, then Permit2's, then the wallet's short message; never a stack or RPC URL. */
export function routerErrorMessage(error: unknown, context: RevertContext = {}): string {
  const data = revertData(error);
  if (data) {
    // Error(string) and Panic(uint256) decode against any ABI: read them before the contracts' own errors.
    const builtin = decodedName([] as Abi, data);
    if (builtin?.name === 'Error' && builtin.args[0] === 'TRANSFER_FROM_FAILED') return PERMIT2_TRANSFER_FAILED;
    const router = builtin ? undefined : decodedName(swapRouterAbi as Abi, data);
    if (router?.name === 'InvalidSignature' && context.viaPermit2) return PERMIT2_SWAP_INVALID_SIGNATURE;
    if (router) return MESSAGES[router.name] ?? `The router refused the swap (${router.name}).`;
    const permit2 = builtin ? undefined : decodedName(permit2Abi as Abi, data);
    if (permit2) return PERMIT2_MESSAGES[permit2.name] ?? `Permit2 refused the transfer (${permit2.name}).`;
  }
  if (error instanceof BaseError) return error.shortMessage;
  return 'The transaction failed. Nothing was sent.';
}
