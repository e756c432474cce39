// Gas of a token swap by approval versus Permit2 (`npm run bench:permit2-gas`): on a scratch anvil chain, one USDC → DAI
// V2 pool, a trader who approves the router for each swap (the flow the web app uses), and one who approves Permit2
// once and signs each swap. Prints gas per transaction and the transactions and signatures of a first and a later swap.
import { encodeFunctionData, getAddress, keccak256, parseUnits, toHex, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { singleLeg } from '@/lib/contracts/legs';
import { appendPermit2Signature, encodeSwapPermit2Calldata, PERMIT2_ADDRESS, permit2TypedData } from '@/lib/contracts/permit2';
import { encodeSwapCalldata, signRouterQuote, type RouterQuote } from '@/lib/contracts/swapRouterQuote';
import { deploySwapRouter } from '@/lib/devnet/deploySwapRouter';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint } from '@/lib/devnet/deployUniswap';
import { startAnvil } from '@/lib/devnet/startAnvil';
import { waitMined } from '@/lib/devnet/waitMined';

const CHAIN_ID = 31337;
const FEE_BPS = 20n;
const GAS_LIMIT = 1_000_000n;
const AMOUNT_IN = parseUnits('2500', 6);
const APPROVER = 1;
const SIGNER = 2;
const WARM_UP = 3;
const RECIPIENT = 4;

const anvil = await startAnvil({ chainId: CHAIN_ID, port: 0 });
try {
  const c = devClients(CHAIN_ID, anvil.rpcUrl);
  const quoteSigner = privateKeyToAccount(generatePrivateKey());
  const stack = await deployUniswap(c);
  const router = getAddress(await deploySwapRouter(c, {
    factory: stack.factory, weth: stack.weth, owner: devAccount(0).address, quoteSigner: quoteSigner.address, feeRecipient: devAccount(8).address,
  }));
  const usdc = await deployToken(c, 'USD Coin', 'USDC', 6);
  const dai = await deployToken(c, 'Dai', 'DAI', 18);
  for (const [token, amount] of [[usdc, parseUnits('10000000', 6)], [dai, parseUnits('10000000', 18)]] as const) {
    await mint(c, token, devAccount(0).address, amount);
    await approve(c, 0, token, stack.router02);
  }
  await addLiquidity(c, stack, 0, usdc, parseUnits('5000000', 6), dai, parseUnits('5000000', 18));
  // Every account already holds both tokens and the fee recipient holds USDC: no figure below pays for a first balance.
  for (const index of [APPROVER, SIGNER, WARM_UP, RECIPIENT, 8]) {
    await mint(c, usdc, devAccount(index).address, parseUnits('100000', 6));
    await mint(c, dai, devAccount(index).address, parseUnits('1', 18));
  }

  let counter = 0;
  const quoteFor = async (sender: number): Promise<RouterQuote> => {
    const feeAmount = (AMOUNT_IN * FEE_BPS) / 10_000n;
    counter += 1;
    return {
      quoteId: keccak256(toHex(`gas-${counter}-${Date.now()}`)), sender: devAccount(sender).address, recipient: devAccount(RECIPIENT).address,
      tokenIn: usdc, tokenOut: dai, amountIn: AMOUNT_IN, feeAmount, minAmountOut: 0n, legs: singleLeg(AMOUNT_IN - feeAmount, [usdc, dai]),
      srcChainId: BigInt(CHAIN_ID), dstChainId: BigInt(CHAIN_ID), deadline: (await c.publicClient.getBlock()).timestamp + 600n,
    };
  };
  const send = async (from: number, to: Address, data: Hex): Promise<bigint> => {
    const hash = await c.wallet(from).sendTransaction({ to, data, gas: GAS_LIMIT, account: devAccount(from), chain: c.chain });
    const receipt = await waitMined(c.publicClient, hash);
    if (receipt.status !== 'success') throw new Error(`transaction to ${to} from #${from} reverted`);
    return receipt.gasUsed;
  };
  const approveData = (spender: Address, amount: bigint) => encodeFunctionData({ abi: testERC20Abi, functionName: 'approve', args: [spender, amount] });

  /** Today's flow: approve exactly amountIn to the router, then swap. */
  const approveAndSwap = async (from: number) => {
    const quote = await quoteFor(from);
    const approveGas = await send(from, usdc, approveData(router, quote.amountIn));
    const swapGas = await send(from, router, encodeSwapCalldata(quote, await signRouterQuote(quoteSigner, CHAIN_ID, router, quote)));
    return { approveGas, swapGas };
  };
  /** Permit2: the trader signs the quote's PermitWitnessTransferFrom and sends the calldata with it appended. */
  const permit2Swap = async (from: number) => {
    const quote = await quoteFor(from);
    const permit = await devAccount(from).signTypedData(permit2TypedData(CHAIN_ID, router, quote));
    const calldata = encodeSwapPermit2Calldata(quote, await signRouterQuote(quoteSigner, CHAIN_ID, router, quote));
    return send(from, router, appendPermit2Signature(calldata, permit));
  };

  // Warm the pool, the fee recipient and both router paths once, from an account the figures do not count.
  await approveAndSwap(WARM_UP);
  await send(WARM_UP, usdc, approveData(PERMIT2_ADDRESS, 2n ** 256n - 1n));
  await permit2Swap(WARM_UP);

  const first = await approveAndSwap(APPROVER);
  const later = await approveAndSwap(APPROVER);
  const permit2Approval = await send(SIGNER, usdc, approveData(PERMIT2_ADDRESS, 2n ** 256n - 1n));
  const permit2First = await permit2Swap(SIGNER);
  const permit2Later = await permit2Swap(SIGNER);

  const row = (name: string, txs: number, sigs: number, gas: bigint) => console.log(`${name.padEnd(52)} ${String(txs).padStart(3)} tx ${String(sigs).padStart(3)} sig ${gas.toString().padStart(9)} gas`);
  console.log(`USDC → DAI, one V2 pool, ${AMOUNT_IN / 10n ** 6n} USDC, anvil ${CHAIN_ID} (cancun bytecode, Permit2 at ${PERMIT2_ADDRESS})`);
  row('approve router (exact amount) + swap, first', 2, 0, first.approveGas + first.swapGas);
  console.log(`${''.padEnd(6)}approve ${first.approveGas}, swap ${first.swapGas}`);
  row('approve router (exact amount) + swap, later', 2, 0, later.approveGas + later.swapGas);
  console.log(`${''.padEnd(6)}approve ${later.approveGas}, swap ${later.swapGas}`);
  row('Permit2 first: approve Permit2 once + swapPermit2', 2, 1, permit2Approval + permit2First);
  console.log(`${''.padEnd(6)}approve Permit2 ${permit2Approval}, swapPermit2 ${permit2First}`);
  row('Permit2 later: swapPermit2', 1, 1, permit2Later);
} finally {
  await anvil.stop();
}
