import { describe, expect, it } from 'vitest';
import { BaseError, encodeErrorResult, zeroAddress } from 'viem';
import { destinationSettlerAbi } from '@/contracts/generated/destinationSettler';
import { destinationFailureMessage } from './simulateDestinationFill';

const ETH = { chainId: 31338, address: zeroAddress, symbol: 'ETH', name: 'Devnet B ETH', decimals: 18 };
const reverted = (data: `0x${string}`) => Object.assign(new BaseError('execution reverted'), { data });

describe('destinationFailureMessage', () => {
  it('names both amounts when the destination swap would fall short', () => {
    const data = encodeErrorResult({ abi: destinationSettlerAbi, errorName: 'InsufficientOutput', args: [277_453_000_000_000_000n, 308_971_000_000_000_000n] });
    expect(destinationFailureMessage(reverted(data), 'Devnet B', ETH)).toBe(
      'The price on Devnet B moved: the delivery would now give 0.277453 ETH, less than your minimum of 0.308971 ETH. Nothing was sent; get a new quote.',
    );
  });

  it('names any other error of the settler, and says something for an error it cannot decode', () => {
    const data = encodeErrorResult({ abi: destinationSettlerAbi, errorName: 'AlreadyFilled', args: [`0x${'ab'.repeat(32)}`] });
    expect(destinationFailureMessage(reverted(data), 'Devnet B', ETH)).toBe('The delivery on Devnet B would fail right now (AlreadyFilled). Nothing was sent; get a new quote.');
    expect(destinationFailureMessage(new Error('boom'), 'Devnet B', ETH)).toMatch(/^The delivery on Devnet B would fail right now \(it could not be simulated\)/);
  });
});
