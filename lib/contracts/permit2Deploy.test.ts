import { describe, expect, it } from 'vitest';
import { getContractAddress, keccak256 } from 'viem';
import { permit2Bytecode } from '@/contracts/generated/permit2';
import { PERMIT2_ADDRESS } from './permit2';
import { CREATE2_DEPLOYER, PERMIT2_SALT } from './permit2Deploy';

describe('Permit2 deployment', () => {
  it('is Uniswap\'s mainnet creation code, so the CREATE2 deployer puts it at the canonical address', () => {
    expect(keccak256(permit2Bytecode)).toBe('0xe2be1e05eedf35dacd66c65c862f8150ff9ab4b6b24b9bbe62be71b6b16cf0f8');
    expect(getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt: PERMIT2_SALT, bytecode: permit2Bytecode })).toBe(PERMIT2_ADDRESS);
  });
});
