import { describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, keccak256, toHex, zeroAddress, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import {
  decodeSwapCalldata,
  encodeSwapCalldata,
  hashRouterQuote,
  recoverRouterQuoteSigner,
  signRouterQuote,
  swapRouterDomain,
  type RouterQuote,
} from './swapRouterQuote';

const router: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const signer = privateKeyToAccount(generatePrivateKey());
const quote: RouterQuote = {
  quoteId: keccak256(toHex('quote-1')),
  sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  recipient: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  tokenIn: zeroAddress,
  tokenOut: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
  amountIn: 10n ** 18n,
  feeAmount: 2n * 10n ** 15n,
  minAmountOut: 2_950_000_000n,
  legs: [
    { amountIn: 6n * 10n ** 17n, path: ['0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9'] },
    { amountIn: 398n * 10n ** 15n, path: ['0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707', '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9'] },
  ],
  srcChainId: 31337n,
  dstChainId: 31337n,
  deadline: 1_800_000_000n,
};

describe('swapRouterQuote', () => {
  it('names the router domain the contract uses', () => {
    expect(swapRouterDomain(31337, router)).toEqual({ name: 'Swapdesk SwapRouter', version: '1', chainId: 31337n, verifyingContract: router });
  });

  it('round-trips a signed quote through swap calldata and recovers the signer', async () => {
    const signature = await signRouterQuote(signer, 31337, router, quote);
    const decoded = decodeSwapCalldata(encodeSwapCalldata(quote, signature));
    expect(decoded).toEqual({ quote, signature });
    expect(await recoverRouterQuoteSigner(31337, router, decoded.quote, decoded.signature)).toBe(signer.address);
  });

  it('binds the digest to chain id and router address', () => {
    const digest = hashRouterQuote(31337, router, quote);
    expect(hashRouterQuote(31338, router, quote)).not.toBe(digest);
    expect(hashRouterQuote(31337, getAddress('0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'), quote)).not.toBe(digest);
  });

  it('refuses calldata of another router function', () => {
    const data = encodeFunctionData({ abi: swapRouterAbi, functionName: 'setFeeRecipient', args: [quote.recipient] });
    expect(() => decodeSwapCalldata(data)).toThrow(/not a swap call/);
  });
});
