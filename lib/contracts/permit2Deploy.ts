// How a devnet gets Uniswap's Permit2 at its canonical address: its mainnet creation code through the CREATE2 deployer.
import { concat, type Address, type Hex } from 'viem';
import { permit2Bytecode } from '@/contracts/generated/permit2';

/** The deterministic CREATE2 deployer (anvil and most chains have it at this address). */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C';
/** Uniswap's salt for Permit2: with its mainnet creation code it gives the canonical address on every chain. */
export const PERMIT2_SALT: Hex = '0x0000000000000000000000000000000000000000d3af2663da51c10215000000';

/** The transaction data that makes CREATE2_DEPLOYER deploy Permit2 at PERMIT2_ADDRESS. */
export const PERMIT2_DEPLOY_DATA: Hex = concat([PERMIT2_SALT, permit2Bytecode]);
