// Opens cross-chain orders on the fault stack's devnet exactly as a cross-chain firm quote's calldata would (the
// shape of test/crossChainWorld.ts, signed by the configured quote signer), and reads the destination's fills.
import { getAbiItem, keccak256, maxUint256, toHex, zeroAddress, type Address, type Hex } from 'viem';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { encodeOpenCalldata, fillOrderOf, relayerFeeOf, signCrossChainQuote, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { quoteSignerAccount } from '@/lib/contracts/quoteSigner';
import { devAccount, devClients } from '@/lib/devnet/deployUniswap';
import { destinationSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { waitMined } from '@/lib/devnet/waitMined';

const FILLED = getAbiItem({ abi: destinationSettlerAbi, name: 'Filled' });
const USER = 2;

/** Sends `count` USDC → USDC orders from `src` to `dst` one after another, without waiting for their receipts. */
export async function sendCrossChainOrders(src: ChainConfig, dst: ChainConfig, count: number, amountIn: bigint): Promise<Hex[]> {
  if (!src.swapRouter || !src.bridgeToken || !dst.destinationSettler || !dst.bridgeToken) throw new Error('the chains have no cross-chain contracts');
  const s = devClients(src.id, src.rpcUrl);
  const d = devClients(dst.id, dst.rpcUrl);
  const account = devAccount(USER);
  const approve = await s.wallet(USER).writeContract({
    address: src.bridgeToken as Address, abi: testERC20Abi, functionName: 'approve', args: [src.swapRouter, maxUint256], account, chain: s.chain,
  });
  await waitMined(s.publicClient, approve);
  const [dstHead, srcHead] = await Promise.all([d.publicClient.getBlock(), s.publicClient.getBlock()]);
  let nonce = await s.publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const ids: Hex[] = [];
  for (let i = 0; i < count; i++) {
    // The relayer's default fee (RELAYER_FEE_BPS 10, RELAYER_GAS_FEE_USD_CENTS 50 of a 6-decimal USDC).
    const [relayerFeeBps, relayerGasFee] = [10, 500_000n];
    const dstBridgeAmount = amountIn - relayerFeeOf(amountIn, relayerFeeBps, relayerGasFee);
    const quote: CrossChainQuote = {
      quoteId: keccak256(toHex(`fault-suite-${process.pid}-${Date.now()}-${i}`)),
      sender: account.address, recipient: account.address, tokenIn: src.bridgeToken as Address, amountIn, feeAmount: 0n, srcLegs: [],
      bridgeAmount: amountIn, minBridgeAmount: amountIn, relayerFeeBps, relayerGasFee, srcChainId: BigInt(src.id), dstChainId: BigInt(dst.id), dstSettler: dst.destinationSettler as Address,
      dstBridgeToken: dst.bridgeToken as Address, dstBridgeAmount, tokenOut: dst.bridgeToken as Address, minAmountOut: dstBridgeAmount, dstLegs: [],
      fillDeadline: Number(dstHead.timestamp) + 300, deadline: srcHead.timestamp + 600n, exclusiveFiller: zeroAddress, exclusivityDeadline: 0,
    };
    const signature = await signCrossChainQuote(quoteSignerAccount(), src.id, src.swapRouter, quote);
    await s.wallet(USER).sendTransaction({ to: src.swapRouter, data: encodeOpenCalldata(quote, signature), account, chain: s.chain, gas: 1_500_000n, nonce: nonce++ });
    ids.push(fillOrderOf(quote, src.swapRouter).orderId);
  }
  return ids;
}

/** How many Filled logs each order has on `dst`: more than one would be a double fill. */
export async function fillCounts(dst: ChainConfig, orderIds: readonly Hex[]): Promise<number[]> {
  const d = devClients(dst.id, dst.rpcUrl);
  const logs = await d.publicClient.getLogs({ address: dst.destinationSettler as Address, event: FILLED, fromBlock: 0n, toBlock: 'latest' });
  return orderIds.map((id) => logs.filter((l) => l.args.orderId === id).length);
}
