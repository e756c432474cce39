import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  concat,
  createTestClient,
  decodeErrorResult,
  encodeFunctionData,
  getAddress,
  http,
  isAddressEqual,
  keccak256,
  maxUint256,
  numberToHex,
  pad,
  parseEther,
  parseEventLogs,
  parseUnits,
  slice,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type TestClient,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { falseReturnERC20Abi, falseReturnERC20Bytecode } from '@/contracts/generated/falseReturnERC20';
import { noReturnERC20Abi, noReturnERC20Bytecode } from '@/contracts/generated/noReturnERC20';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { testRecipientAbi, testRecipientBytecode } from '@/contracts/generated/testRecipient';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { abiLegs, singleLeg, type Leg } from '@/lib/contracts/legs';
import {
  decodeSwapCalldata,
  encodeSwapCalldata,
  hashRouterQuote,
  QUOTE_TYPES,
  recoverRouterQuoteSigner,
  ROUTER_FEE_CAP_BPS,
  ROUTER_MAX_HOPS,
  signRouterQuote,
  type RouterQuote,
} from '@/lib/contracts/swapRouterQuote';
import { deploySwapRouter } from '@/lib/devnet/deploySwapRouter';
import {
  addLiquidity,
  approve,
  deployToken,
  deployUniswap,
  devAccount,
  devClients,
  mint,
  POLLING_MS,
  type DevClients,
  type UniswapStack,
} from '@/lib/devnet/deployUniswap';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { expectRevert, revertName } from '@/test/expectRevert';
import { getAmountOut } from '@/lib/devnet/v2Math';

const CHAIN_ID = 31337;
const OTHER_CHAIN_ID = 31338;
const FEE_BPS = 20n;
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const ECRECOVER = '0x0000000000000000000000000000000000000001';
const SWAP_GAS = 1_000_000n;

const OWNER = 0;
const USER = 1;
const OTHER_USER = 2;
const RECIPIENT = 3;
const FEE_RECIPIENT = 4;
const NEW_FEE_RECIPIENT = 5;

const signer = privateKeyToAccount(generatePrivateKey());
const attester = privateKeyToAccount(generatePrivateKey());
const address = (index: number) => devAccount(index).address;

let anvil: Anvil;
let c: DevClients;
let testClient: TestClient;
let stack: UniswapStack;
let router: Address;
let tokenA: Address;
let tokenB: Address;
let tokenC: Address;
let usdt: Address; // no return values
let snapshot: Hex;
let quoteCounter = 0;

async function deployContract(abi: readonly unknown[], bytecode: Hex, args: readonly unknown[]): Promise<Address> {
  const hash = await c.wallet(OWNER).deployContract({ abi, bytecode, args, account: devAccount(OWNER), chain: c.chain });
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (!receipt.contractAddress) throw new Error('no contract address');
  return receipt.contractAddress;
}

async function fundAndApprove(index: number, token: Address, amount: bigint) {
  await mint(c, token, address(index), amount);
  await approve(c, index, token, router);
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  c = devClients(CHAIN_ID, anvil.rpcUrl);
  testClient = createTestClient({ mode: 'anvil', chain: c.chain, transport: http(anvil.rpcUrl), pollingInterval: POLLING_MS });
  stack = await deployUniswap(c);
  router = await deploySwapRouter(c, {
    factory: stack.factory,
    weth: stack.weth,
    owner: address(OWNER),
    quoteSigner: signer.address,
    feeRecipient: address(FEE_RECIPIENT),
    attester: attester.address,
  });
  tokenA = await deployToken(c, 'Token A', 'TKA', 18);
  tokenB = await deployToken(c, 'Token B', 'TKB', 18);
  tokenC = await deployToken(c, 'Token C', 'TKC', 8);
  usdt = await deployContract(noReturnERC20Abi, noReturnERC20Bytecode, ['Tether USD', 'USDT', 6]);
  const lp = address(OWNER);
  for (const [token, amount] of [[tokenA, parseEther('3000000')], [tokenB, parseEther('2000000')], [tokenC, parseUnits('1000000', 8)], [usdt, parseUnits('2000000', 6)]] as const) {
    await mint(c, token, lp, amount);
    await approve(c, OWNER, token, stack.router02);
  }
  // Pools: WETH-A, A-B, B-C, C-WETH, A-USDT, so every case below has a route of the length it needs.
  await addLiquidity(c, stack, OWNER, stack.weth, parseEther('100'), tokenA, parseEther('300000'));
  await addLiquidity(c, stack, OWNER, tokenA, parseEther('1000000'), tokenB, parseEther('500000'));
  await addLiquidity(c, stack, OWNER, tokenB, parseEther('400000'), tokenC, parseUnits('40000', 8));
  await addLiquidity(c, stack, OWNER, tokenC, parseUnits('30000', 8), stack.weth, parseEther('90'));
  await addLiquidity(c, stack, OWNER, tokenA, parseEther('1000000'), usdt, parseUnits('1000000', 6));
  for (const index of [USER, OTHER_USER]) {
    for (const token of [tokenA, tokenB, tokenC, usdt]) await fundAndApprove(index, token, parseEther('1000'));
  }
}, 180_000);

afterAll(async () => anvil?.stop());

beforeEach(async () => {
  snapshot = await testClient.snapshot();
});

afterEach(async () => {
  // Whatever the case did, the router must hold nothing afterwards; the chain is restored either way.
  try {
    await expectRouterEmpty();
  } finally {
    await testClient.revert({ id: snapshot });
  }
});

/** anvil_setChainId has no viem action: the chain keeps its state and contracts under a new id. */
async function setChainId(id: number) {
  const res = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setChainId', params: [id] }),
  });
  const body = (await res.json()) as { error?: unknown };
  if (body.error) throw new Error(`anvil_setChainId failed: ${JSON.stringify(body.error)}`);
}

async function latestTimestamp(): Promise<bigint> {
  return (await c.publicClient.getBlock()).timestamp;
}

async function balanceOf(token: Address, owner: Address): Promise<bigint> {
  if (token === zeroAddress) return c.publicClient.getBalance({ address: owner });
  return c.publicClient.readContract({ address: token, abi: testERC20Abi, functionName: 'balanceOf', args: [owner] });
}

async function expectRouterEmpty() {
  for (const token of [zeroAddress, stack.weth, tokenA, tokenB, tokenC, usdt]) {
    expect(await balanceOf(token, router), `router balance of ${token}`).toBe(0n);
  }
}

/** Router02.getAmountsOut on the same pools: the independent reference for one path's output. */
async function router02Out(path: readonly Address[], amount: bigint): Promise<bigint> {
  const amounts = await c.publicClient.readContract({
    address: stack.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [amount, [...path]],
  });
  const last = amounts[amounts.length - 1];
  if (last === undefined) throw new Error('empty amounts');
  return last;
}

/**
 * What the legs pay in total, simulated off-chain in execution order: a leg that crosses a pool an earlier leg
 * moved meets the moved reserves. A single leg is checked against Router02 as well.
 */
async function expectedOut(legs: readonly Leg[]): Promise<bigint> {
  const reserves = new Map<string, bigint>();
  const reserve = async (pair: Address, token: Address) => {
    if (!reserves.has(`${pair}:${token}`)) {
      const [r0, r1] = await c.publicClient.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' });
      const token0 = getAddress(await c.publicClient.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token0' }));
      const token1 = getAddress(await c.publicClient.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token1' }));
      reserves.set(`${pair}:${token0}`, r0);
      reserves.set(`${pair}:${token1}`, r1);
    }
    return reserves.get(`${pair}:${token}`) ?? 0n;
  };
  let total = 0n;
  for (const leg of legs) {
    let amount = leg.amountIn;
    for (let i = 0; i + 1 < leg.path.length; i++) {
      const [tIn, tOut] = [getAddress(leg.path[i] ?? zeroAddress), getAddress(leg.path[i + 1] ?? zeroAddress)];
      const pair = await c.publicClient.readContract({ address: stack.factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [tIn, tOut] });
      const rIn = await reserve(pair, tIn);
      const rOut = await reserve(pair, tOut);
      const out = getAmountOut(amount, rIn, rOut);
      reserves.set(`${pair}:${tIn}`, rIn + amount);
      reserves.set(`${pair}:${tOut}`, rOut - out);
      amount = out;
    }
    total += amount;
  }
  const [only] = legs;
  if (legs.length === 1 && only) expect(total).toBe(await router02Out(only.path, only.amountIn));
  return total;
}

type QuoteInput = { tokenIn: Address; tokenOut: Address; amountIn: bigint } & ({ path: Address[] } | { split: { share: bigint; path: Address[] }[] }) & Partial<RouterQuote>;

/** Legs that spend `swapAmount` in the given shares (bps); the last leg takes the rounding remainder. */
function splitLegs(swapAmount: bigint, split: { share: bigint; path: Address[] }[]): Leg[] {
  let spent = 0n;
  return split.map(({ share, path }, i) => {
    const amountIn = i === split.length - 1 ? swapAmount - spent : (swapAmount * share) / 10_000n;
    spent += amountIn;
    return { amountIn, path };
  });
}

async function makeQuote(input: QuoteInput): Promise<RouterQuote> {
  const feeAmount = input.feeAmount ?? (input.amountIn * FEE_BPS) / 10_000n;
  quoteCounter += 1;
  const { path, split, ...rest } = { path: undefined, split: undefined, ...input };
  const legs = input.legs ?? (path ? singleLeg(input.amountIn - feeAmount, path) : splitLegs(input.amountIn - feeAmount, split ?? []));
  return {
    quoteId: keccak256(toHex(`quote-${quoteCounter}-${Date.now()}`)),
    sender: address(USER),
    recipient: address(RECIPIENT),
    feeAmount,
    minAmountOut: await expectedOut(legs),
    srcChainId: BigInt(CHAIN_ID),
    dstChainId: BigInt(CHAIN_ID),
    deadline: (await latestTimestamp()) + 600n,
    legs,
    ...rest,
  };
}

const checksummed = (q: RouterQuote): RouterQuote => ({
  ...q,
  sender: getAddress(q.sender),
  recipient: getAddress(q.recipient),
  tokenIn: getAddress(q.tokenIn),
  tokenOut: getAddress(q.tokenOut),
  legs: q.legs.map((leg) => ({ amountIn: leg.amountIn, path: leg.path.map((a) => getAddress(a)) })),
});

const sign = (quote: RouterQuote, chainId = CHAIN_ID, at: Address = router) => signRouterQuote(signer, chainId, at, quote);

type SendOptions = { from?: number; value?: bigint; signature?: Hex; to?: Address; clients?: DevClients; gas?: bigint };

async function submit(quote: RouterQuote, options: SendOptions = {}): Promise<TransactionReceipt> {
  const clients = options.clients ?? c;
  const from = options.from ?? USER;
  const signature = options.signature ?? (await sign(quote));
  const value = options.value ?? (quote.tokenIn === zeroAddress ? quote.amountIn : 0n);
  const hash = await clients.wallet(from).writeContract({
    address: options.to ?? router,
    abi: swapRouterAbi,
    functionName: 'swap',
    args: [{ ...quote, legs: abiLegs(quote.legs) }, signature],
    value,
    gas: options.gas,
    account: devAccount(from),
    chain: clients.chain,
  });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  expect(receipt.status).toBe('success');
  return receipt;
}

function filledEvent(receipt: TransactionReceipt) {
  const events = parseEventLogs({ abi: swapRouterAbi, eventName: 'QuoteFilled', logs: receipt.logs });
  expect(events).toHaveLength(1);
  const event = events[0];
  if (!event) throw new Error('no QuoteFilled');
  return event.args;
}

async function isUsed(quoteId: Hex): Promise<boolean> {
  return c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'isQuoteUsed', args: [quoteId] });
}

/**
 * Executes `quote` and checks every money promise: the sender pays exactly amountIn, the fee recipient gets
 * exactly feeAmount, the recipient's gain equals Router02's quote (≥ minAmountOut) and the event says so.
 */
async function fillAndCheck(quote: RouterQuote, options: SendOptions = {}) {
  const feeTo = await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'feeRecipient' });
  const reference = await expectedOut(quote.legs);
  // Native input pays its fee in WETH: a fee recipient that refuses native coin cannot block the swap.
  const feeToken = quote.tokenIn === zeroAddress ? stack.weth : quote.tokenIn;
  const senderBefore = await balanceOf(quote.tokenIn, quote.sender);
  const feeBefore = await balanceOf(feeToken, feeTo);
  const recipientBefore = await balanceOf(quote.tokenOut, quote.recipient);
  // Explicit gas: an estimate made at the previous block's timestamp skips the pools' price-accumulator writes.
  const receipt = await submit(quote, { gas: SWAP_GAS, ...options });
  const gasPaid = receipt.gasUsed * receipt.effectiveGasPrice;
  const senderPaid = senderBefore - (await balanceOf(quote.tokenIn, quote.sender)) - (quote.tokenIn === zeroAddress ? gasPaid : 0n);
  expect(senderPaid).toBe(quote.amountIn);
  expect((await balanceOf(feeToken, feeTo)) - feeBefore).toBe(quote.feeAmount);
  const received = (await balanceOf(quote.tokenOut, quote.recipient)) - recipientBefore;
  expect(received).toBe(reference);
  expect(received >= quote.minAmountOut).toBe(true);
  const event = filledEvent(receipt);
  expect(event).toEqual({
    quoteId: quote.quoteId,
    sender: getAddress(quote.sender),
    recipient: getAddress(quote.recipient),
    tokenIn: getAddress(quote.tokenIn),
    tokenOut: getAddress(quote.tokenOut),
    amountIn: quote.amountIn,
    amountOut: received,
    feeAmount: quote.feeAmount,
  });
  expect(await isUsed(quote.quoteId)).toBe(true);
  await expectRouterEmpty();
  return { receipt, received };
}

const erc20Quote = (amountIn = parseEther('10')) => makeQuote({ tokenIn: tokenA, tokenOut: tokenB, path: [tokenA, tokenB], amountIn });

describe('SwapRouter settlement', () => {
  it('fills an ERC20 → ERC20 quote exactly as quoted', async () => {
    await fillAndCheck(await erc20Quote());
  });

  it('fills native in: msg.value is wrapped and the fee goes to the fee recipient in WETH', async () => {
    await fillAndCheck(await makeQuote({ tokenIn: zeroAddress, tokenOut: tokenA, path: [stack.weth, tokenA], amountIn: parseEther('1') }));
  });

  it('fills native out: WETH is unwrapped and sent to the recipient', async () => {
    await fillAndCheck(await makeQuote({ tokenIn: tokenA, tokenOut: zeroAddress, path: [tokenA, stack.weth], amountIn: parseEther('300') }));
  });

  it('fills a three-hop route with native in', async () => {
    const quote = await makeQuote({ tokenIn: zeroAddress, tokenOut: tokenC, path: [stack.weth, tokenA, tokenB, tokenC], amountIn: parseEther('2') });
    await fillAndCheck(quote);
  });

  it('fills a three-hop route with native out', async () => {
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: zeroAddress, path: [tokenA, tokenB, tokenC, stack.weth], amountIn: parseEther('500') });
    await fillAndCheck(quote);
  });

  it('takes and pays a no-return-value ERC20 (input, three hops)', async () => {
    const quote = await makeQuote({ tokenIn: usdt, tokenOut: tokenC, path: [usdt, tokenA, tokenB, tokenC], amountIn: parseUnits('250', 6) });
    await fillAndCheck(quote);
  });

  it('delivers a no-return-value ERC20 as output', async () => {
    await fillAndCheck(await makeQuote({ tokenIn: tokenA, tokenOut: usdt, path: [tokenA, usdt], amountIn: parseEther('40') }));
  });

  it('accepts a fee of exactly the 100 bps cap and a zero fee', async () => {
    const amountIn = parseEther('10') + 99n;
    await fillAndCheck(await makeQuote({ tokenIn: tokenA, tokenOut: tokenB, path: [tokenA, tokenB], amountIn, feeAmount: amountIn / 100n }));
    await fillAndCheck(await makeQuote({ tokenIn: tokenA, tokenOut: tokenB, path: [tokenA, tokenB], amountIn, feeAmount: 0n }));
  });

  it('pays a contract recipient that accepts native coin', async () => {
    const receiver = await deployContract(testRecipientAbi, testRecipientBytecode, [false]);
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: zeroAddress, path: [tokenA, stack.weth], amountIn: parseEther('30'), recipient: receiver });
    await fillAndCheck(quote);
  });
});

describe('SwapRouter configuration', () => {
  it('is deployed wired to the factory, WETH, owner, quote signer and fee recipient it was given', async () => {
    const read = <const F extends 'FACTORY' | 'WETH' | 'owner' | 'quoteSigner' | 'feeRecipient'>(functionName: F) =>
      c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName });
    expect(await read('FACTORY')).toBe(getAddress(stack.factory));
    expect(await read('WETH')).toBe(getAddress(stack.weth));
    expect(await read('owner')).toBe(address(OWNER));
    expect(await read('quoteSigner')).toBe(signer.address);
    expect(await read('feeRecipient')).toBe(address(FEE_RECIPIENT));
    const feeCap = await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'FEE_CAP_BPS' });
    expect(feeCap).toBe(ROUTER_FEE_CAP_BPS);
    const maxHops = await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'MAX_HOPS' });
    expect(maxHops).toBe(BigInt(ROUTER_MAX_HOPS));
  });

  it('hands ownership over in two steps: only the accepted new owner can rotate the signer', async () => {
    const write = async (index: number, data: Hex) => {
      const hash = await c.wallet(index).sendTransaction({ to: router, data, account: devAccount(index), chain: c.chain });
      return c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    };
    const call = {
      transferOwnership: (to: Address) => encodeFunctionData({ abi: swapRouterAbi, functionName: 'transferOwnership', args: [to] }),
      acceptOwnership: () => encodeFunctionData({ abi: swapRouterAbi, functionName: 'acceptOwnership' }),
      setQuoteSigner: (to: Address) => encodeFunctionData({ abi: swapRouterAbi, functionName: 'setQuoteSigner', args: [to] }),
    };
    await write(OWNER, call.transferOwnership(address(OTHER_USER)));
    expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'owner' })).toBe(address(OWNER));
    await expectRevert(write(USER, call.acceptOwnership()), 'OwnableUnauthorizedAccount');
    await write(OTHER_USER, call.acceptOwnership());
    await expectRevert(write(OWNER, call.setQuoteSigner(address(OWNER))), 'OwnableUnauthorizedAccount');
    await write(OTHER_USER, call.setQuoteSigner(address(OWNER)));
    expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'quoteSigner' })).toBe(address(OWNER));
  });
});

describe('SwapRouter signature (promise 1)', () => {
  it('digest and calldata helpers agree with the contract', async () => {
    const quote = await erc20Quote();
    const onChain = await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'hashQuote', args: [{ ...quote, legs: abiLegs(quote.legs) }] });
    expect(onChain).toBe(hashRouterQuote(CHAIN_ID, router, quote));
    const signature = await sign(quote);
    expect(await recoverRouterQuoteSigner(CHAIN_ID, router, quote, signature)).toBe(signer.address);
    const decoded = decodeSwapCalldata(encodeSwapCalldata(quote, signature));
    expect(decoded.signature).toBe(signature);
    expect(checksummed(decoded.quote)).toEqual(checksummed(quote));
  });

  it('rejects the signature when any single signed field is changed', async () => {
    const quote = await erc20Quote();
    const signature = await sign(quote);
    const changed = (field: keyof RouterQuote): RouterQuote => {
      const value = quote[field];
      if (field === 'legs') return { ...quote, legs: [{ ...quote.legs[0], amountIn: quote.amountIn - quote.feeAmount, path: [tokenA, tokenC] }] };
      if (typeof value === 'bigint') return { ...quote, [field]: field === 'amountIn' || field === 'deadline' ? value + 1n : value - 1n };
      if (field === 'quoteId') return { ...quote, quoteId: keccak256(quote.quoteId) };
      return { ...quote, [field]: field === 'tokenIn' || field === 'tokenOut' ? tokenC : address(OTHER_USER) };
    };
    const fields = QUOTE_TYPES.Quote.map((f) => f.name);
    expect(fields).toHaveLength(12);
    for (const field of fields) {
      const altered = changed(field);
      expect(altered[field], field).not.toEqual(quote[field]);
      // Another source chain is named as such, so the trader learns the wallet is on the wrong network.
      await expectRevert(submit(altered, { signature }), field === 'srcChainId' ? 'WrongChain' : 'InvalidSignature');
    }
    // The untouched quote still fills: only the changes were rejected.
    await fillAndCheck(quote, { signature });
  });

  it('rejects a quote signed by another key', async () => {
    const quote = await erc20Quote();
    const signature = await signRouterQuote(privateKeyToAccount(generatePrivateKey()), CHAIN_ID, router, quote);
    await expectRevert(submit(quote, { signature }), 'InvalidSignature');
  });

  it('rejects a signature made for another chain id', async () => {
    const quote = await erc20Quote();
    await expectRevert(submit(quote, { signature: await sign(quote, OTHER_CHAIN_ID) }), 'InvalidSignature');
  });

  it('rejects a valid signature replayed on another chain at the same router address', async () => {
    const quote = await erc20Quote();
    const signature = await sign(quote);
    const other = devClients(OTHER_CHAIN_ID, anvil.rpcUrl);
    await setChainId(OTHER_CHAIN_ID);
    try {
      await expectRevert(submit(quote, { signature, clients: other }), 'WrongChain');
      // Naming the new chain as source does not help: the signature was made under the old chain id's domain.
      const forOther = { ...quote, srcChainId: BigInt(OTHER_CHAIN_ID), dstChainId: BigInt(OTHER_CHAIN_ID) };
      await expectRevert(submit(forOther, { signature: await sign(forOther), clients: other }), 'InvalidSignature');
      // Signed for that chain and naming it as source, the same quote terms fill there.
      await submit(forOther, { signature: await sign(forOther, OTHER_CHAIN_ID), clients: other });
    } finally {
      await setChainId(CHAIN_ID);
    }
  });

  it('rejects a signature made for another router deployment', async () => {
    const twin = await deploySwapRouter(c, { factory: stack.factory, weth: stack.weth, owner: address(OWNER), quoteSigner: signer.address, feeRecipient: address(FEE_RECIPIENT), attester: attester.address });
    const quote = await erc20Quote();
    await approve(c, USER, tokenA, twin);
    await expectRevert(submit(quote, { signature: await sign(quote, CHAIN_ID, twin) }), 'InvalidSignature');
    await expectRevert(submit(quote, { signature: await sign(quote), to: twin }), 'InvalidSignature');
    await submit(quote, { signature: await sign(quote, CHAIN_ID, twin), to: twin });
  });

  it('rejects the high-s twin of a valid signature, although ecrecover accepts it', async () => {
    const quote = await erc20Quote();
    const signature = await sign(quote);
    const r = slice(signature, 0, 32);
    const s = BigInt(slice(signature, 32, 64));
    const v = Number(BigInt(slice(signature, 64, 65)));
    const highS = numberToHex(SECP256K1_N - s, { size: 32 });
    const flippedV = v === 27 ? 28 : 27;
    const malleated = concat([r, highS, numberToHex(flippedV, { size: 1 })]);
    const digest = hashRouterQuote(CHAIN_ID, router, quote);
    const raw = await c.publicClient.call({ to: ECRECOVER, data: concat([digest, pad(numberToHex(flippedV)), r, highS]) });
    expect(raw.data && isAddressEqual(slice(raw.data, 12, 32), signer.address)).toBe(true);
    await expectRevert(submit(quote, { signature: malleated }), 'InvalidSignature');
    await fillAndCheck(quote, { signature });
  });

  it('rejects malformed signatures: empty, 64-byte compact, 66 bytes, garbage', async () => {
    const quote = await erc20Quote();
    const signature = await sign(quote);
    const r = slice(signature, 0, 32);
    const s = BigInt(slice(signature, 32, 64));
    const yParity = BigInt(slice(signature, 64, 65)) === 28n ? 1n : 0n;
    const compact = concat([r, numberToHex(s | (yParity << 255n), { size: 32 })]);
    const malformed: Hex[] = ['0x', compact, concat([signature, '0x00']), concat([keccak256('0x01'), pad('0x00', { size: 33 })])];
    for (const bad of malformed) {
      await expectRevert(submit(quote, { signature: bad }), 'InvalidSignature');
    }
  });

  it('follows the owner when the signer is rotated, and only the owner can rotate it', async () => {
    const next = privateKeyToAccount(generatePrivateKey());
    await expectRevert(
      c.wallet(USER).writeContract({ address: router, abi: swapRouterAbi, functionName: 'setQuoteSigner', args: [next.address], account: devAccount(USER), chain: c.chain }),
      'OwnableUnauthorizedAccount',
    );
    const hash = await c.wallet(OWNER).writeContract({ address: router, abi: swapRouterAbi, functionName: 'setQuoteSigner', args: [next.address], account: devAccount(OWNER), chain: c.chain });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    const [event] = parseEventLogs({ abi: swapRouterAbi, eventName: 'QuoteSignerUpdated', logs: receipt.logs });
    expect(event?.args).toEqual({ previousSigner: signer.address, newSigner: next.address });
    const quote = await erc20Quote();
    await expectRevert(submit(quote), 'InvalidSignature');
    await fillAndCheck(quote, { signature: await signRouterQuote(next, CHAIN_ID, router, quote) });
  });
});

describe('SwapRouter replay, sender, deadline, chain (promises 2 and 3)', () => {
  it('fills a quote once; the same quote id again reverts QuoteAlreadyUsed', async () => {
    const quote = await erc20Quote();
    expect(await isUsed(quote.quoteId)).toBe(false);
    await fillAndCheck(quote);
    await expectRevert(submit(quote), 'QuoteAlreadyUsed');
    // Other terms under the same id, properly signed, are still a replay.
    const sameId = { ...(await erc20Quote(parseEther('1'))), quoteId: quote.quoteId };
    await expectRevert(submit(sameId), 'QuoteAlreadyUsed');
  });

  it('only the quoted sender can execute it', async () => {
    const quote = await erc20Quote();
    await expectRevert(submit(quote, { from: OTHER_USER }), 'WrongSender');
    await expectRevert(submit(quote, { from: RECIPIENT }), 'WrongSender');
    expect(await isUsed(quote.quoteId)).toBe(false);
  });

  it('fills in a block whose timestamp equals the deadline', async () => {
    const quote = await erc20Quote();
    await testClient.setNextBlockTimestamp({ timestamp: quote.deadline });
    // Explicit gas: the transaction itself, not an estimate at another time, meets the deadline.
    const { receipt } = await fillAndCheck(quote, { gas: SWAP_GAS });
    expect((await c.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBe(quote.deadline);
  });

  it('reverts QuoteExpired one second after the deadline', async () => {
    const quote = await erc20Quote();
    const data = encodeSwapCalldata(quote, await sign(quote));
    const at = (time: bigint) => c.publicClient.call({ account: address(USER), to: router, data, blockOverrides: { time } });
    await at(quote.deadline);
    await expectRevert(at(quote.deadline + 1n), 'QuoteExpired');
    await testClient.setNextBlockTimestamp({ timestamp: quote.deadline + 1n });
    const hash = await c.wallet(USER).sendTransaction({ to: router, data, gas: SWAP_GAS, account: devAccount(USER), chain: c.chain });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    expect(receipt.status).toBe('reverted');
    expect((await c.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBe(quote.deadline + 1n);
    expect(await isUsed(quote.quoteId)).toBe(false);
  });

  it('reverts WrongChain when the signed source chain is not this chain', async () => {
    const quote = { ...(await erc20Quote()), srcChainId: 1n, dstChainId: 1n };
    await expectRevert(submit(quote), 'WrongChain');
  });

  it('reverts CrossChainNotSupported when the destination chain differs', async () => {
    const quote = { ...(await erc20Quote()), dstChainId: BigInt(OTHER_CHAIN_ID) };
    await expectRevert(submit(quote), 'CrossChainNotSupported');
  });
});

describe('SwapRouter funds, fee and output (promises 4 to 7)', () => {
  it('native input requires msg.value == amountIn exactly', async () => {
    const quote = await makeQuote({ tokenIn: zeroAddress, tokenOut: tokenA, path: [stack.weth, tokenA], amountIn: parseEther('1') });
    await expectRevert(submit(quote, { value: quote.amountIn - 1n }), 'InvalidValue');
    await expectRevert(submit(quote, { value: quote.amountIn + 1n }), 'InvalidValue');
    await expectRevert(submit(quote, { value: 0n }), 'InvalidValue');
  });

  it('token input requires msg.value == 0', async () => {
    const quote = await erc20Quote();
    await expectRevert(submit(quote, { value: 1n }), 'InvalidValue');
  });

  it('takes funds only from msg.sender: a sender without allowance cannot spend the recipient\'s approval', async () => {
    // The recipient approved the router; a quote naming the recipient's tokens still pulls from the sender.
    await fundAndApprove(RECIPIENT, tokenA, parseEther('100'));
    const broke = privateKeyToAccount(generatePrivateKey()).address;
    const quote = { ...(await erc20Quote()), sender: broke };
    const signature = await sign(quote);
    const recipientBefore = await balanceOf(tokenA, address(RECIPIENT));
    const data = encodeSwapCalldata(quote, signature);
    await expectRevert(c.publicClient.call({ account: broke, to: router, data }), 'InsufficientAllowance');
    expect(await balanceOf(tokenA, address(RECIPIENT))).toBe(recipientBefore);
    // Given tokens and an allowance of its own, the same sender's quote fills and the recipient's tokens stay put.
    await testClient.setBalance({ address: broke, value: parseEther('1') });
    await testClient.impersonateAccount({ address: broke });
    await mint(c, tokenA, broke, quote.amountIn);
    const approveHash = await c.wallet(OWNER).writeContract({ address: tokenA, abi: testERC20Abi, functionName: 'approve', args: [router, quote.amountIn], account: broke, chain: c.chain });
    await c.publicClient.waitForTransactionReceipt({ hash: approveHash, pollingInterval: POLLING_MS });
    const hash = await c.wallet(OWNER).sendTransaction({ to: router, data, account: broke, chain: c.chain });
    expect((await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })).status).toBe('success');
    await testClient.stopImpersonatingAccount({ address: broke });
    expect(await balanceOf(tokenA, broke)).toBe(0n);
    expect(await balanceOf(tokenA, address(RECIPIENT))).toBe(recipientBefore);
  });

  it('reverts FeeTooHigh one wei above the 100 bps cap', async () => {
    const amountIn = parseEther('10');
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: tokenB, path: [tokenA, tokenB], amountIn, feeAmount: amountIn / 100n + 1n });
    await expectRevert(submit(quote), 'FeeTooHigh');
  });

  it('sends the fee to the recipient the owner set', async () => {
    const hash = await c.wallet(OWNER).writeContract({ address: router, abi: swapRouterAbi, functionName: 'setFeeRecipient', args: [address(NEW_FEE_RECIPIENT)], account: devAccount(OWNER), chain: c.chain });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    const [event] = parseEventLogs({ abi: swapRouterAbi, eventName: 'FeeRecipientUpdated', logs: receipt.logs });
    expect(event?.args).toEqual({ previousRecipient: address(FEE_RECIPIENT), newRecipient: address(NEW_FEE_RECIPIENT) });
    const oldBefore = await balanceOf(tokenA, address(FEE_RECIPIENT));
    await fillAndCheck(await erc20Quote());
    expect(await balanceOf(tokenA, address(FEE_RECIPIENT))).toBe(oldBefore);
    await expectRevert(
      c.wallet(USER).writeContract({ address: router, abi: swapRouterAbi, functionName: 'setFeeRecipient', args: [address(USER)], account: devAccount(USER), chain: c.chain }),
      'OwnableUnauthorizedAccount',
    );
  });

  it('reverts InsufficientOutput when the pools give one wei less than minAmountOut', async () => {
    const quote = await erc20Quote();
    await expectRevert(submit({ ...quote, minAmountOut: quote.minAmountOut + 1n }), 'InsufficientOutput');
    const native = await makeQuote({ tokenIn: tokenA, tokenOut: zeroAddress, path: [tokenA, stack.weth], amountIn: parseEther('30') });
    await expectRevert(submit({ ...native, minAmountOut: native.minAmountOut + 1n }), 'InsufficientOutput');
  });

  it('reverts the whole call when the recipient rejects native coin', async () => {
    const rejecter = await deployContract(testRecipientAbi, testRecipientBytecode, [true]);
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: zeroAddress, path: [tokenA, stack.weth], amountIn: parseEther('30'), recipient: rejecter });
    const senderBefore = await balanceOf(tokenA, address(USER));
    await expectRevert(submit(quote), 'NativeTransferFailed');
    expect(await balanceOf(tokenA, address(USER))).toBe(senderBefore);
    expect(await isUsed(quote.quoteId)).toBe(false);
  });

  it('rejects paths that do not match the quote, are too long, or use a pair the factory does not have', async () => {
    const base = await erc20Quote();
    const swapAmount = base.amountIn - base.feeAmount;
    const onPath = (path: Address[]) => ({ ...base, legs: singleLeg(swapAmount, path) });
    await expectRevert(submit(onPath([tokenB, tokenA])), 'InvalidPath');
    await expectRevert(submit(onPath([tokenA])), 'InvalidPath');
    await expectRevert(submit(onPath([tokenA, tokenB, tokenA, tokenB, tokenA, tokenB])), 'InvalidPath');
    await expectRevert(submit({ ...onPath([tokenA, tokenC]), tokenOut: tokenC }), 'PairNotFound');
    await expectRevert(submit({ ...base, recipient: router }), 'InvalidRecipient');
    await expectRevert(submit({ ...base, recipient: zeroAddress }), 'InvalidRecipient');
    await expectRevert(submit({ ...base, amountIn: 0n, feeAmount: 0n }), 'ZeroAmountIn');
  });

  it('accepts native coin only from WETH', async () => {
    let caught: unknown;
    try {
      await c.publicClient.call({ account: address(USER), to: router, value: 1n });
    } catch (error: unknown) {
      caught = error;
    }
    expect(revertName(caught)).toBe('UnexpectedNativeSender');
  });
});

describe('SwapRouter non-standard tokens (promise 8)', () => {
  it('reverts SafeERC20FailedOperation when the input token answers false instead of moving funds', async () => {
    const token = await deployContract(falseReturnERC20Abi, falseReturnERC20Bytecode, ['Old Token', 'OLD']);
    await mint(c, token, address(OWNER), parseEther('1000'));
    await approve(c, OWNER, token, stack.router02);
    await addLiquidity(c, stack, OWNER, token, parseEther('1000'), tokenA, parseEther('1000'));
    await fundAndApprove(USER, token, parseEther('100'));
    // While the token behaves, the route works: the failure below is the false return alone.
    await fillAndCheck(await makeQuote({ tokenIn: token, tokenOut: tokenA, path: [token, tokenA], amountIn: parseEther('10') }));
    const hash = await c.wallet(OWNER).writeContract({ address: token, abi: falseReturnERC20Abi, functionName: 'setFailing', args: [true], account: devAccount(OWNER), chain: c.chain });
    await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    const quote = await makeQuote({ tokenIn: token, tokenOut: tokenA, path: [token, tokenA], amountIn: parseEther('10') });
    const feeless = await makeQuote({ tokenIn: token, tokenOut: tokenA, path: [token, tokenA], amountIn: parseEther('10'), feeAmount: 0n, quoteId: quote.quoteId });
    // With a fee the fee transfer fails first; without one, the leg's transfer to the pair.
    for (const q of [quote, feeless]) await expectRevert(submit(q), 'SafeERC20FailedOperation');
    expect(await isUsed(quote.quoteId)).toBe(false);
  });
});

describe('SwapRouter reentrancy (promise 8)', () => {
  it('a recipient that re-enters swap while being paid is stopped by the guard', async () => {
    const receiver = await deployContract(testRecipientAbi, testRecipientBytecode, [false]);
    await mint(c, tokenA, receiver, parseEther('100'));
    const approveData = encodeFunctionData({ abi: testERC20Abi, functionName: 'approve', args: [router, maxUint256] });
    await (async () => {
      const hash = await c.wallet(OWNER).writeContract({ address: receiver, abi: testRecipientAbi, functionName: 'execute', args: [tokenA, 0n, approveData], account: devAccount(OWNER), chain: c.chain });
      await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    })();
    // A valid quote whose sender is the receiver itself: only the guard can stop it.
    const inner = await makeQuote({ tokenIn: tokenA, tokenOut: tokenB, path: [tokenA, tokenB], amountIn: parseEther('5'), sender: receiver, recipient: receiver });
    const innerCall = encodeSwapCalldata(inner, await sign(inner));
    const setHash = await c.wallet(OWNER).writeContract({ address: receiver, abi: testRecipientAbi, functionName: 'setReentry', args: [router, innerCall], account: devAccount(OWNER), chain: c.chain });
    await c.publicClient.waitForTransactionReceipt({ hash: setHash, pollingInterval: POLLING_MS });

    const outer = await makeQuote({ tokenIn: tokenA, tokenOut: zeroAddress, path: [tokenA, stack.weth], amountIn: parseEther('30'), recipient: receiver });
    await fillAndCheck(outer);
    expect(await c.publicClient.readContract({ address: receiver, abi: testRecipientAbi, functionName: 'reentryAttempted' })).toBe(true);
    const result = await c.publicClient.readContract({ address: receiver, abi: testRecipientAbi, functionName: 'lastReentryResult' });
    expect(decodeErrorResult({ abi: swapRouterAbi, data: result }).errorName).toBe('ReentrancyGuardReentrantCall');
    expect(await isUsed(inner.quoteId)).toBe(false);
  });
});

describe('SwapRouter multi-leg quotes', () => {
  const splitAC = () => [
    { share: 5_000n, path: [tokenA, tokenB, tokenC] },
    { share: 5_000n, path: [tokenA, stack.weth, tokenC] },
  ];

  it('fills two legs over disjoint pools, paying the sum of both', async () => {
    await fillAndCheck(await makeQuote({ tokenIn: tokenA, tokenOut: tokenC, amountIn: parseEther('600'), split: splitAC() }));
  });

  it('fills four legs where later legs cross pools earlier legs moved, exactly as simulated in order', async () => {
    const split = [
      { share: 4_000n, path: [tokenA, tokenB, tokenC] },
      { share: 3_000n, path: [tokenA, stack.weth, tokenC] },
      { share: 2_000n, path: [tokenA, tokenB, tokenC] },
      { share: 1_000n, path: [tokenA, stack.weth, tokenC] },
    ];
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: tokenC, amountIn: parseEther('800'), split });
    // The shared pools make the total smaller than each leg priced alone: the in-order simulation is what pays.
    let alone = 0n;
    for (const leg of quote.legs) alone += await router02Out(leg.path, leg.amountIn);
    expect(quote.minAmountOut).toBeLessThan(alone);
    await fillAndCheck(quote);
  });

  it('fills native in and native out split across routes of different lengths', async () => {
    await fillAndCheck(await makeQuote({
      tokenIn: zeroAddress, tokenOut: tokenC, amountIn: parseEther('3'),
      split: [{ share: 7_000n, path: [stack.weth, tokenC] }, { share: 3_000n, path: [stack.weth, tokenA, tokenB, tokenC] }],
    }));
    await fillAndCheck(await makeQuote({
      tokenIn: tokenA, tokenOut: zeroAddress, amountIn: parseEther('900'),
      split: [{ share: 6_000n, path: [tokenA, stack.weth] }, { share: 4_000n, path: [tokenA, tokenB, tokenC, stack.weth] }],
    }));
  });

  it('rejects the signature when a leg\'s path or amount is changed, legs are reordered or one is dropped', async () => {
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: tokenC, amountIn: parseEther('600'), split: splitAC() });
    const signature = await sign(quote);
    const [first, second] = quote.legs;
    if (!first || !second) throw new Error('two legs expected');
    const altered: Leg[][] = [
      [{ ...first, path: [tokenA, stack.weth, tokenC] }, second],
      [first, { ...second, path: [tokenA, tokenB, tokenC] }],
      // Amounts moved between legs keep the total: only the signature can catch it.
      [{ ...first, amountIn: first.amountIn + 1n }, { ...second, amountIn: second.amountIn - 1n }],
      [second, first],
      [{ ...first, amountIn: first.amountIn + second.amountIn }],
    ];
    for (const legs of altered) await expectRevert(submit({ ...quote, legs }, { signature }), 'InvalidSignature');
    await fillAndCheck(quote, { signature });
  });

  it('reverts LegAmountsMismatch when signed legs do not spend exactly amountIn − feeAmount', async () => {
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: tokenC, amountIn: parseEther('600'), split: splitAC() });
    const [first, second] = quote.legs;
    if (!first || !second) throw new Error('two legs expected');
    for (const delta of [-1n, 1n]) {
      const legs = [first, { ...second, amountIn: second.amountIn + delta }];
      await expectRevert(submit({ ...quote, legs }), 'LegAmountsMismatch');
    }
    // The fee cannot be taken twice by legs that spend the whole input.
    await expectRevert(submit({ ...quote, legs: [first, { ...second, amountIn: second.amountIn + quote.feeAmount }] }), 'LegAmountsMismatch');
    expect(await isUsed(quote.quoteId)).toBe(false);
  });

  it('reverts InvalidLegs for no legs or more than four, and InvalidPath for a leg that ends elsewhere', async () => {
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: tokenC, amountIn: parseEther('600'), split: splitAC() });
    const swapAmount = quote.amountIn - quote.feeAmount;
    await expectRevert(submit({ ...quote, legs: [] }), 'InvalidLegs');
    const five = splitLegs(swapAmount, Array.from({ length: 5 }, () => ({ share: 2_000n, path: [tokenA, tokenB, tokenC] })));
    await expectRevert(submit({ ...quote, legs: five }), 'InvalidLegs');
    const [first] = quote.legs;
    if (!first) throw new Error('no leg');
    await expectRevert(submit({ ...quote, legs: [first, { amountIn: swapAmount - first.amountIn, path: [tokenA, tokenB] }] }), 'InvalidPath');
    await expectRevert(submit({ ...quote, legs: [first, { amountIn: swapAmount - first.amountIn, path: [tokenB, tokenC] }] }), 'InvalidPath');
  });

  it('reverts InsufficientOutput when the legs together give one wei less than minAmountOut', async () => {
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: tokenC, amountIn: parseEther('600'), split: splitAC() });
    await expectRevert(submit({ ...quote, minAmountOut: quote.minAmountOut + 1n }), 'InsufficientOutput');
  });
});

describe('SwapRouter hardening', () => {
  const setFeeRecipient = async (to: Address) => {
    const hash = await c.wallet(OWNER).writeContract({ address: router, abi: swapRouterAbi, functionName: 'setFeeRecipient', args: [to], account: devAccount(OWNER), chain: c.chain });
    return c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  };

  it('a fee recipient that reverts on native coin cannot block native-input swaps: the fee is paid in WETH', async () => {
    const hostile = await deployContract(testRecipientAbi, testRecipientBytecode, [true]);
    await setFeeRecipient(hostile);
    const quote = await makeQuote({ tokenIn: zeroAddress, tokenOut: tokenA, path: [stack.weth, tokenA], amountIn: parseEther('1') });
    await fillAndCheck(quote);
    expect(await balanceOf(stack.weth, hostile)).toBe(quote.feeAmount);
    expect(await balanceOf(zeroAddress, hostile)).toBe(0n);
  });

  it('refuses the router itself, WETH and the zero address as fee recipient, at deployment and later', async () => {
    for (const bad of [router, stack.weth, zeroAddress]) {
      await expectRevert(setFeeRecipient(bad), 'InvalidFeeRecipient');
    }
    const config = { factory: stack.factory, weth: stack.weth, owner: address(OWNER), quoteSigner: signer.address, attester: attester.address };
    await expectRevert(deploySwapRouter(c, { ...config, feeRecipient: stack.weth }), 'InvalidFeeRecipient');
    expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'feeRecipient' })).toBe(address(FEE_RECIPIENT));
  });

  it('the owner cannot renounce ownership: a leaked signer must stay rotatable', async () => {
    const renounce = async (from: number) => {
      const hash = await c.wallet(from).writeContract({ address: router, abi: swapRouterAbi, functionName: 'renounceOwnership', account: devAccount(from), chain: c.chain, gas: 100_000n });
      return c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    };
    await expectRevert(c.publicClient.simulateContract({ address: router, abi: swapRouterAbi, functionName: 'renounceOwnership', account: address(OWNER) }), 'RenounceOwnershipDisabled');
    expect((await renounce(OWNER)).status).toBe('reverted');
    await expectRevert(c.publicClient.simulateContract({ address: router, abi: swapRouterAbi, functionName: 'renounceOwnership', account: address(USER) }), 'OwnableUnauthorizedAccount');
    expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'owner' })).toBe(address(OWNER));
  });

  it('refuses a native-output quote whose recipient is the WETH contract, and an output token as its own recipient', async () => {
    const quote = await makeQuote({ tokenIn: tokenA, tokenOut: zeroAddress, path: [tokenA, stack.weth], amountIn: parseEther('30'), recipient: stack.weth });
    await expectRevert(submit(quote), 'InvalidRecipient');
    // Nor can any output token's own contract receive it: said by the router, not by the pair's string revert.
    await expectRevert(submit(await makeQuote({ tokenIn: tokenA, tokenOut: stack.weth, path: [tokenA, stack.weth], amountIn: parseEther('30'), recipient: stack.weth })), 'InvalidRecipient');
    await expectRevert(submit(await makeQuote({ tokenIn: tokenA, tokenOut: tokenB, path: [tokenA, tokenB], amountIn: parseEther('30'), recipient: tokenB })), 'InvalidRecipient');
  });

  it('says InsufficientAllowance and InsufficientBalance in its own words, for any token', async () => {
    const amountIn = (await balanceOf(usdt, address(USER))) + 1n;
    const quote = await makeQuote({ tokenIn: usdt, tokenOut: tokenA, path: [usdt, tokenA], amountIn });
    await expectRevert(submit(quote), 'InsufficientBalance');
    await approve(c, USER, usdt, router, quote.amountIn - 1n);
    await expectRevert(submit(quote), 'InsufficientAllowance');
  });
});
