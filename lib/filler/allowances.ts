// The destination settler pulls a fill's payout from the filler's own balance: the ERC-20 allowance it needs, given
// once per token and settler, by the same rule for `npm run filler` and our relayer.
import { encodeFunctionData, maxUint256, type Address, type Hex, type PublicClient } from 'viem';
import { erc20Abi } from '@/lib/crosschain/settlerAbi';

/** An allowance at least this large is as good as unlimited: it is not read again. */
export const UNLIMITED_ALLOWANCE = maxUint256 / 2n;

export type Allowances = {
  /**
   * Makes sure `spender` may take `needed` of `owner`'s `token`, approving it for all of it otherwise (resolves once the
   * approval is mined). A smaller allowance someone gave by hand is read again next time, since fills spend it.
   */
  ensure(token: Address, spender: Address, needed: bigint): Promise<void>;
};

/** `approve(token, data)` sends the approval's calldata to `token` and resolves once it is mined. */
export function allowances(client: PublicClient, owner: Address, approve: (token: Address, data: Hex) => Promise<void>): Allowances {
  const unlimited = new Set<string>();
  return {
    async ensure(token, spender, needed) {
      const key = `${token.toLowerCase()}:${spender.toLowerCase()}`;
      if (unlimited.has(key)) return;
      const allowance = await client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] });
      if (allowance < needed) await approve(token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }));
      if (allowance >= UNLIMITED_ALLOWANCE || allowance < needed) unlimited.add(key);
    },
  };
}
