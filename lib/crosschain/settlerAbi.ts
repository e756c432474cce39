// The contracts a filler speaks, our relayer and `npm run filler` alike (CONTRACTS.md § Cross-chain): the router as
// origin settler, the DestinationSettler, and the bridge asset's ERC-20 calls.
import { parseAbi } from 'viem';
import { destinationSettlerAbi } from '@/contracts/generated/destinationSettler';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';

export const originSettlerAbi = swapRouterAbi;
export { destinationSettlerAbi };

export const erc20Abi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
]);
