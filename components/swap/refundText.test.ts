import { describe, expect, it } from 'vitest';
import { getAddress, type Address } from 'viem';
import { refundText } from './refundText';

const USDC = getAddress('0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9');
const WETH = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3');
const tokens: Record<string, { symbol: string; decimals: number }> = { [USDC]: { symbol: 'USDC', decimals: 6 }, [WETH]: { symbol: 'WETH', decimals: 18 } };
const tokenOf = (a: Address) => tokens[getAddress(a)];

describe('refundText', () => {
  it('adds the service fee to a refund in the same token', () => {
    expect(refundText({ token: USDC, amount: 1_497_000_000n, feeToken: USDC, feeAmount: 3_000_000n }, tokenOf)).toBe('1,500 USDC (deposit 1,497 + service fee 3)');
  });

  it('names the fee apart when it was held in another token', () => {
    expect(refundText({ token: USDC, amount: 990_000n, feeToken: WETH, feeAmount: 10n ** 15n }, tokenOf)).toBe('0.99 USDC and the 0.001 WETH service fee');
  });

  it('shows the escrow alone when no fee was held or it is not known yet', () => {
    expect(refundText({ token: USDC, amount: 1_497_000_000n }, tokenOf)).toBe('1,497 USDC');
    expect(refundText({ token: USDC, amount: 1_497_000_000n, feeToken: USDC, feeAmount: 0n }, tokenOf)).toBe('1,497 USDC');
  });
});
