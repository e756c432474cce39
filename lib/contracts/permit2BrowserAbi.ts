// The part of Permit2's ABI the browser needs (its errors, the allowance read and the revoke), written out so pages do
// not load the generated module with Permit2's bytecode; permit2BrowserAbi.test.ts holds it to the generated ABI.
import { parseAbi } from 'viem';

export const permit2BrowserAbi = parseAbi([
  'error AllowanceExpired(uint256 deadline)',
  'error ExcessiveInvalidation()',
  'error InsufficientAllowance(uint256 amount)',
  'error InvalidAmount(uint256 maxAmount)',
  'error InvalidContractSignature()',
  'error InvalidNonce()',
  'error InvalidSignature()',
  'error InvalidSignatureLength()',
  'error InvalidSigner()',
  'error LengthMismatch()',
  'error SignatureExpired(uint256 signatureDeadline)',
  'function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
]);
