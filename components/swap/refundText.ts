// What a refund returns, in words: the escrowed bridge asset and the service fee held beside it.
import { isAddressEqual, type Address } from 'viem';
import { formatAmount } from './amountText';

type Token = { symbol: string; decimals: number };
export type Refund = { token: Address; amount: bigint; feeToken?: Address; feeAmount?: bigint };

/** "1,500 USDC (deposit 1,497 + service fee 3)", or "0.99 USDC and the 0.001 WETH service fee" across two tokens. */
export function refundText(r: Refund, tokenOf: (address: Address) => Token | undefined): string {
  const main = tokenOf(r.token);
  const money = (amount: bigint, t: Token | undefined) => (t ? `${formatAmount(amount, t.decimals)} ${t.symbol}` : `${amount} (base units)`);
  const fee = r.feeAmount ?? 0n;
  if (fee === 0n || !r.feeToken) return money(r.amount, main);
  if (isAddressEqual(r.feeToken, r.token) && main) {
    return `${money(r.amount + fee, main)} (deposit ${formatAmount(r.amount, main.decimals)} + service fee ${formatAmount(fee, main.decimals)})`;
  }
  return `${money(r.amount, main)} and the ${money(fee, tokenOf(r.feeToken))} service fee`;
}
