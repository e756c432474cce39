// SwapRouter with Uniswap V3 hops on anvil (real V3 factory, pools and periphery from the npm artifacts): V3 hops alone,
// mixed with V2 hops inside a leg and across legs, native and no-return-value ends, each delivering exactly what
// Uniswap's own routers give hop by hop; the pool derived, never named; the callback paying only the pool whose swap is
// in progress, exactly the hop's input; tampering, minimum, missing pool and odd callers refused; nothing left behind.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestClient,
  decodeErrorResult,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  parseEther,
  parseEventLogs,
  parseUnits,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type TestClient,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hookERC20Abi, hookERC20Bytecode } from '@/contracts/generated/hookERC20';
import { noReturnERC20Abi, noReturnERC20Bytecode } from '@/contracts/generated/noReturnERC20';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV3FactoryAbi } from '@/contracts/generated/uniswapV3Factory';
import { uniswapV3SwapRouterAbi } from '@/contracts/generated/uniswapV3SwapRouter';
import { weth9Abi } from '@/contracts/generated/weth9';
import { abiLegs, type Leg } from '@/lib/contracts/legs';
import { signRouterQuote, type RouterQuote } from '@/lib/contracts/swapRouterQuote';
import { addV3Liquidity } from '@/lib/devnet/addV3Liquidity';
import { deploySwapRouter } from '@/lib/devnet/deploySwapRouter';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { expectRevert } from '@/test/expectRevert';

const CHAIN_ID = 31337;
const FEE_BPS = 20n;
const SWAP_GAS = 2_000_000n;
const OWNER = 0;
const USER = 1;
const RECIPIENT = 3;
const FEE_RECIPIENT = 4;
const FAR = 4_102_444_800n;

const signer = privateKeyToAccount(generatePrivateKey());
const address = (index: number) => devAccount(index).address;

let anvil: Anvil;
let c: DevClients;
let testClient: TestClient;
let stack: UniswapStack;
let router: Address;
let tokenA: Address;
let tokenB: Address;
let tokenC: Address;
let usdt: Address;
let hook: Address;
let thinPool: Address;
let snapshot: Hex;
let counter = 0;

async function deployContract(abi: readonly unknown[], bytecode: Hex, args: readonly unknown[]): Promise<Address> {
  const hash = await c.wallet(OWNER).deployContract({ abi, bytecode, args, account: devAccount(OWNER), chain: c.chain });
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (!receipt.contractAddress) throw new Error('no contract address');
  return getAddress(receipt.contractAddress);
}

async function send(from: number, to: Address, data: Hex, value = 0n): Promise<TransactionReceipt> {
  const hash = await c.wallet(from).sendTransaction({ to, data, value, gas: SWAP_GAS, account: devAccount(from), chain: c.chain });
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (receipt.status !== 'success') throw new Error('transaction reverted');
  return receipt;
}

async function balanceOf(token: Address, owner: Address): Promise<bigint> {
  if (token === zeroAddress) return c.publicClient.getBalance({ address: owner });
  return c.publicClient.readContract({ address: token, abi: testERC20Abi, functionName: 'balanceOf', args: [owner] });
}

async function expectRouterEmpty() {
  for (const token of [zeroAddress, stack.weth, tokenA, tokenB, tokenC, usdt, hook]) {
    expect(await balanceOf(token, router), `router balance of ${token}`).toBe(0n);
  }
}

/**
 * The reference: the same hops sent one by one through Uniswap's own routers (Router02 for a V2 hop, the V3
 * SwapRouter's exactInputSingle for a V3 hop) from the owner's account, in leg order, then undone.
 */
async function referenceOut(legs: readonly Leg[]): Promise<bigint> {
  const id = await testClient.snapshot();
  try {
    let total = 0n;
    for (const leg of legs) {
      let amount = leg.amountIn;
      for (let i = 0; i + 1 < leg.path.length; i++) {
        const [tokenIn, tokenOut] = [leg.path[i] ?? zeroAddress, leg.path[i + 1] ?? zeroAddress];
        const fee = leg.fees?.[i] ?? 0;
        const before = await balanceOf(tokenOut, address(OWNER));
        await send(OWNER, fee === 0 ? stack.router02 : stack.v3Router, fee === 0
          ? encodeFunctionData({ abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens', args: [amount, 0n, [tokenIn, tokenOut], address(OWNER), FAR] })
          : encodeFunctionData({ abi: uniswapV3SwapRouterAbi, functionName: 'exactInputSingle', args: [{ tokenIn, tokenOut, fee, recipient: address(OWNER), deadline: FAR, amountIn: amount, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }] }));
        amount = (await balanceOf(tokenOut, address(OWNER))) - before;
      }
      total += amount;
    }
    return total;
  } finally {
    await testClient.revert({ id });
  }
}

async function makeQuote(tokenIn: Address, tokenOut: Address, amountIn: bigint, legsOf: (swapAmount: bigint) => Leg[], over: Partial<RouterQuote> = {}): Promise<RouterQuote> {
  const feeAmount = (amountIn * FEE_BPS) / 10_000n;
  const legs = legsOf(amountIn - feeAmount);
  counter += 1;
  return {
    quoteId: keccak256(toHex(`v3-quote-${counter}`)),
    sender: address(USER),
    recipient: address(RECIPIENT),
    tokenIn,
    tokenOut,
    amountIn,
    feeAmount,
    minAmountOut: await referenceOut(legs),
    srcChainId: BigInt(CHAIN_ID),
    dstChainId: BigInt(CHAIN_ID),
    deadline: (await c.publicClient.getBlock()).timestamp + 600n,
    legs,
    ...over,
  };
}

async function submit(quote: RouterQuote, signature?: Hex): Promise<TransactionReceipt> {
  const sig = signature ?? (await signRouterQuote(signer, CHAIN_ID, router, quote));
  const data = encodeFunctionData({ abi: swapRouterAbi, functionName: 'swap', args: [{ ...quote, legs: abiLegs(quote.legs) }, sig] });
  return send(USER, router, data, quote.tokenIn === zeroAddress ? quote.amountIn : 0n);
}

/** `quote` sent as an eth_call from its sender: what it would revert with. */
async function attempt(quote: RouterQuote, signature?: Hex) {
  const sig = signature ?? (await signRouterQuote(signer, CHAIN_ID, router, quote));
  const data = encodeFunctionData({ abi: swapRouterAbi, functionName: 'swap', args: [{ ...quote, legs: abiLegs(quote.legs) }, sig] });
  return c.publicClient.call({ to: router, data, account: address(USER), value: quote.tokenIn === zeroAddress ? quote.amountIn : 0n, gas: SWAP_GAS });
}

/** Executes `quote`: the sender pays exactly amountIn, the fee recipient exactly the fee, the recipient receives exactly the reference. */
async function fillAndCheck(quote: RouterQuote) {
  const feeToken = quote.tokenIn === zeroAddress ? stack.weth : quote.tokenIn;
  const senderBefore = await balanceOf(quote.tokenIn, quote.sender);
  const feeBefore = await balanceOf(feeToken, address(FEE_RECIPIENT));
  const recipientBefore = await balanceOf(quote.tokenOut, quote.recipient);
  const receipt = await submit(quote);
  const gas = quote.tokenIn === zeroAddress ? receipt.gasUsed * receipt.effectiveGasPrice : 0n;
  expect(senderBefore - (await balanceOf(quote.tokenIn, quote.sender)) - gas).toBe(quote.amountIn);
  expect((await balanceOf(feeToken, address(FEE_RECIPIENT))) - feeBefore).toBe(quote.feeAmount);
  const received = (await balanceOf(quote.tokenOut, quote.recipient)) - recipientBefore;
  expect(received).toBe(quote.minAmountOut);
  const [event] = parseEventLogs({ abi: swapRouterAbi, eventName: 'QuoteFilled', logs: receipt.logs });
  expect(event?.args.amountOut).toBe(received);
  await expectRouterEmpty();
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  c = devClients(CHAIN_ID, anvil.rpcUrl);
  testClient = createTestClient({ mode: 'anvil', chain: c.chain, transport: http(anvil.rpcUrl), pollingInterval: POLLING_MS });
  stack = await deployUniswap(c);
  router = getAddress(await deploySwapRouter(c, {
    factory: stack.factory, v3Factory: stack.v3Factory, weth: stack.weth, owner: address(OWNER), quoteSigner: signer.address, feeRecipient: address(FEE_RECIPIENT),
  }));
  tokenA = getAddress(await deployToken(c, 'Token A', 'TKA', 18));
  tokenB = getAddress(await deployToken(c, 'Token B', 'TKB', 18));
  tokenC = getAddress(await deployToken(c, 'Token C', 'TKC', 8));
  usdt = await deployContract(noReturnERC20Abi, noReturnERC20Bytecode, ['Tether USD', 'USDT', 6]);
  hook = await deployContract(hookERC20Abi, hookERC20Bytecode, ['Hook', 'HOOK']);
  for (const [token, amount] of [[tokenA, parseEther('100000000')], [tokenB, parseEther('100000000')], [tokenC, parseUnits('10000000', 8)], [usdt, parseUnits('10000000', 6)], [hook, parseEther('10000000')]] as const) {
    await mint(c, token, address(OWNER), amount);
    for (const spender of [stack.router02, stack.v3Router]) await approve(c, OWNER, token, spender);
    await mint(c, token, address(USER), amount / 100n);
    await approve(c, USER, token, router);
  }
  await send(OWNER, stack.weth, encodeFunctionData({ abi: weth9Abi, functionName: 'deposit' }), parseEther('2000'));
  for (const spender of [stack.router02, stack.v3Router]) await approve(c, OWNER, stack.weth, spender);
  // V2 pairs: WETH-A, A-B, B-C.
  await addLiquidity(c, stack, OWNER, stack.weth, parseEther('100'), tokenA, parseEther('300000'));
  await addLiquidity(c, stack, OWNER, tokenA, parseEther('1000000'), tokenB, parseEther('500000'));
  await addLiquidity(c, stack, OWNER, tokenB, parseEther('400000'), tokenC, parseUnits('40000', 8));
  // V3 pools, each with a full-range position and a narrow one around the price (swaps cross its ticks).
  const v3 = async (a: Address, b: Address, fee: 100 | 500 | 3000 | 10000, price: number, amountA: bigint, amountB: bigint) => {
    await addV3Liquidity(c, stack, OWNER, { tokenA: a, tokenB: b, fee, price }, { lower: 0, upper: Infinity, amountA, amountB });
    return addV3Liquidity(c, stack, OWNER, { tokenA: a, tokenB: b, fee, price }, { lower: 0.99, upper: 1.01, amountA: amountA / 4n, amountB: amountB / 4n });
  };
  await v3(tokenA, tokenB, 500, 0.502, parseEther('800000'), parseEther('401600'));
  await v3(tokenB, tokenC, 10000, 1e-11, parseEther('300000'), parseUnits('30000', 8));
  await v3(stack.weth, tokenA, 3000, 2990, parseEther('50'), parseEther('149500'));
  await v3(tokenA, usdt, 500, 1e-12, parseEther('500000'), parseUnits('500000', 6));
  await v3(tokenA, hook, 3000, 1, parseEther('100000'), parseEther('100000'));
  await addLiquidity(c, stack, OWNER, hook, parseEther('100000'), tokenA, parseEther('100000'));
  // A pool with little liquidity in one narrow range only: large swaps run out of it (a wide tick spacing, so the
  // pool's walk to its price limit fits in a block).
  thinPool = await addV3Liquidity(c, stack, OWNER, { tokenA: tokenA, tokenB: tokenC, fee: 10000, price: 1e-10 }, { lower: 0.9, upper: 1.1, amountA: parseEther('10'), amountB: parseUnits('100', 8) });
}, 300_000);

afterAll(async () => anvil?.stop());

beforeEach(async () => {
  snapshot = await testClient.snapshot();
});

afterEach(async () => {
  try {
    await expectRouterEmpty();
  } finally {
    await testClient.revert({ id: snapshot });
  }
});

const one = (path: Address[], fees: number[]) => (amountIn: bigint): Leg[] => [{ amountIn, path, fees }];

describe('SwapRouter V3 hops', () => {
  it('derives V3 pools at the factory\'s own addresses (CREATE2 with the shipped init code hash)', async () => {
    // A swap through the pool the factory reports proves the derivation; the factory's getPool is the cross-check.
    const pool = await c.publicClient.readContract({ address: stack.v3Factory, abi: uniswapV3FactoryAbi, functionName: 'getPool', args: [tokenA, tokenB, 500] });
    const before = await balanceOf(tokenA, pool);
    await fillAndCheck(await makeQuote(tokenA, tokenB, parseEther('1000'), one([tokenA, tokenB], [500])));
    expect((await balanceOf(tokenA, pool)) - before).toBe(parseEther('1000') - (parseEther('1000') * FEE_BPS) / 10_000n);
    expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'V3_FACTORY' })).toBe(getAddress(stack.v3Factory));
  });

  it('fills a V3 hop crossing ticks exactly as Uniswap\'s V3 router gives it', async () => {
    await fillAndCheck(await makeQuote(tokenA, tokenB, parseEther('150000'), one([tokenA, tokenB], [500])));
  });

  it('mixes V2 and V3 hops inside a leg (V3→V2, V2→V3, V3→V3→V2)', async () => {
    await fillAndCheck(await makeQuote(tokenA, tokenC, parseEther('5000'), one([tokenA, tokenB, tokenC], [500, 0])));
    await fillAndCheck(await makeQuote(tokenA, tokenC, parseEther('5000'), one([tokenA, tokenB, tokenC], [0, 10000])));
    await fillAndCheck(await makeQuote(tokenA, tokenC, parseEther('5000'), (x) => [{ amountIn: x, path: [tokenA, tokenB, tokenC], fees: [500, 10000] }]));
  });

  it('fills three hops with native in, V3 then V3 then V2', async () => {
    await fillAndCheck(await makeQuote(zeroAddress, tokenC, parseEther('3'), one([stack.weth, tokenA, tokenB, tokenC], [3000, 500, 0])));
  });

  it('unwraps native out from a V3 hop', async () => {
    await fillAndCheck(await makeQuote(tokenA, zeroAddress, parseEther('3000'), one([tokenA, stack.weth], [3000])));
  });

  it('splits across V2 and V3 legs of one pair; a later leg meets the pool an earlier leg moved', async () => {
    const quote = await makeQuote(tokenA, tokenC, parseEther('60000'), (x) => {
      const part = x / 4n;
      return [
        { amountIn: part, path: [tokenA, tokenB, tokenC] },
        { amountIn: part, path: [tokenA, tokenB, tokenC], fees: [500, 10000] },
        { amountIn: part, path: [tokenA, tokenB, tokenC], fees: [500, 0] },
        { amountIn: x - 3n * part, path: [tokenA, tokenB, tokenC], fees: [0, 10000] },
      ];
    });
    await fillAndCheck(quote);
  });

  it('pays a V3 pool in a no-return-value ERC20 and delivers one', async () => {
    await fillAndCheck(await makeQuote(usdt, tokenB, parseUnits('2500', 6), one([usdt, tokenA, tokenB], [500, 500])));
    await fillAndCheck(await makeQuote(tokenA, usdt, parseEther('2500'), one([tokenA, usdt], [500])));
  });
});

describe('SwapRouter V3 hops refused', () => {
  it('a changed fee tier in the signed legs fails the signature', async () => {
    const quote = await makeQuote(tokenA, tokenB, parseEther('100'), one([tokenA, tokenB], [500]));
    const signature = await signRouterQuote(signer, CHAIN_ID, router, quote);
    const amountIn = quote.legs[0]?.amountIn ?? 0n;
    for (const fees of [[0], [3000], []]) {
      await expectRevert(attempt({ ...quote, legs: [{ amountIn, path: [tokenA, tokenB], fees }] }, signature), 'InvalidSignature');
    }
  });

  it('a V3 route one wei short of minAmountOut reverts with InsufficientOutput', async () => {
    const quote = await makeQuote(tokenA, tokenC, parseEther('500'), one([tokenA, tokenB, tokenC], [500, 10000]));
    await expectRevert(attempt({ ...quote, minAmountOut: quote.minAmountOut + 1n }), 'InsufficientOutput');
  });

  it('a fee tier without a pool reverts with V3PoolNotFound; fees that do not match the hops with InvalidPath', async () => {
    await expectRevert(attempt(await makeQuote(tokenA, tokenB, parseEther('1'), () => [], { legs: [{ amountIn: parseEther('1') - parseEther('1') * FEE_BPS / 10_000n, path: [tokenA, tokenB], fees: [100] }], minAmountOut: 0n })), 'V3PoolNotFound');
    await expectRevert(attempt(await makeQuote(tokenA, tokenB, parseEther('1'), () => [], { legs: [{ amountIn: parseEther('1') - parseEther('1') * FEE_BPS / 10_000n, path: [tokenA, tokenB], fees: [500, 500] }], minAmountOut: 0n })), 'InvalidPath');
  });

  it('a V3 pool that runs out of liquidity asks for less than the hop\'s input: the callback refuses (V3AmountMismatch)', async () => {
    const amountIn = parseEther('1000');
    const swapAmount = amountIn - (amountIn * FEE_BPS) / 10_000n;
    const quote = await makeQuote(tokenA, tokenC, amountIn, () => [], { legs: [{ amountIn: swapAmount, path: [tokenA, tokenC], fees: [10000] }], minAmountOut: 0n });
    const before = await balanceOf(tokenA, thinPool);
    await expectRevert(attempt(quote), 'V3AmountMismatch');
    expect(await balanceOf(tokenA, thinPool)).toBe(before);
  });

  it('the callback outside a swap reverts, whoever calls it (an account, the real pool itself)', async () => {
    const pool = await c.publicClient.readContract({ address: stack.v3Factory, abi: uniswapV3FactoryAbi, functionName: 'getPool', args: [tokenA, tokenB, 500] });
    const data = encodeFunctionData({ abi: swapRouterAbi, functionName: 'uniswapV3SwapCallback', args: [parseEther('1'), 0n, '0x'] });
    await expectRevert(c.publicClient.call({ to: router, data, account: address(USER) }), 'UnexpectedCallback');
    await testClient.impersonateAccount({ address: pool });
    await testClient.setBalance({ address: pool, value: parseEther('1') });
    await expectRevert(c.publicClient.call({ to: router, data, account: pool }), 'UnexpectedCallback');
    await testClient.stopImpersonatingAccount({ address: pool });
  });

  it('a fake pool calling the callback while a real V3 swap is in progress is refused, and the swap pays only the pool', async () => {
    // The hook token runs code when the pool pays it out, inside the router's swap: it asks the router to pay it the
    // user's token A through the callback.
    const steal = encodeFunctionData({ abi: swapRouterAbi, functionName: 'uniswapV3SwapCallback', args: [parseEther('5'), 0n, '0x'] });
    await send(OWNER, hook, encodeFunctionData({ abi: hookERC20Abi, functionName: 'setHook', args: [router, steal] }));
    // The reference swap runs (and refuses) the hook inside a snapshot it undoes: the hook is still armed afterwards.
    const quote = await makeQuote(tokenA, hook, parseEther('100'), one([tokenA, hook], [3000]));
    expect(await c.publicClient.readContract({ address: hook, abi: hookERC20Abi, functionName: 'hookCalled' })).toBe(false);
    await fillAndCheck(quote);
    const read = <const F extends 'hookCalled' | 'hookSucceeded' | 'hookResult'>(functionName: F) => c.publicClient.readContract({ address: hook, abi: hookERC20Abi, functionName });
    expect(await read('hookCalled')).toBe(true);
    expect(await read('hookSucceeded')).toBe(false);
    const refusal = decodeErrorResult({ abi: swapRouterAbi, data: await read('hookResult') });
    expect(refusal.errorName).toBe('UnexpectedCallback');
    expect(refusal.args).toEqual([hook]);
  });

  it('a V2 pair whose balance a token took below its reserve mid-route is a named error, not an arithmetic panic', async () => {
    const pair = await c.publicClient.readContract({ address: stack.factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [hook, tokenA] });
    // On the quote's first transfer the token burns most of what the pair holds of it.
    const burn = encodeFunctionData({ abi: hookERC20Abi, functionName: 'burnFrom', args: [pair, parseEther('50000')] });
    await send(OWNER, hook, encodeFunctionData({ abi: hookERC20Abi, functionName: 'setHook', args: [hook, burn] }));
    const amountIn = parseEther('100');
    const quote = await makeQuote(hook, tokenA, amountIn, () => [], { legs: [{ amountIn: amountIn - (amountIn * FEE_BPS) / 10_000n, path: [hook, tokenA] }], minAmountOut: 0n });
    await expectRevert(attempt(quote), 'InputBelowReserve');
  });
});
