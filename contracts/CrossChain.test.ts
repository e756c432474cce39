// Cross-chain settlement (CONTRACTS.md § Cross-chain): SwapRouter as the ERC-7683 origin settler on chain A,
// DestinationSettler on chain B, each on its own anvil so the two clocks move independently.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestClient,
  decodeErrorResult,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  maxUint256,
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
import { destinationSettlerAbi } from '@/contracts/generated/destinationSettler';
import { falseReturnERC20Abi, falseReturnERC20Bytecode } from '@/contracts/generated/falseReturnERC20';
import { noReturnERC20Abi, noReturnERC20Bytecode } from '@/contracts/generated/noReturnERC20';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { testRecipientAbi, testRecipientBytecode } from '@/contracts/generated/testRecipient';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2PairAbi } from '@/contracts/generated/uniswapV2Pair';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { quoterV2Abi } from '@/contracts/generated/quoterV2';
import { weth9Abi } from '@/contracts/generated/weth9';
import { addV3Liquidity } from '@/lib/devnet/addV3Liquidity';
import { getAmountOut } from '@/lib/routing/v2/getAmountOut';
import { minBridgeAmountOf } from '@/lib/crosschain/quoteCrossChain';
import { ATTESTATION_KIND, signAttestation, type Attestation } from '@/lib/contracts/attestation';
import {
  CROSS_CHAIN_QUOTE_TYPES,
  CROSS_CHAIN_QUOTE_TYPEHASH,
  decodeOriginData,
  encodeOriginData,
  fillOrderOf,
  hashCrossChainQuote,
  onchainOrder,
  ORDER_STATUS,
  relayerFeeOf,
  relayerPayout,
  scaleLegs,
  signCrossChainQuote,
  type CrossChainQuote,
  type FillOrder,
} from '@/lib/contracts/crossChainQuote';
import { encodeFillerData } from '@/lib/contracts/encodeFillerData';
import { gaslessOrderOf, gaslessOrderTypedData, type GaslessCrossChainOrder } from '@/lib/contracts/gaslessOrder';
import { PERMIT2_ADDRESS } from '@/lib/contracts/permit2';
import { abiLegs, type Leg } from '@/lib/contracts/legs';
import { deployDestinationSettler, deploySwapRouter } from '@/lib/devnet/deploySwapRouter';
import { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS, type DevClients, type UniswapStack } from '@/lib/devnet/deployUniswap';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { expectRevert } from '@/test/expectRevert';

const A = 31337;
const B = 31338;
const GRACE_SEC = 3_600n;
const GAS = 1_500_000n;
const OWNER = 0;
const USER = 1;
const OTHER_USER = 2;
const RECIPIENT = 3;
const FEE_RECIPIENT = 4;
const RELAYER = 5;
const OTHER_RELAYER = 6;
/** Holds tokens approved to Permit2 only (never to a router): it opens orders gaslessly, by signature. */
const GASLESS_USER = 7;
/** Sends gasless orders; holds no tokens. */
const SUBMITTER = 8;

const signer = privateKeyToAccount(generatePrivateKey());
const attesterKey = generatePrivateKey();
const attester = privateKeyToAccount(attesterKey);
const address = (index: number) => devAccount(index).address;

type Side = { anvil: Anvil; c: DevClients; test: TestClient; stack: UniswapStack; usdc: Address; tkn: Address };
let a: Side;
let b: Side;
let usdt: Address; // no return values, on A
let router: Address; // origin settler on A
let twinRouter: Address; // another origin settler on A
let settler: Address; // destination settler on B
let twinSettler: Address; // another destination settler on B
let settlerOnA: Address; // a destination settler on the origin chain
let snapshots: [Hex, Hex];
let quoteCounter = 0;
/** Orders opened in the running case: the router must hold exactly the escrows (and fees) still open. */
let opened: { orderId: Hex }[] = [];

async function side(chainId: number): Promise<Side> {
  const anvil = await startAnvil({ chainId });
  const c = devClients(chainId, anvil.rpcUrl);
  const test = createTestClient({ mode: 'anvil', chain: c.chain, transport: http(anvil.rpcUrl), pollingInterval: POLLING_MS });
  const stack = await deployUniswap(c);
  const usdc = getAddress(await deployToken(c, 'USD Coin', 'USDC', 6));
  const tkn = getAddress(await deployToken(c, 'Token', 'TKN', 18));
  for (const [token, amount] of [[usdc, parseUnits('100000000', 6)], [tkn, parseEther('100000000')]] as const) {
    await mint(c, token, address(OWNER), amount);
    await approve(c, OWNER, token, stack.router02);
  }
  await addLiquidity(c, stack, OWNER, stack.weth, parseEther('100'), usdc, parseUnits('300000', 6));
  await addLiquidity(c, stack, OWNER, tkn, parseEther('1000000'), usdc, parseUnits('1000000', 6));
  await addLiquidity(c, stack, OWNER, tkn, parseEther('300000'), stack.weth, parseEther('100'));
  // V3 pools beside the V2 pairs, at slightly different prices: routes with V3 hops on either side of an order.
  const wrap = await c.wallet(OWNER).writeContract({ address: stack.weth, abi: weth9Abi, functionName: 'deposit', value: parseEther('100'), account: devAccount(OWNER), chain: c.chain });
  await c.publicClient.waitForTransactionReceipt({ hash: wrap, pollingInterval: POLLING_MS });
  await addV3Liquidity(c, stack, OWNER, { tokenA: stack.weth, tokenB: usdc, fee: 500, price: 2990e-12 }, { lower: 0, upper: Infinity, amountA: parseEther('50'), amountB: parseUnits('149500', 6) });
  await addV3Liquidity(c, stack, OWNER, { tokenA: tkn, tokenB: usdc, fee: 3000, price: 1.004e-12 }, { lower: 0.9, upper: 1.1, amountA: parseEther('300000'), amountB: parseUnits('300000', 6) });
  return { anvil, c, test, stack, usdc, tkn };
}

beforeAll(async () => {
  [a, b] = await Promise.all([side(A), side(B)]);
  const routerConfig = { factory: a.stack.factory, v3Factory: a.stack.v3Factory, weth: a.stack.weth, owner: address(OWNER), quoteSigner: signer.address, feeRecipient: address(FEE_RECIPIENT), attester: attester.address, refundGraceSec: Number(GRACE_SEC) };
  router = await deploySwapRouter(a.c, routerConfig);
  twinRouter = await deploySwapRouter(a.c, routerConfig);
  settlerOnA = await deployDestinationSettler(a.c, { factory: a.stack.factory, v3Factory: a.stack.v3Factory, weth: a.stack.weth });
  settler = await deployDestinationSettler(b.c, { factory: b.stack.factory, v3Factory: b.stack.v3Factory, weth: b.stack.weth });
  twinSettler = await deployDestinationSettler(b.c, { factory: b.stack.factory, v3Factory: b.stack.v3Factory, weth: b.stack.weth });
  const hash = await a.c.wallet(OWNER).deployContract({ abi: noReturnERC20Abi, bytecode: noReturnERC20Bytecode, args: ['Tether USD', 'USDT', 6], account: devAccount(OWNER), chain: a.c.chain });
  usdt = getAddress((await a.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })).contractAddress ?? zeroAddress);
  await mint(a.c, usdt, address(OWNER), parseUnits('1000000', 6));
  await approve(a.c, OWNER, usdt, a.stack.router02);
  await addLiquidity(a.c, a.stack, OWNER, usdt, parseUnits('1000000', 6), a.usdc, parseUnits('1000000', 6));
  for (const index of [USER, OTHER_USER]) {
    for (const token of [a.usdc, a.tkn, usdt]) {
      await mint(a.c, token, address(index), token === a.tkn ? parseEther('100000') : parseUnits('100000', 6));
      await approve(a.c, index, token, router);
      await approve(a.c, index, token, twinRouter);
    }
  }
  for (const token of [a.usdc, a.tkn]) {
    await mint(a.c, token, address(GASLESS_USER), token === a.tkn ? parseEther('100000') : parseUnits('100000', 6));
    await approve(a.c, GASLESS_USER, token, PERMIT2_ADDRESS);
  }
  for (const index of [RELAYER, OTHER_RELAYER]) {
    await mint(b.c, b.usdc, address(index), parseUnits('10000000', 6));
    for (const s of [settler, twinSettler]) await approve(b.c, index, b.usdc, s);
    await mint(a.c, a.usdc, address(index), parseUnits('10000000', 6));
    await approve(a.c, index, a.usdc, settlerOnA);
  }
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.anvil.stop(), b?.anvil.stop()]);
});

beforeEach(async () => {
  snapshots = [await a.test.snapshot(), await b.test.snapshot()];
  opened = [];
});

afterEach(async () => {
  try {
    await expectSettlersHoldOnlyOpenEscrows();
  } finally {
    await a.test.revert({ id: snapshots[0] });
    await b.test.revert({ id: snapshots[1] });
  }
});

// ---------------------------------------------------------------- helpers

async function balanceOf(s: Side, token: Address, owner: Address): Promise<bigint> {
  if (token === zeroAddress) return s.c.publicClient.getBalance({ address: owner });
  return s.c.publicClient.readContract({ address: token, abi: testERC20Abi, functionName: 'balanceOf', args: [owner] });
}

const escrowOf = async (orderId: Hex) => {
  const [user, fillDeadline, status, token, feeAmount, amount, feeToken] = await a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'escrows', args: [orderId] });
  return { user, fillDeadline, status, token, feeAmount, amount, feeToken };
};

const statusOf = (orderId: Hex, at: Address = router) => a.c.publicClient.readContract({ address: at, abi: swapRouterAbi, functionName: 'orderStatus', args: [orderId] });

/** The settlers hold nothing but the escrows of orders still open: checked after every successful call and every case. */
async function expectSettlersHoldOnlyOpenEscrows() {
  const owed = new Map<string, bigint>();
  for (const { orderId } of opened) {
    const e = await escrowOf(orderId);
    if (e.status !== ORDER_STATUS.opened) continue;
    owed.set(getAddress(e.token), (owed.get(getAddress(e.token)) ?? 0n) + e.amount);
    owed.set(getAddress(e.feeToken), (owed.get(getAddress(e.feeToken)) ?? 0n) + e.feeAmount);
  }
  for (const token of [zeroAddress, a.stack.weth, a.usdc, a.tkn, usdt]) {
    for (const holder of [router, twinRouter]) {
      const expected = holder === router ? (owed.get(getAddress(token)) ?? 0n) : 0n;
      expect(await balanceOf(a, token, holder), `router ${holder} balance of ${token}`).toBe(expected);
    }
    expect(await balanceOf(a, token, settlerOnA)).toBe(0n);
  }
  for (const token of [zeroAddress, b.stack.weth, b.usdc, b.tkn]) {
    for (const holder of [settler, twinSettler]) expect(await balanceOf(b, token, holder), `settler balance of ${token}`).toBe(0n);
  }
}

/** What the legs give on the pools as they are: Router02 for an all-V2 leg, hop by hop with QuoterV2 for V3 hops. */
async function amountsOut(s: Side, legs: readonly Leg[]): Promise<bigint> {
  let total = 0n;
  for (const leg of legs) {
    if (!leg.fees?.some((fee) => fee !== 0)) {
      const out = await s.c.publicClient.readContract({ address: s.stack.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [leg.amountIn, [...leg.path]] });
      total += out[out.length - 1] ?? 0n;
      continue;
    }
    let amount = leg.amountIn;
    for (let i = 0; i + 1 < leg.path.length; i++) {
      const [tokenIn, tokenOut, fee] = [leg.path[i] ?? zeroAddress, leg.path[i + 1] ?? zeroAddress, leg.fees[i] ?? 0];
      if (fee === 0) {
        const out = await s.c.publicClient.readContract({ address: s.stack.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [amount, [tokenIn, tokenOut]] });
        amount = out[1] ?? 0n;
      } else {
        const { result } = await s.c.publicClient.simulateContract({ address: s.stack.quoterV2, abi: quoterV2Abi, functionName: 'quoteExactInputSingle', args: [{ tokenIn, tokenOut, amountIn: amount, fee, sqrtPriceLimitX96: 0n }] });
        amount = result[0];
      }
    }
    total += amount;
  }
  return total;
}

function splitLegs(amount: bigint, paths: readonly Address[][]): Leg[] {
  let spent = 0n;
  return paths.map((path, i) => {
    const amountIn = i === paths.length - 1 ? amount - spent : amount / BigInt(paths.length);
    spent += amountIn;
    return { amountIn, path };
  });
}

const now = async (s: Side) => (await s.c.publicClient.getBlock()).timestamp;

/** anvil_setChainId has no viem action: the chain keeps its state and contracts under a new id. */
async function setChainId(s: Side, id: number) {
  const res = await fetch(s.anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setChainId', params: [id] }) });
  const body = (await res.json()) as { error?: unknown };
  if (body.error) throw new Error(`anvil_setChainId failed: ${JSON.stringify(body.error)}`);
}

type QuoteInput = { tokenIn: Address; tokenOut: Address; amountIn: bigint; srcPaths?: Address[][]; dstPaths?: Address[][] } & Partial<CrossChainQuote>;

/** The relayer's fee in these tests: 1 % of the escrow, rounded up, plus 0.25 USDC. */
const RELAYER_FEE_BPS = 100;
const RELAYER_GAS_FEE = 250_000n;

/**
 * A signed-to-be cross-chain quote from A to B priced on the pools as they are: the expected escrow (and by default
 * its floor) is what the source legs give, the relayer keeps its fee on it, and the recipient's minimum is what the
 * destination legs give.
 */
async function xQuote(input: QuoteInput): Promise<CrossChainQuote> {
  const { srcPaths, dstPaths, ...rest } = input;
  const feeAmount = input.feeAmount ?? input.amountIn / 500n;
  const erc20In = input.tokenIn === zeroAddress ? a.stack.weth : input.tokenIn;
  const erc20Out = input.tokenOut === zeroAddress ? b.stack.weth : input.tokenOut;
  const srcLegs = input.srcLegs ?? (erc20In === a.usdc ? [] : splitLegs(input.amountIn - feeAmount, srcPaths ?? [[erc20In, a.usdc]]));
  const bridgeAmount = input.bridgeAmount ?? (srcLegs.length === 0 ? input.amountIn - feeAmount : await amountsOut(a, srcLegs));
  const minBridgeAmount = bridgeAmount;
  const dstBridgeAmount = input.dstBridgeAmount ?? bridgeAmount - relayerFeeOf(bridgeAmount, RELAYER_FEE_BPS, RELAYER_GAS_FEE);
  const dstLegs = input.dstLegs ?? (erc20Out === b.usdc ? [] : splitLegs(dstBridgeAmount, dstPaths ?? [[b.usdc, erc20Out]]));
  const minAmountOut = dstLegs.length === 0 ? dstBridgeAmount : await amountsOut(b, dstLegs);
  quoteCounter += 1;
  return {
    quoteId: keccak256(toHex(`xquote-${quoteCounter}-${Date.now()}`)),
    sender: address(USER),
    recipient: address(RECIPIENT),
    feeAmount,
    srcLegs,
    bridgeAmount,
    minBridgeAmount,
    relayerFeeBps: RELAYER_FEE_BPS,
    relayerGasFee: RELAYER_GAS_FEE,
    srcChainId: BigInt(A),
    dstChainId: BigInt(B),
    dstSettler: settler,
    dstBridgeToken: b.usdc,
    dstBridgeAmount,
    minAmountOut,
    dstLegs,
    fillDeadline: Number(await now(b)) + 600,
    deadline: (await now(a)) + 300n,
    exclusiveFiller: zeroAddress,
    exclusivityDeadline: 0,
    ...rest,
  };
}

const ethToEth = () => xQuote({ tokenIn: zeroAddress, tokenOut: zeroAddress, amountIn: parseEther('1') });
const sign = (q: CrossChainQuote, chainId = A, at: Address = router) => signCrossChainQuote(signer, chainId, at, q);

/** `openFor` of a gasless order sent by `submitter`: the order (default: the quote's) and the user's Permit2 signature. */
type Gasless = { order?: GaslessCrossChainOrder; permit?: Hex; submitter?: number };
type OpenOptions = { from?: number; value?: bigint; signature?: Hex; order?: ReturnType<typeof onchainOrder>; to?: Address; gas?: bigint; gasless?: Gasless };

/** The user's Permit2 signature of `order` (by dev account `by`, for Permit2 on `chainId`, spender `spender`). */
async function permitOf(order: GaslessCrossChainOrder, by = GASLESS_USER, over: { chainId?: number; spender?: Address } = {}): Promise<Hex> {
  const typed = gaslessOrderTypedData(order, PERMIT2_ADDRESS, over.spender);
  return devAccount(by).signTypedData({ ...typed, domain: { ...typed.domain, chainId: BigInt(over.chainId ?? A) } });
}

/** The gasless order of `q` (sender GASLESS_USER by default) on the router, with the quote signer's signature. */
const gaslessOrder = async (q: CrossChainQuote, at: Address = router) => gaslessOrderOf(q, await sign(q, A, at), at);

/** Sends `openFor` from the submitter; the order and permit default to the quote's, signed by its sender. */
async function sendOpenFor(q: CrossChainQuote, options: OpenOptions, gasless: Gasless): Promise<TransactionReceipt> {
  const order = gasless.order ?? (await gaslessOrder(q));
  const permit = gasless.permit ?? (await permitOf(order));
  const from = gasless.submitter ?? SUBMITTER;
  const hash = await a.c.wallet(from).writeContract({
    address: options.to ?? router, abi: swapRouterAbi, functionName: 'openFor', args: [order, permit, '0x'],
    value: options.value ?? 0n, gas: options.gas, account: devAccount(from), chain: a.c.chain,
  });
  return a.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
}

/** Sends `open` (or `openFor` with `gasless`); with `gas` the transaction is mined whatever happens, without it a revert surfaces as an error. */
async function sendOpen(q: CrossChainQuote, options: OpenOptions = {}): Promise<TransactionReceipt> {
  if (options.gasless) return sendOpenFor(q, options, options.gasless);
  const from = options.from ?? USER;
  const order = options.order ?? onchainOrder(q, options.signature ?? (await sign(q)));
  const hash = await a.c.wallet(from).writeContract({
    address: options.to ?? router, abi: swapRouterAbi, functionName: 'open', args: [order],
    value: options.value ?? (q.tokenIn === zeroAddress ? q.amountIn : 0n), gas: options.gas, account: devAccount(from), chain: a.c.chain,
  });
  return a.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
}

/**
 * Opens `q` and checks the origin leg's money: exactly amountIn taken, the fee held (not paid yet), the escrow as
 * simulated, and the order's payout scaled to that escrow.
 */
async function openAndCheck(q: CrossChainQuote, options: OpenOptions = {}) {
  const feeToken = q.tokenIn === zeroAddress ? a.stack.weth : q.tokenIn;
  const expectedEscrow = q.srcLegs.length === 0 ? q.amountIn - q.feeAmount : await amountsOut(a, q.srcLegs);
  const senderBefore = await balanceOf(a, q.tokenIn, q.sender);
  const feeBefore = await balanceOf(a, feeToken, address(FEE_RECIPIENT));
  const receipt = await sendOpen(q, { gas: GAS, ...options });
  expect(receipt.status).toBe('success');
  const gasPaid = q.tokenIn === zeroAddress && !options.gasless ? receipt.gasUsed * receipt.effectiveGasPrice : 0n;
  expect(senderBefore - (await balanceOf(a, q.tokenIn, q.sender)) - gasPaid).toBe(q.amountIn);
  expect(await balanceOf(a, feeToken, address(FEE_RECIPIENT))).toBe(feeBefore);
  const [open] = parseEventLogs({ abi: swapRouterAbi, eventName: 'Open', logs: receipt.logs });
  const [escrowed] = parseEventLogs({ abi: swapRouterAbi, eventName: 'OrderEscrowed', logs: receipt.logs });
  if (!open || !escrowed) throw new Error('open emitted no Open / OrderEscrowed');
  const { orderId, originData, fillOrder } = fillOrderOf(q, router, expectedEscrow);
  expect(fillOrder.dstBridgeAmount).toBe(relayerPayout(q, expectedEscrow));
  expect(open.args.orderId).toBe(orderId);
  expect(open.args.resolvedOrder.fillInstructions[0]?.originData).toBe(originData);
  expect(escrowed.args).toEqual({ orderId, quoteId: q.quoteId, user: getAddress(q.sender), bridgeToken: escrowed.args.bridgeToken, amount: expectedEscrow });
  expect(expectedEscrow >= q.minBridgeAmount).toBe(true);
  opened.push({ orderId });
  expect(await escrowOf(orderId)).toEqual({
    user: getAddress(q.sender), fillDeadline: q.fillDeadline, status: ORDER_STATUS.opened, token: escrowed.args.bridgeToken, amount: expectedEscrow,
    feeToken: getAddress(feeToken), feeAmount: q.feeAmount,
  });
  await expectSettlersHoldOnlyOpenEscrows();
  return { orderId, originData, escrow: expectedEscrow, receipt, resolved: open.args.resolvedOrder };
}

type FillOptions = { from?: number; at?: Address; side?: Side; gas?: bigint; value?: bigint; extra?: bigint; repayment?: Address; fillerData?: Hex };

const fillerData = (options: FillOptions): Hex => options.fillerData ?? encodeFillerData({ extra: options.extra, repayment: options.repayment });

async function sendFill(orderId: Hex, originData: Hex, options: FillOptions = {}): Promise<TransactionReceipt> {
  const s = options.side ?? b;
  const from = options.from ?? RELAYER;
  const hash = await s.c.wallet(from).writeContract({
    address: options.at ?? settler, abi: destinationSettlerAbi, functionName: 'fill', args: [orderId, originData, fillerData(options)],
    gas: options.gas, value: options.value, account: devAccount(from), chain: s.c.chain,
  });
  return s.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
}

/** Fills and checks: the relayer pays exactly dstBridgeAmount (plus any extra), the recipient gains ≥ minAmountOut, as recorded. */
async function fillAndCheck(orderId: Hex, originData: Hex, options: FillOptions = {}) {
  const order = decodeOriginData(originData);
  const from = options.from ?? RELAYER;
  const paid = order.dstBridgeAmount + (options.extra ?? 0n);
  const expected = order.dstLegs.length === 0 ? paid : await amountsOut(b, scaleLegs(order.dstLegs, order.dstBridgeAmount, paid));
  const relayerBefore = await balanceOf(b, b.usdc, address(from));
  const recipientBefore = await balanceOf(b, order.tokenOut, order.recipient);
  const receipt = await sendFill(orderId, originData, { gas: GAS, ...options });
  expect(receipt.status).toBe('success');
  expect(relayerBefore - (await balanceOf(b, b.usdc, address(from)))).toBe(paid);
  const received = (await balanceOf(b, order.tokenOut, order.recipient)) - recipientBefore;
  expect(received).toBe(expected);
  expect(received >= order.minAmountOut).toBe(true);
  const [filled] = parseEventLogs({ abi: destinationSettlerAbi, eventName: 'Filled', logs: receipt.logs });
  const repayment = options.repayment && options.repayment !== zeroAddress ? options.repayment : address(from);
  expect(filled?.args).toEqual({ orderId, filler: address(from), recipient: getAddress(order.recipient), tokenOut: getAddress(order.tokenOut), amountOut: received, repayment });
  const block = await b.c.publicClient.getBlock({ blockNumber: receipt.blockNumber });
  expect(await b.c.publicClient.readContract({ address: settler, abi: destinationSettlerAbi, functionName: 'fills', args: [orderId] })).toEqual([address(from), received, block.timestamp, repayment]);
  await expectSettlersHoldOnlyOpenEscrows();
  return { receipt, received };
}

const attestation = (orderId: Hex, kind: number, relayer: Address, over: Partial<Attestation> = {}, key: Hex = attesterKey) =>
  signAttestation({ originChainId: A, originSettler: router, orderId, kind, relayer, ...over }, key);
const filledBy = (orderId: Hex, relayer = address(RELAYER), over: Partial<Attestation> = {}, key?: Hex) => attestation(orderId, ATTESTATION_KIND.filled, relayer, over, key);
const expired = (orderId: Hex, over: Partial<Attestation> = {}, key?: Hex) => attestation(orderId, ATTESTATION_KIND.expired, zeroAddress, over, key);

async function write(fn: 'settle' | 'refund', args: readonly unknown[], options: { from?: number; gas?: bigint; to?: Address } = {}): Promise<TransactionReceipt> {
  const from = options.from ?? RELAYER;
  const hash = await a.c.wallet(from).writeContract({ address: options.to ?? router, abi: swapRouterAbi, functionName: fn, args: args as never, gas: options.gas, account: devAccount(from), chain: a.c.chain });
  return a.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
}
const settle = (orderId: Hex, relayer: Address, att: Hex, options?: { from?: number; gas?: bigint; to?: Address }) => write('settle', [orderId, relayer, att], options);
const attestedRefund = (orderId: Hex, att: Hex, options?: { from?: number; gas?: bigint }) => write('refund', [orderId, att], options);
const graceRefund = (orderId: Hex, options?: { from?: number; gas?: bigint }) => write('refund', [orderId], { from: OTHER_USER, ...options });

/** Settles and checks the relayer is paid exactly the escrow, and the fee recipient exactly the held fee. */
async function settleAndCheck(orderId: Hex, relayer = address(RELAYER)) {
  const { amount, token, feeAmount, feeToken } = await escrowOf(orderId);
  const before = await balanceOf(a, token, relayer);
  const feeBefore = await balanceOf(a, feeToken, address(FEE_RECIPIENT));
  const receipt = await settle(orderId, relayer, await filledBy(orderId, relayer), { gas: GAS });
  expect(receipt.status).toBe('success');
  expect((await balanceOf(a, token, relayer)) - before).toBe(amount);
  expect((await balanceOf(a, feeToken, address(FEE_RECIPIENT))) - feeBefore).toBe(feeAmount);
  const [event] = parseEventLogs({ abi: swapRouterAbi, eventName: 'OrderSettled', logs: receipt.logs });
  expect(event?.args).toEqual({ orderId, relayer, amount });
  expect(await statusOf(orderId)).toBe(ORDER_STATUS.settled);
  await expectSettlersHoldOnlyOpenEscrows();
}

/** Refunds (attested or after the grace) and checks the user gets exactly the escrow and the fee back. */
async function refundAndCheck(orderId: Hex, how: 'attested' | 'grace') {
  const { amount, token, user, feeAmount, feeToken } = await escrowOf(orderId);
  const before = await balanceOf(a, token, user);
  const feeBefore = feeToken === token ? 0n : await balanceOf(a, feeToken, user);
  const feeRecipientBefore = await balanceOf(a, feeToken, address(FEE_RECIPIENT));
  const receipt = how === 'attested' ? await attestedRefund(orderId, await expired(orderId), { gas: GAS }) : await graceRefund(orderId, { gas: GAS });
  expect(receipt.status).toBe('success');
  if (feeToken === token) {
    expect((await balanceOf(a, token, user)) - before).toBe(amount + feeAmount);
  } else {
    expect((await balanceOf(a, token, user)) - before).toBe(amount);
    expect((await balanceOf(a, feeToken, user)) - feeBefore).toBe(feeAmount);
  }
  expect(await balanceOf(a, feeToken, address(FEE_RECIPIENT))).toBe(feeRecipientBefore);
  const [event] = parseEventLogs({ abi: swapRouterAbi, eventName: 'OrderRefunded', logs: receipt.logs });
  expect(event?.args).toEqual({ orderId, user, amount });
  expect(await statusOf(orderId)).toBe(ORDER_STATUS.refunded);
  await expectSettlersHoldOnlyOpenEscrows();
}

const afterGrace = async (fillDeadline: number, extra: bigint) => a.test.setNextBlockTimestamp({ timestamp: BigInt(fillDeadline) + GRACE_SEC + extra });

// ---------------------------------------------------------------- origin: open and resolve

describe('open: the origin leg escrows the bridge asset', () => {
  it('native in: wraps, pays the fee in WETH, swaps to USDC and escrows all of it', async () => {
    await openAndCheck(await ethToEth());
  });

  it('token in over two source legs, token out over two destination legs', async () => {
    const q = await xQuote({
      tokenIn: a.tkn, tokenOut: b.tkn, amountIn: parseEther('5000'),
      srcPaths: [[a.tkn, a.usdc], [a.tkn, a.stack.weth, a.usdc]], dstPaths: [[b.usdc, b.tkn], [b.usdc, b.stack.weth, b.tkn]],
    });
    const { orderId, originData } = await openAndCheck(q);
    await fillAndCheck(orderId, originData);
    await settleAndCheck(orderId);
  });

  it('V3 hops on both sides: ETH → USDC through a V3 pool on the origin, USDC → TKN (V3) → WETH (V2) on the destination', async () => {
    const fee = parseEther('1.5') / 500n;
    const srcLegs: Leg[] = [{ amountIn: parseEther('1.5') - fee, path: [a.stack.weth, a.usdc], fees: [500] }];
    const bridgeAmount = await amountsOut(a, srcLegs);
    const dstBridgeAmount = bridgeAmount - relayerFeeOf(bridgeAmount, RELAYER_FEE_BPS, RELAYER_GAS_FEE);
    const dstLegs: Leg[] = [{ amountIn: dstBridgeAmount, path: [b.usdc, b.tkn, b.stack.weth], fees: [3000, 0] }];
    const q = await xQuote({ tokenIn: zeroAddress, tokenOut: zeroAddress, amountIn: parseEther('1.5'), feeAmount: fee, srcLegs, bridgeAmount, dstBridgeAmount, dstLegs, minAmountOut: await amountsOut(b, dstLegs) });
    const { orderId, originData } = await openAndCheck(q);
    expect(decodeOriginData(originData).dstLegs.map((leg) => [leg.amountIn, leg.fees])).toEqual([[dstBridgeAmount, [3000, 0]]]);
    const { received } = await fillAndCheck(orderId, originData);
    expect(received).toBe(q.minAmountOut);
    await settleAndCheck(orderId);
  });

  it('the bridge asset in needs no source legs; the bridge asset out needs no destination legs', async () => {
    const q = await xQuote({ tokenIn: a.usdc, tokenOut: b.usdc, amountIn: parseUnits('2500', 6) });
    expect([q.srcLegs, q.dstLegs]).toEqual([[], []]);
    const { orderId, originData, escrow } = await openAndCheck(q);
    expect(escrow).toBe(q.amountIn - q.feeAmount);
    await fillAndCheck(orderId, originData);
  });

  it('escrows the input itself when the signed quote has no source legs: the escrowed asset is always the one the quote implies', async () => {
    const q = await xQuote({ tokenIn: a.tkn, tokenOut: b.usdc, amountIn: parseEther('100'), srcLegs: [] });
    const { receipt, escrow } = await openAndCheck(q);
    expect(escrow).toBe(q.amountIn - q.feeAmount);
    const [escrowed] = parseEventLogs({ abi: swapRouterAbi, eventName: 'OrderEscrowed', logs: receipt.logs });
    expect(escrowed?.args.bridgeToken).toBe(a.tkn);
  });

  it('reverts SafeERC20FailedOperation when the input token answers false instead of moving funds', async () => {
    const hash = await a.c.wallet(OWNER).deployContract({ abi: falseReturnERC20Abi, bytecode: falseReturnERC20Bytecode, args: ['Old Token', 'OLD'], account: devAccount(OWNER), chain: a.c.chain });
    const old = getAddress((await a.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })).contractAddress ?? zeroAddress);
    await mint(a.c, old, address(OWNER), parseEther('1000000'));
    await approve(a.c, OWNER, old, a.stack.router02);
    await addLiquidity(a.c, a.stack, OWNER, old, parseEther('1000000'), a.usdc, parseUnits('1000000', 6));
    await mint(a.c, old, address(USER), parseEther('1000'));
    await approve(a.c, USER, old, router);
    // While the token behaves the order opens: the failure below is the false return alone.
    await openAndCheck(await xQuote({ tokenIn: old, tokenOut: b.usdc, amountIn: parseEther('10') }));
    const failing = await a.c.wallet(OWNER).writeContract({ address: old, abi: falseReturnERC20Abi, functionName: 'setFailing', args: [true], account: devAccount(OWNER), chain: a.c.chain });
    await a.c.publicClient.waitForTransactionReceipt({ hash: failing, pollingInterval: POLLING_MS });
    const q = await xQuote({ tokenIn: old, tokenOut: b.usdc, amountIn: parseEther('10') });
    await expectRevert(sendOpen(q), 'SafeERC20FailedOperation');
    await expectRevert(sendOpen({ ...q, feeAmount: 0n, srcLegs: [{ amountIn: q.amountIn, path: [old, a.usdc] }] }), 'SafeERC20FailedOperation');
  });

  it('escrows everything the swap gives, not just the signed floor, and repays all of it', async () => {
    const q = await ethToEth();
    const slack = { ...q, minBridgeAmount: q.minBridgeAmount - 12_345n };
    const { orderId, originData, escrow } = await openAndCheck(slack);
    expect(escrow).toBe(q.bridgeAmount);
    await fillAndCheck(orderId, originData);
    await settleAndCheck(orderId);
  });

  it('takes a no-return-value ERC20 as input (safe transfers)', async () => {
    await openAndCheck(await xQuote({ tokenIn: usdt, tokenOut: b.usdc, amountIn: parseUnits('700', 6) }));
  });

  it('Open, resolve() and fill() agree on the order id and what resolve returns is what Open emits', async () => {
    const q = await xQuote({ tokenIn: zeroAddress, tokenOut: b.tkn, amountIn: parseEther('2') });
    const order = onchainOrder(q, await sign(q));
    const resolved = await a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'resolve', args: [order] });
    const { orderId, originData } = fillOrderOf(q, router);
    const opened = await openAndCheck(q, { order });
    expect(opened.resolved).toEqual(resolved);
    expect(resolved.orderId).toBe(orderId);
    expect(keccak256(originData)).toBe(orderId);
    const pad = (x: Address) => `0x${x.slice(2).toLowerCase().padStart(64, '0')}`;
    expect(resolved).toMatchObject({
      user: address(USER), originChainId: BigInt(A), openDeadline: Number(q.deadline), fillDeadline: q.fillDeadline,
      maxSpent: [{ token: pad(b.usdc), amount: q.dstBridgeAmount, recipient: pad(address(RECIPIENT)), chainId: BigInt(B) }],
      minReceived: [{ token: pad(a.usdc), amount: q.minBridgeAmount, recipient: `0x${'0'.repeat(64)}`, chainId: BigInt(A) }],
      fillInstructions: [{ destinationChainId: BigInt(B), destinationSettler: pad(settler), originData }],
    });
    const { receipt } = await fillAndCheck(orderId, originData);
    const [filled] = parseEventLogs({ abi: destinationSettlerAbi, eventName: 'Filled', logs: receipt.logs });
    expect(filled?.args.orderId).toBe(orderId);
  });

  it('computes the same EIP-712 digest as the TypeScript mirror, and the orderDataType is its typehash', async () => {
    const q = await ethToEth();
    const onChain = await a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'hashCrossChainQuote', args: [{ ...q, srcLegs: abiLegs(q.srcLegs), dstLegs: abiLegs(q.dstLegs) }] });
    expect(onChain).toBe(hashCrossChainQuote(A, router, q));
    expect(await a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'CROSS_CHAIN_QUOTE_TYPEHASH' })).toBe(CROSS_CHAIN_QUOTE_TYPEHASH);
  });

  it('both contracts are deployed with the code size the compiler reported, under EIP-170', async () => {
    const artifact = (name: string) => JSON.parse(readFileSync(`contracts/artifacts/${name}.json`, 'utf8')) as { deployedBytecodeSize: number };
    const routerCode = await a.c.publicClient.getCode({ address: router });
    const settlerCode = await b.c.publicClient.getCode({ address: settler });
    expect(((routerCode?.length ?? 0) - 2) / 2).toBe(artifact('SwapRouter').deployedBytecodeSize);
    expect(((settlerCode?.length ?? 0) - 2) / 2).toBe(artifact('DestinationSettler').deployedBytecodeSize);
    for (const code of [routerCode, settlerCode]) expect(((code?.length ?? 0) - 2) / 2).toBeLessThanOrEqual(24_576);
  });
});

describe('openFor: a gasless order, opened by anyone on the user\'s Permit2 signature', () => {
  /** USDC (the bridge asset) in, so that the amount itself can change without touching the legs. */
  const gaslessQuote = (over: Partial<QuoteInput> = {}) =>
    xQuote({ tokenIn: a.usdc, tokenOut: zeroAddress, amountIn: parseUnits('2500', 6), sender: address(GASLESS_USER), ...over });

  /** Expects a revert with `errorName` and nothing of the user's or the submitter's tokens to move. */
  async function expectRefused(action: () => Promise<unknown>, errorName: string) {
    const holders = [address(GASLESS_USER), address(SUBMITTER)];
    const before = await Promise.all(holders.map((h) => balanceOf(a, a.usdc, h)));
    await expectRevert(action(), errorName);
    expect(await Promise.all(holders.map((h) => balanceOf(a, a.usdc, h)))).toEqual(before);
  }

  it('openFor, resolveFor, Open and fill agree on the order id; the submitter pays only gas; fill → settle pays as for open', async () => {
    const q = await gaslessQuote({ tokenIn: a.tkn, amountIn: parseEther('3000') });
    const signature = await sign(q);
    const order = gaslessOrderOf(q, signature, router);
    const permit = await permitOf(order);
    const resolved = await a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'resolveFor', args: [order, '0x'] });
    // The same order as the user's own `open` of this quote would make.
    expect(resolved).toEqual(await a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'resolve', args: [onchainOrder(q, signature)] }));
    const { orderId, originData } = fillOrderOf(q, router);
    expect(resolved.orderId).toBe(orderId);
    const submitterBefore = await Promise.all([a.tkn, a.usdc].map((t) => balanceOf(a, t, address(SUBMITTER))));
    const opened = await openAndCheck(q, { gasless: { order, permit } });
    expect(opened.receipt.from).toBe(address(SUBMITTER).toLowerCase());
    expect(opened.orderId).toBe(orderId);
    expect(opened.resolved).toEqual(resolved);
    expect((await escrowOf(orderId)).user).toBe(address(GASLESS_USER));
    expect(await Promise.all([a.tkn, a.usdc].map((t) => balanceOf(a, t, address(SUBMITTER))))).toEqual(submitterBefore);
    // The router was never approved: the input came through Permit2, on the signature.
    expect(await a.c.publicClient.readContract({ address: a.tkn, abi: testERC20Abi, functionName: 'allowance', args: [address(GASLESS_USER), router] })).toBe(0n);
    const { receipt } = await fillAndCheck(orderId, originData);
    expect(parseEventLogs({ abi: destinationSettlerAbi, eventName: 'Filled', logs: receipt.logs })[0]?.args.orderId).toBe(orderId);
    await settleAndCheck(orderId);
  });

  it('the same signed order sent twice opens once: the second send reverts and nothing moves', async () => {
    const q = await gaslessQuote();
    const order = await gaslessOrder(q);
    const permit = await permitOf(order);
    await openAndCheck(q, { gasless: { order, permit } });
    await expectRefused(async () => sendOpen(q, { gasless: { order, permit } }), 'QuoteAlreadyUsed');
    const mined = await sendOpen(q, { gas: GAS, gasless: { order, permit, submitter: OTHER_USER } });
    expect(mined.status).toBe('reverted');
  });

  it('refuses the user\'s signature for an order with any field changed, even one the quote signer signed again', async () => {
    const q = await gaslessQuote();
    const order = await gaslessOrder(q);
    const permit = await permitOf(order);
    const changedQuotes: Partial<CrossChainQuote>[] = [
      { amountIn: q.amountIn + 1_000n, bridgeAmount: q.bridgeAmount + 1_000n },
      { recipient: address(OTHER_USER) },
      { fillDeadline: q.fillDeadline + 1 },
      { minAmountOut: q.minAmountOut - 1n },
    ];
    for (const over of changedQuotes) {
      await expectRefused(async () => sendOpen(q, { gasless: { order: await gaslessOrder({ ...q, ...over }), permit } }), 'InvalidSigner');
    }
    await expectRefused(async () => sendOpen(q, { gasless: { order: { ...order, nonce: order.nonce + 1n }, permit } }), 'InvalidSigner');
    // The order as signed still opens.
    await openAndCheck(q, { gasless: { order, permit } });
  });

  it('refuses another spender, another chain id, a reused Permit2 nonce and a signature by anyone but the user', async () => {
    const q = await gaslessQuote();
    const order = await gaslessOrder(q);
    await expectRefused(async () => sendOpen(q, { gasless: { order, permit: await permitOf(order, GASLESS_USER, { spender: twinRouter }) } }), 'InvalidSigner');
    await expectRefused(async () => sendOpen(q, { gasless: { order, permit: await permitOf(order, GASLESS_USER, { chainId: B }) } }), 'InvalidSigner');
    await expectRefused(async () => sendOpen(q, { gasless: { order, permit: await permitOf(order, OTHER_USER) } }), 'InvalidSigner');
    await expectRefused(async () => sendOpen(q, { gasless: { order: { ...order, originChainId: BigInt(B) } } }), 'WrongChain');
    await openAndCheck(q, { gasless: { order } });
    // Another quote signed under the nonce the first one spent.
    const next = await gaslessQuote();
    const reused = { ...(await gaslessOrder(next)), nonce: order.nonce };
    await expectRefused(async () => sendOpen(next, { gasless: { order: reused, permit: await permitOf(reused) } }), 'InvalidNonce');
  });

  it('refuses an order past its open deadline: one second after it nothing moves', async () => {
    const q = await gaslessQuote();
    const order = await gaslessOrder(q);
    const permit = await permitOf(order);
    await a.test.setNextBlockTimestamp({ timestamp: BigInt(order.openDeadline) + 1n });
    await a.test.mine({ blocks: 1 });
    await expectRefused(async () => sendOpen(q, { gasless: { order, permit } }), 'QuoteExpired');
  });

  it('refuses an order that is not its quote\'s: another user, another settler, another open deadline, native input, no signature, value', async () => {
    const q = await gaslessQuote();
    const order = await gaslessOrder(q);
    const permit = await permitOf(order);
    await expectRefused(async () => sendOpen(q, { gasless: { order: { ...order, user: address(OTHER_USER) }, permit } }), 'WrongSender');
    await expectRefused(async () => sendOpen(q, { gasless: { order: { ...order, originSettler: twinRouter }, permit } }), 'WrongOriginSettler');
    await expectRefused(async () => sendOpen(q, { gasless: { order: { ...order, openDeadline: order.openDeadline - 1 }, permit } }), 'OpenDeadlineMismatch');
    await expectRefused(async () => sendOpen(q, { gasless: { order, permit: '0x' } }), 'InvalidSignature');
    await expectRefused(async () => sendOpen(q, { value: 1n, gasless: { order, permit } }), 'InvalidValue');
    const native = await gaslessQuote({ tokenIn: zeroAddress, amountIn: parseEther('1') });
    await expectRefused(async () => sendOpen(native, { gasless: {} }), 'NativeInputNotGasless');
    await expectRevert(a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'resolveFor', args: [{ ...order, user: address(OTHER_USER) }, '0x'] }), 'WrongSender');
  });

  it('a front-runner sending the signed order first opens it for the user: the refund is the user\'s, the submitter\'s send reverts without loss', async () => {
    const q = await gaslessQuote();
    const order = await gaslessOrder(q);
    const permit = await permitOf(order);
    const userBefore = await balanceOf(a, a.usdc, address(GASLESS_USER));
    const frontRunnerBefore = await balanceOf(a, a.usdc, address(OTHER_USER));
    const { orderId, originData } = await openAndCheck(q, { gasless: { order, permit, submitter: OTHER_USER } });
    expect((await escrowOf(orderId)).user).toBe(address(GASLESS_USER));
    await expectRefused(async () => sendOpen(q, { gasless: { order, permit } }), 'QuoteAlreadyUsed');
    const { fillDeadline } = decodeOriginData(originData);
    await b.test.setNextBlockTimestamp({ timestamp: BigInt(fillDeadline) + 1n });
    await b.test.mine({ blocks: 1 });
    await refundAndCheck(orderId, 'attested');
    expect(await balanceOf(a, a.usdc, address(GASLESS_USER))).toBe(userBefore);
    expect(await balanceOf(a, a.usdc, address(OTHER_USER))).toBe(frontRunnerBefore);
  });
});

describe('open: the same-chain promises hold for the origin leg', () => {
  it('any signed field changed fails verification (another source chain reads as WrongChain)', async () => {
    const q = await xQuote({ tokenIn: a.tkn, tokenOut: zeroAddress, amountIn: parseEther('3000') });
    const signature = await sign(q);
    const changed = (field: keyof CrossChainQuote): CrossChainQuote => {
      const v = q[field];
      if (field === 'srcLegs') return { ...q, srcLegs: [{ amountIn: q.amountIn - q.feeAmount, path: [a.tkn, a.stack.weth, a.usdc] }] };
      if (field === 'dstLegs') return { ...q, dstLegs: [{ amountIn: q.dstBridgeAmount, path: [b.usdc, b.tkn, b.stack.weth] }] };
      if (field === 'fillDeadline') return { ...q, fillDeadline: q.fillDeadline + 1 };
      if (field === 'exclusivityDeadline') return { ...q, exclusivityDeadline: q.exclusivityDeadline + 1 };
      if (field === 'quoteId') return { ...q, quoteId: keccak256(q.quoteId) };
      if (typeof v === 'bigint') return { ...q, [field]: field === 'feeAmount' || field === 'minBridgeAmount' || field === 'minAmountOut' ? v - 1n : v + 1n };
      if (field === 'relayerFeeBps') return { ...q, relayerFeeBps: q.relayerFeeBps - 1 };
      if (field === 'tokenIn') return { ...q, tokenIn: usdt };
      if (field === 'tokenOut') return { ...q, tokenOut: b.tkn };
      if (field === 'dstSettler') return { ...q, dstSettler: twinSettler };
      if (field === 'dstBridgeToken') return { ...q, dstBridgeToken: b.tkn };
      return { ...q, [field]: address(OTHER_USER) };
    };
    const fields = CROSS_CHAIN_QUOTE_TYPES.CrossChainQuote.map((f) => f.name);
    expect(fields).toHaveLength(23);
    for (const field of fields) {
      const altered = changed(field);
      expect(altered[field], field).not.toEqual(q[field]);
      const from = field === 'sender' ? OTHER_USER : USER;
      await expectRevert(sendOpen(altered, { signature, from }), field === 'srcChainId' ? 'WrongChain' : 'InvalidSignature');
    }
    await openAndCheck(q, { signature });
  });

  it('refuses another key, another chain id in the domain and another router deployment', async () => {
    const q = await ethToEth();
    await expectRevert(sendOpen(q, { signature: await signCrossChainQuote(privateKeyToAccount(generatePrivateKey()), A, router, q) }), 'InvalidSignature');
    await expectRevert(sendOpen(q, { signature: await sign(q, B) }), 'InvalidSignature');
    await expectRevert(sendOpen(q, { signature: await sign(q, A, twinRouter) }), 'InvalidSignature');
  });

  it('opens a quote once, only by its sender, until its deadline inclusive', async () => {
    const q = await ethToEth();
    await expectRevert(sendOpen(q, { from: OTHER_USER }), 'WrongSender');
    await a.test.setNextBlockTimestamp({ timestamp: q.deadline });
    const { receipt } = await openAndCheck(q);
    expect((await a.c.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBe(q.deadline);
    expect(await a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'isQuoteUsed', args: [q.quoteId] })).toBe(true);
    // Replayed well before its deadline, the quote is refused as used (after its deadline it would read as expired).
    const again = await ethToEth();
    await openAndCheck(again);
    await expectRevert(sendOpen(again), 'QuoteAlreadyUsed');
    const late = await ethToEth();
    await a.test.setNextBlockTimestamp({ timestamp: late.deadline + 1n });
    expect((await sendOpen(late, { gas: GAS })).status).toBe('reverted');
    await expectRevert(a.c.publicClient.simulateContract({ address: router, abi: swapRouterAbi, functionName: 'open', args: [onchainOrder(late, await sign(late))], value: late.amountIn, account: address(USER) }), 'QuoteExpired');
  });

  it('takes exactly amountIn: msg.value must equal it for native input and be zero for token input', async () => {
    const native = await ethToEth();
    for (const value of [native.amountIn - 1n, native.amountIn + 1n, 0n]) await expectRevert(sendOpen(native, { value }), 'InvalidValue');
    const token = await xQuote({ tokenIn: a.tkn, tokenOut: b.usdc, amountIn: parseEther('100') });
    await expectRevert(sendOpen(token, { value: 1n }), 'InvalidValue');
  });

  it('caps the fee at 100 bps and escrows no less than minBridgeAmount', async () => {
    const amountIn = parseEther('1');
    await expectRevert(sendOpen(await xQuote({ tokenIn: zeroAddress, tokenOut: zeroAddress, amountIn, feeAmount: amountIn / 100n + 1n })), 'FeeTooHigh');
    await openAndCheck(await xQuote({ tokenIn: zeroAddress, tokenOut: zeroAddress, amountIn, feeAmount: amountIn / 100n }));
    const q = await ethToEth();
    await expectRevert(sendOpen({ ...q, minBridgeAmount: q.minBridgeAmount + 1n }), 'InsufficientBridgeAmount');
  });

  it('refuses malformed orders: foreign orderDataType, fill deadline differing from the quote, not cross-chain, past fill deadline', async () => {
    const q = await ethToEth();
    const order = onchainOrder(q, await sign(q));
    await expectRevert(sendOpen(q, { order: { ...order, orderDataType: keccak256('0x01') } }), 'InvalidOrderDataType');
    await expectRevert(sendOpen(q, { order: { ...order, fillDeadline: order.fillDeadline + 1 } }), 'FillDeadlineMismatch');
    await expectRevert(sendOpen({ ...q, dstChainId: BigInt(A) }), 'NotCrossChain');
    await expectRevert(sendOpen({ ...q, fillDeadline: Number(await now(a)) - 10 }), 'InvalidFillDeadline');
    // No later than MAX_FILL_WINDOW_SEC after opening: the attester delay is only meaningful over a bounded window.
    const window = await a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'MAX_FILL_WINDOW_SEC' });
    await expectRevert(sendOpen({ ...q, fillDeadline: Number((await now(a)) + window) + 30 }), 'InvalidFillDeadline');
    await expectRevert(sendOpen({ ...q, dstSettler: zeroAddress }), 'InvalidDestination');
    await expectRevert(sendOpen({ ...q, recipient: zeroAddress }), 'InvalidRecipient');
  });

  it('refuses source legs that do not add up, do not end where the first leg ends, or run from the bridge asset to itself', async () => {
    const q = await xQuote({ tokenIn: a.tkn, tokenOut: b.usdc, amountIn: parseEther('1000'), srcPaths: [[a.tkn, a.usdc], [a.tkn, a.stack.weth, a.usdc]] });
    const [first, second] = q.srcLegs;
    if (!first || !second) throw new Error('two legs expected');
    await expectRevert(sendOpen({ ...q, srcLegs: [first, { ...second, amountIn: second.amountIn + 1n }] }), 'LegAmountsMismatch');
    await expectRevert(sendOpen({ ...q, srcLegs: [first, { ...second, path: [a.tkn, a.stack.weth] }] }), 'InvalidPath');
    const bridgeIn = await xQuote({ tokenIn: a.usdc, tokenOut: b.usdc, amountIn: parseUnits('100', 6) });
    await expectRevert(sendOpen({ ...bridgeIn, srcLegs: [{ amountIn: bridgeIn.amountIn - bridgeIn.feeAmount, path: [a.usdc, a.tkn, a.usdc] }] }), 'InvalidLegs');
  });
});

// ---------------------------------------------------------------- the trader's slippage over the whole route

/** Reserves of the factory's pair for (tokenIn, tokenOut) on `s`, oriented in → out. */
async function reservesOf(s: Side, tokenIn: Address, tokenOut: Address): Promise<[bigint, bigint]> {
  const pair = await s.c.publicClient.readContract({ address: s.stack.factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [tokenIn, tokenOut] });
  const [r0, r1] = await s.c.publicClient.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' });
  return tokenIn.toLowerCase() < tokenOut.toLowerCase() ? [r0, r1] : [r1, r0];
}

/** The largest sale of `tokenIn` into the pool after which `swapIn` of it still gives at least `floor`. */
async function largestSaleKeeping(s: Side, tokenIn: Address, tokenOut: Address, swapIn: bigint, floor: bigint): Promise<bigint> {
  const [rIn, rOut] = await reservesOf(s, tokenIn, tokenOut);
  const after = (x: bigint) => getAmountOut(swapIn, rIn + x, rOut - getAmountOut(x, rIn, rOut));
  let lo = 0n;
  let hi = rIn;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (after(mid) >= floor) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}

/** Someone else trades first: OWNER sells `amount` of WETH (as native coin) or of a token for `tokenOut` on `s`. */
async function sell(s: Side, tokenIn: Address, tokenOut: Address, amount: bigint): Promise<void> {
  const deadline = (await now(s)) + 600n;
  const hash = tokenIn === s.stack.weth
    ? await s.c.wallet(OWNER).writeContract({ address: s.stack.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactETHForTokens', args: [0n, [tokenIn, tokenOut], address(OWNER), deadline], value: amount, account: devAccount(OWNER), chain: s.c.chain })
    : await s.c.wallet(OWNER).writeContract({ address: s.stack.router02, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens', args: [amount, 0n, [tokenIn, tokenOut], address(OWNER), deadline], account: devAccount(OWNER), chain: s.c.chain });
  expect((await s.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })).status).toBe('success');
}

describe('the trader\'s slippage covers the whole route; the relayer keeps its whole fee', () => {
  /** As a firm quote at 0.5 % slippage: 1 ETH on A → TKN on B, min_amount_out and the escrow floor from that slippage. */
  const SLIPPAGE_PPM = 5_000n;
  async function firmLike(): Promise<CrossChainQuote> {
    const q = await xQuote({ tokenIn: zeroAddress, tokenOut: b.tkn, amountIn: parseEther('1') });
    const amountOut = await amountsOut(b, q.dstLegs);
    return { ...q, minBridgeAmount: minBridgeAmountOf(q, SLIPPAGE_PPM), minAmountOut: (amountOut * (1_000_000n - SLIPPAGE_PPM)) / 1_000_000n };
  }

  it('a source pool moved just inside the slippage: the order opens with the destination scaled to the escrow, the relayer keeps its fee, and the recipient gets at least min_amount_out', async () => {
    const q = await firmLike();
    const swapIn = q.amountIn - q.feeAmount;
    // Well past the relayer's fee (1 % + 0.25 USDC here, about 1.1 %): the escrow is 0.45 % and more below the quote.
    const sale = await largestSaleKeeping(a, a.stack.weth, a.usdc, swapIn, q.minBridgeAmount);
    await sell(a, a.stack.weth, a.usdc, sale);
    const { orderId, originData, escrow } = await openAndCheck(q);
    expect(escrow).toBeLessThan((q.bridgeAmount * 9_955n) / 10_000n);
    expect(escrow).toBeGreaterThanOrEqual(q.minBridgeAmount);
    const order = decodeOriginData(originData);
    expect(order.dstBridgeAmount).toBeLessThan(q.dstBridgeAmount);
    expect(escrow - order.dstBridgeAmount).toBeGreaterThanOrEqual(relayerFeeOf(escrow, RELAYER_FEE_BPS, RELAYER_GAS_FEE));
    const { received } = await fillAndCheck(orderId, originData);
    expect(received).toBeGreaterThanOrEqual(q.minAmountOut);
    await settleAndCheck(orderId);
  });

  it('a source pool moved just outside the slippage: open reverts and the trader loses nothing but gas', async () => {
    const q = await firmLike();
    const sale = await largestSaleKeeping(a, a.stack.weth, a.usdc, q.amountIn - q.feeAmount, q.minBridgeAmount);
    await sell(a, a.stack.weth, a.usdc, sale + parseEther('0.001'));
    const before = await balanceOf(a, zeroAddress, q.sender);
    await expectRevert(sendOpen(q), 'InsufficientBridgeAmount');
    const receipt = await sendOpen(q, { gas: GAS });
    expect(receipt.status).toBe('reverted');
    expect(await balanceOf(a, zeroAddress, q.sender)).toBe(before - receipt.gasUsed * receipt.effectiveGasPrice);
    expect(await a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'isQuoteUsed', args: [q.quoteId] })).toBe(false);
  });

  it('a pool moved in the trader\'s favour pays more on the destination, and the relayer still keeps exactly its fee', async () => {
    const q = await firmLike();
    await sell(a, a.usdc, a.stack.weth, parseUnits('3000', 6));
    const { orderId, originData, escrow } = await openAndCheck(q);
    expect(escrow).toBeGreaterThan(q.bridgeAmount);
    const order = decodeOriginData(originData);
    expect(order.dstBridgeAmount).toBeGreaterThan(q.dstBridgeAmount);
    expect(order.dstLegs.reduce((sum, leg) => sum + leg.amountIn, 0n)).toBe(order.dstBridgeAmount);
    const fee = escrow - order.dstBridgeAmount;
    expect(fee).toBeGreaterThanOrEqual(relayerFeeOf(escrow, RELAYER_FEE_BPS, RELAYER_GAS_FEE));
    expect(fee).toBeLessThanOrEqual(relayerFeeOf(escrow, RELAYER_FEE_BPS, RELAYER_GAS_FEE) + 1n);
    await fillAndCheck(orderId, originData);
  });

  it('splits the scaled payout over the destination legs in their signed shares', async () => {
    const q = await xQuote({ tokenIn: zeroAddress, tokenOut: b.tkn, amountIn: parseEther('2'), dstPaths: [[b.usdc, b.tkn], [b.usdc, b.stack.weth, b.tkn]] });
    await sell(a, a.stack.weth, a.usdc, parseEther('0.2'));
    const { originData, escrow } = await openAndCheck({ ...q, minBridgeAmount: 0n, minAmountOut: 1n });
    const order = decodeOriginData(originData);
    const payout = relayerPayout(q, escrow);
    expect(order.dstBridgeAmount).toBe(payout);
    const [first, second] = order.dstLegs;
    expect(first?.amountIn).toBe(((q.dstLegs[0]?.amountIn ?? 0n) * payout) / q.dstBridgeAmount);
    expect(second?.amountIn).toBe(payout - (first?.amountIn ?? 0n));
  });
});

describe('a refund returns everything the trader paid, the service fee included', () => {
  it('USDC in: the attested refund returns amount_in exactly; the fee recipient gets nothing', async () => {
    const q = await xQuote({ tokenIn: a.usdc, tokenOut: b.usdc, amountIn: parseUnits('1500', 6) });
    const before = await balanceOf(a, a.usdc, q.sender);
    const { orderId } = await openAndCheck(q);
    expect(await balanceOf(a, a.usdc, q.sender)).toBe(before - q.amountIn);
    await refundAndCheck(orderId, 'attested');
    expect(await balanceOf(a, a.usdc, q.sender)).toBe(before);
  });

  it('native in: the grace refund returns the escrow and the fee (in WETH) to the user, without the service', async () => {
    const { orderId } = await openAndCheck(await ethToEth());
    const { fillDeadline, feeToken, feeAmount } = await escrowOf(orderId);
    expect([feeToken, feeAmount > 0n]).toEqual([getAddress(a.stack.weth), true]);
    await afterGrace(fillDeadline, 1n);
    await refundAndCheck(orderId, 'grace');
  });

  it('a token that skims on transfer: the fee held is what arrived, and exactly that goes back', async () => {
    const q = await xQuote({ tokenIn: usdt, tokenOut: b.usdc, amountIn: parseUnits('700', 6) });
    const { orderId } = await openAndCheck(q);
    await refundAndCheck(orderId, 'attested');
  });
});

// ---------------------------------------------------------------- destination: fill

describe('fill: once, here, before the deadline on this clock', () => {
  it('pays native out from the relayer\'s USDC and records the fill', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    await fillAndCheck(orderId, originData);
  });

  it('fills at exactly fillDeadline on the destination clock and reverts one second later, whatever the origin clock says', async () => {
    const first = await openAndCheck(await ethToEth());
    const second = await openAndCheck(await ethToEth());
    const deadline = BigInt(decodeOriginData(first.originData).fillDeadline);
    // Only the destination clock moves; the origin stays well before the deadline.
    await b.test.setNextBlockTimestamp({ timestamp: deadline });
    const { receipt } = await fillAndCheck(first.orderId, first.originData);
    expect((await b.c.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp).toBe(deadline);
    await b.test.setNextBlockTimestamp({ timestamp: deadline + 1n });
    const late = await sendFill(second.orderId, second.originData, { gas: GAS });
    expect(late.status).toBe('reverted');
    expect((await b.c.publicClient.getBlock({ blockNumber: late.blockNumber })).timestamp).toBe(deadline + 1n);
    await expectRevert(sendFill(second.orderId, second.originData), 'FillDeadlinePassed');
    expect(await now(a)).toBeLessThan(deadline);
    const [relayer] = await b.c.publicClient.readContract({ address: settler, abi: destinationSettlerAbi, functionName: 'fills', args: [second.orderId] });
    expect(relayer).toBe(zeroAddress);
  });

  it('any field of originData changed makes fill revert', async () => {
    const { orderId, originData } = await openAndCheck(await xQuote({ tokenIn: zeroAddress, tokenOut: b.tkn, amountIn: parseEther('1') }));
    const order = decodeOriginData(originData);
    const changed = (field: keyof FillOrder): FillOrder => {
      const v = order[field];
      if (field === 'dstLegs') return { ...order, dstLegs: [{ amountIn: order.dstBridgeAmount, path: [b.usdc, b.stack.weth, b.tkn] }] };
      if (field === 'fillDeadline') return { ...order, fillDeadline: order.fillDeadline + 1 };
      if (field === 'exclusivityDeadline') return { ...order, exclusivityDeadline: order.exclusivityDeadline + 1 };
      if (field === 'quoteId') return { ...order, quoteId: keccak256(order.quoteId) };
      if (typeof v === 'bigint') return { ...order, [field]: v - 1n };
      if (field === 'tokenOut') return { ...order, tokenOut: zeroAddress };
      if (field === 'dstBridgeToken') return { ...order, dstBridgeToken: b.tkn };
      if (field === 'dstSettler') return { ...order, dstSettler: twinSettler };
      return { ...order, [field]: address(OTHER_USER) };
    };
    const fields = Object.keys(order) as (keyof FillOrder)[];
    expect(fields).toHaveLength(16);
    for (const field of fields) {
      const altered = changed(field);
      expect(altered[field], field).not.toEqual(order[field]);
      await expectRevert(sendFill(orderId, encodeOriginData(altered)), 'OrderIdMismatch');
    }
    await fillAndCheck(orderId, originData);
  });

  it('a second fill reverts, by the same relayer or another', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    await fillAndCheck(orderId, originData);
    await expectRevert(sendFill(orderId, originData), 'AlreadyFilled');
    await expectRevert(sendFill(orderId, originData, { from: OTHER_RELAYER }), 'AlreadyFilled');
  });

  it('fills only on the destination chain and only at the named settler', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    await expectRevert(sendFill(orderId, originData, { side: a, at: settlerOnA }), 'WrongChain');
    await expectRevert(sendFill(orderId, originData, { at: twinSettler }), 'WrongSettler');
    await fillAndCheck(orderId, originData);
  });

  it('refuses native coin sent with a fill, a relayer without allowance, and output below the minimum', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    await expectRevert(sendFill(orderId, originData, { value: 1n }), 'InvalidValue');
    await approve(b.c, RELAYER, b.usdc, settler, 0n);
    await expectRevert(sendFill(orderId, originData), 'ERC20InsufficientAllowance');
    await approve(b.c, RELAYER, b.usdc, settler);
    // An order whose minimum is one wei above what its legs give (no origin needed: the destination checks alone).
    const order = decodeOriginData(originData);
    const greedy = encodeOriginData({ ...order, minAmountOut: (await amountsOut(b, order.dstLegs)) + 1n });
    await expectRevert(sendFill(keccak256(greedy), greedy), 'InsufficientOutput');
    await fillAndCheck(orderId, originData);
  });

  it('a recipient that re-enters fill while being paid is stopped by the guard; the other order stays fillable', async () => {
    const receiver = await (async () => {
      const hash = await b.c.wallet(OWNER).deployContract({ abi: testRecipientAbi, bytecode: testRecipientBytecode, args: [false], account: devAccount(OWNER), chain: b.c.chain });
      return getAddress((await b.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })).contractAddress ?? zeroAddress);
    })();
    const outer = await openAndCheck({ ...(await ethToEth()), recipient: receiver });
    // Paid out of another pool than the outer order's, so the outer fill leaves its price where it was quoted.
    const inner = await openAndCheck(await xQuote({ tokenIn: zeroAddress, tokenOut: b.tkn, amountIn: parseEther('1') }));
    const innerCall = encodeFunctionData({ abi: destinationSettlerAbi, functionName: 'fill', args: [inner.orderId, inner.originData, '0x'] });
    const hash = await b.c.wallet(OWNER).writeContract({ address: receiver, abi: testRecipientAbi, functionName: 'setReentry', args: [settler, innerCall], account: devAccount(OWNER), chain: b.c.chain });
    await b.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    await fillAndCheck(outer.orderId, outer.originData);
    expect(await b.c.publicClient.readContract({ address: receiver, abi: testRecipientAbi, functionName: 'reentryAttempted' })).toBe(true);
    const result = await b.c.publicClient.readContract({ address: receiver, abi: testRecipientAbi, functionName: 'lastReentryResult' });
    expect(decodeErrorResult({ abi: destinationSettlerAbi, data: result }).errorName).toBe('ReentrancyGuardReentrantCall');
    await fillAndCheck(inner.orderId, inner.originData);
  });

  it('reverts the fill when the recipient refuses native coin, and refuses WETH as a native recipient', async () => {
    const rejecter = await (async () => {
      const hash = await b.c.wallet(OWNER).deployContract({ abi: testRecipientAbi, bytecode: testRecipientBytecode, args: [true], account: devAccount(OWNER), chain: b.c.chain });
      return getAddress((await b.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })).contractAddress ?? zeroAddress);
    })();
    const order = decodeOriginData(fillOrderOf(await ethToEth(), router).originData);
    for (const [recipient, error] of [[rejecter, 'NativeTransferFailed'], [b.stack.weth, 'InvalidRecipient']] as const) {
      const data = encodeOriginData({ ...order, recipient });
      await expectRevert(sendFill(keccak256(data), data), error);
    }
  });
});

describe('fill: the filler may add from its own inventory when the destination moved against the order', () => {
  it('a destination pool moved past the minimum: the plain fill reverts, a fill with extra bridge asset delivers at least the minimum', async () => {
    const q = await xQuote({ tokenIn: zeroAddress, tokenOut: b.tkn, amountIn: parseEther('1') });
    const { orderId, originData } = await openAndCheck({ ...q, minAmountOut: (q.minAmountOut * 995n) / 1000n });
    await sell(b, b.usdc, b.tkn, parseUnits('8000', 6));
    await expectRevert(sendFill(orderId, originData), 'InsufficientOutput');
    const { received } = await fillAndCheck(orderId, originData, { extra: parseUnits('40', 6) });
    expect(received).toBeGreaterThanOrEqual(decodeOriginData(originData).minAmountOut);
    await settleAndCheck(orderId);
  });

  it('the bridge asset out: the extra goes to the recipient as it is', async () => {
    const { orderId, originData } = await openAndCheck(await xQuote({ tokenIn: a.usdc, tokenOut: b.usdc, amountIn: parseUnits('100', 6) }));
    const { received } = await fillAndCheck(orderId, originData, { extra: 1_234n });
    expect(received).toBe(decodeOriginData(originData).dstBridgeAmount + 1_234n);
  });
});

describe('open filling: any filler, its repayment address, our relayer\'s exclusivity window', () => {
  const exclusive = async (seconds: bigint) => ({ exclusiveFiller: address(RELAYER), exclusivityDeadline: Number((await now(b)) + seconds) });
  // The bridge asset both ways: no destination pool, so one fill does not move the price another order was quoted at.
  const usdcToUsdc = () => xQuote({ tokenIn: a.usdc, tokenOut: b.usdc, amountIn: parseUnits('100', 6) });

  it('inside the exclusivity window only the exclusive filler fills (at its deadline too); one second after it anyone does', async () => {
    const window = await exclusive(100n);
    const first = await openAndCheck({ ...(await usdcToUsdc()), ...window });
    const second = await openAndCheck({ ...(await usdcToUsdc()), ...window });
    await expectRevert(sendFill(first.orderId, first.originData, { from: OTHER_RELAYER }), 'NotExclusiveFiller');
    await b.test.setNextBlockTimestamp({ timestamp: BigInt(window.exclusivityDeadline) });
    const atDeadline = await sendFill(first.orderId, first.originData, { from: OTHER_RELAYER, gas: GAS });
    expect(atDeadline.status).toBe('reverted');
    expect((await b.c.publicClient.getBlock({ blockNumber: atDeadline.blockNumber })).timestamp).toBe(BigInt(window.exclusivityDeadline));
    await b.test.setNextBlockTimestamp({ timestamp: BigInt(window.exclusivityDeadline) + 1n });
    await fillAndCheck(first.orderId, first.originData, { from: OTHER_RELAYER });
    // After the window the exclusive filler is one filler among others.
    await fillAndCheck(second.orderId, second.originData, { from: RELAYER });
    await settleAndCheck(first.orderId, address(OTHER_RELAYER));
  });

  it('the exclusive filler fills inside its window; an order without an exclusive filler is open to anyone whatever its deadline says', async () => {
    const mine = await openAndCheck({ ...(await ethToEth()), ...(await exclusive(600n)) });
    await fillAndCheck(mine.orderId, mine.originData, { from: RELAYER });
    const open = await openAndCheck({ ...(await ethToEth()), exclusiveFiller: zeroAddress, exclusivityDeadline: Number((await now(b)) + 600n) });
    await fillAndCheck(open.orderId, open.originData, { from: OTHER_RELAYER });
  });

  it('stripping the exclusivity makes another order: its fill pays the recipient but is never repaid, and the real order stays the exclusive filler\'s', async () => {
    const { orderId, originData } = await openAndCheck({ ...(await usdcToUsdc()), ...(await exclusive(600n)) });
    const stripped = encodeOriginData({ ...decodeOriginData(originData), exclusiveFiller: address(OTHER_RELAYER) });
    await expectRevert(sendFill(orderId, stripped, { from: OTHER_RELAYER }), 'OrderIdMismatch');
    const forged = keccak256(stripped);
    await fillAndCheck(forged, stripped, { from: OTHER_RELAYER });
    // The origin never escrowed the forged order: even an attestation of its fill moves nothing.
    await expectRevert(settle(forged, address(OTHER_RELAYER), await filledBy(forged, address(OTHER_RELAYER))), 'OrderNotOpen');
    expect(await statusOf(orderId)).toBe(ORDER_STATUS.opened);
    await fillAndCheck(orderId, originData, { from: RELAYER });
    await settleAndCheck(orderId, address(RELAYER));
  });

  it('records the repayment address fillerData names, and settlement pays that address exactly once', async () => {
    const repayment = privateKeyToAccount(generatePrivateKey()).address;
    const { orderId, originData } = await openAndCheck(await ethToEth());
    await fillAndCheck(orderId, originData, { from: OTHER_RELAYER, repayment, extra: 0n });
    const fillerBefore = await balanceOf(a, a.usdc, address(OTHER_RELAYER));
    await settleAndCheck(orderId, repayment);
    expect(await balanceOf(a, a.usdc, address(OTHER_RELAYER))).toBe(fillerBefore);
    await expectRevert(settle(orderId, repayment, await filledBy(orderId, repayment)), 'OrderNotOpen');
    await expectRevert(settle(orderId, address(OTHER_RELAYER), await filledBy(orderId, address(OTHER_RELAYER))), 'OrderNotOpen');
  });

  it('a zero repayment address means the filler itself, and the extra still counts', async () => {
    const { orderId, originData } = await openAndCheck(await xQuote({ tokenIn: a.usdc, tokenOut: b.usdc, amountIn: parseUnits('100', 6) }));
    const data = encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [zeroAddress, 7n]);
    const { received } = await fillAndCheck(orderId, originData, { from: OTHER_RELAYER, fillerData: data, extra: 7n });
    expect(received).toBe(decodeOriginData(originData).dstBridgeAmount + 7n);
  });

  it('racing fills of one order in one block: one fills, the other reverts AlreadyFilled and pays nothing but gas', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    const fillers = [RELAYER, OTHER_RELAYER];
    const before = await Promise.all(fillers.map((f) => balanceOf(b, b.usdc, address(f))));
    await b.test.setAutomine(false);
    let hashes: Hex[];
    try {
      hashes = await Promise.all(fillers.map((from) => b.c.wallet(from).writeContract({
        address: settler, abi: destinationSettlerAbi, functionName: 'fill', args: [orderId, originData, '0x'], gas: GAS, account: devAccount(from), chain: b.c.chain,
      })));
      await b.test.mine({ blocks: 1 });
    } finally {
      await b.test.setAutomine(true);
    }
    const receipts = await Promise.all(hashes.map((hash) => b.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })));
    expect(receipts.map((r) => r.blockNumber)).toEqual([receipts[0]?.blockNumber, receipts[0]?.blockNumber]);
    const winners = receipts.flatMap((r, i) => (r.status === 'success' ? [i] : []));
    expect(winners).toHaveLength(1);
    const winner = winners[0] ?? 0;
    const loser = 1 - winner;
    const loserHash = hashes[loser];
    if (!loserHash) throw new Error('two fills expected');
    const tx = await b.c.publicClient.getTransaction({ hash: loserHash });
    await expectRevert(b.c.publicClient.call({ account: tx.from, to: tx.to, data: tx.input }), 'AlreadyFilled');
    expect(await balanceOf(b, b.usdc, address(fillers[loser] ?? 0))).toBe(before[loser]);
    expect(await balanceOf(b, b.usdc, address(fillers[winner] ?? 0))).toBe((before[winner] ?? 0n) - decodeOriginData(originData).dstBridgeAmount);
    const [record] = await b.c.publicClient.readContract({ address: settler, abi: destinationSettlerAbi, functionName: 'fills', args: [orderId] });
    expect(record).toBe(address(fillers[winner] ?? 0));
    const logs = await b.c.publicClient.getContractEvents({ address: settler, abi: destinationSettlerAbi, eventName: 'Filled', args: { orderId }, fromBlock: 0n });
    expect(logs).toHaveLength(1);
  });
});

describe('test recipients: one that refuses native coin only when gas is paid', () => {
  it('passes a simulation at gas price 0 and reverts at a real gas price', async () => {
    const hash = await b.c.wallet(OWNER).deployContract({ abi: testRecipientAbi, bytecode: testRecipientBytecode, args: [false], account: devAccount(OWNER), chain: b.c.chain });
    const receiver = getAddress((await b.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })).contractAddress ?? zeroAddress);
    const set = await b.c.wallet(OWNER).writeContract({ address: receiver, abi: testRecipientAbi, functionName: 'setRejectPricedNative', args: [true], account: devAccount(OWNER), chain: b.c.chain });
    await b.c.publicClient.waitForTransactionReceipt({ hash: set, pollingInterval: POLLING_MS });
    const { orderId, originData } = await openAndCheck({ ...(await ethToEth()), recipient: receiver });
    const data = encodeFunctionData({ abi: destinationSettlerAbi, functionName: 'fill', args: [orderId, originData, '0x'] });
    const fees = await b.c.publicClient.estimateFeesPerGas();
    await b.c.publicClient.call({ account: address(RELAYER), to: settler, data, gasPrice: 0n });
    await expectRevert(b.c.publicClient.call({ account: address(RELAYER), to: settler, data, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas }), 'NativeTransferFailed');
  });
});

// ---------------------------------------------------------------- origin: settle and refund

describe('settlement: every order of fill, settle and refund', () => {
  it('open → fill → settle pays the relayer the whole escrow; nothing can move it afterwards', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    await fillAndCheck(orderId, originData);
    await settleAndCheck(orderId);
    await expectRevert(settle(orderId, address(RELAYER), await filledBy(orderId)), 'OrderNotOpen');
    await expectRevert(attestedRefund(orderId, await expired(orderId)), 'OrderNotOpen');
    await afterGrace((await escrowOf(orderId)).fillDeadline, 1n);
    await expectRevert(graceRefund(orderId), 'OrderNotOpen');
  });

  it('open → deadline passes unfilled → attested refund pays the user; a settle afterwards reverts, and so does a late fill', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    const { fillDeadline } = decodeOriginData(originData);
    await b.test.setNextBlockTimestamp({ timestamp: BigInt(fillDeadline) + 1n });
    await b.test.mine({ blocks: 1 });
    await expectRevert(sendFill(orderId, originData), 'FillDeadlinePassed');
    await refundAndCheck(orderId, 'attested');
    await expectRevert(settle(orderId, address(RELAYER), await filledBy(orderId)), 'OrderNotOpen');
    await expectRevert(attestedRefund(orderId, await expired(orderId)), 'OrderNotOpen');
    await expectRevert(sendFill(orderId, originData), 'FillDeadlinePassed');
  });

  it('settle after a refund and refund after a settle both revert', async () => {
    const refunded = await openAndCheck(await ethToEth());
    const settled = await openAndCheck(await ethToEth());
    await refundAndCheck(refunded.orderId, 'attested');
    await expectRevert(settle(refunded.orderId, address(RELAYER), await filledBy(refunded.orderId)), 'OrderNotOpen');
    await fillAndCheck(settled.orderId, settled.originData);
    await settleAndCheck(settled.orderId);
    await expectRevert(attestedRefund(settled.orderId, await expired(settled.orderId)), 'OrderNotOpen');
  });

  it('the grace refund reverts until fillDeadline + grace has passed on the origin clock, then pays the user', async () => {
    const { orderId } = await openAndCheck(await ethToEth());
    const { fillDeadline } = await escrowOf(orderId);
    await expectRevert(graceRefund(orderId), 'RefundTooEarly');
    await afterGrace(fillDeadline, 0n);
    const atGrace = await graceRefund(orderId, { gas: GAS });
    expect(atGrace.status).toBe('reverted');
    expect((await a.c.publicClient.getBlock({ blockNumber: atGrace.blockNumber })).timestamp).toBe(BigInt(fillDeadline) + GRACE_SEC);
    await afterGrace(fillDeadline, 1n);
    await refundAndCheck(orderId, 'grace');
    await expectRevert(settle(orderId, address(RELAYER), await filledBy(orderId)), 'OrderNotOpen');
  });

  it('an order the router never opened cannot be settled or refunded', async () => {
    const unknown = keccak256(toHex('no such order'));
    await expectRevert(settle(unknown, address(RELAYER), await filledBy(unknown)), 'OrderNotOpen');
    await expectRevert(attestedRefund(unknown, await expired(unknown)), 'OrderNotOpen');
    await expectRevert(graceRefund(unknown), 'OrderNotOpen');
  });
});

describe('settlement: attestations', () => {
  it('an attestation replayed for another order, for the other chain, for another settler or from another key reverts', async () => {
    const one = await openAndCheck(await ethToEth());
    const two = await openAndCheck(await ethToEth());
    await fillAndCheck(one.orderId, one.originData);
    const relayer = address(RELAYER);
    const bad: [string, Hex][] = [
      ['replayed for another order', await filledBy(one.orderId)],
      ['for the other chain', await filledBy(two.orderId, relayer, { originChainId: B })],
      ['for another settler', await filledBy(two.orderId, relayer, { originSettler: twinRouter })],
      ['from another key', await filledBy(two.orderId, relayer, {}, generatePrivateKey())],
      ['of the other kind', await expired(two.orderId)],
    ];
    for (const [what, att] of bad) {
      await expectRevert(settle(two.orderId, relayer, att), 'InvalidAttestation').catch((error: unknown) => {
        throw new Error(`${what}: ${String(error)}`);
      });
    }
    const badRefunds: Hex[] = [await expired(one.orderId), await expired(two.orderId, { originChainId: B }), await expired(two.orderId, { originSettler: twinRouter }), await expired(two.orderId, {}, generatePrivateKey()), await filledBy(two.orderId)];
    for (const att of badRefunds) await expectRevert(attestedRefund(two.orderId, att), 'InvalidAttestation');
    // The honest attestation for `one` still settles it, exactly once.
    await settleAndCheck(one.orderId);
    await expectRevert(settle(one.orderId, relayer, await filledBy(one.orderId)), 'OrderNotOpen');
  });

  it('the same router under another chain id refuses an attestation made for the first', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    await fillAndCheck(orderId, originData);
    const forA = await filledBy(orderId);
    await setChainId(a, B);
    try {
      const underB = devClients(B, a.anvil.rpcUrl);
      const send = async (att: Hex) => {
        const hash = await underB.wallet(RELAYER).writeContract({ address: router, abi: swapRouterAbi, functionName: 'settle', args: [orderId, address(RELAYER), att], account: devAccount(RELAYER), chain: underB.chain, gas: GAS });
        return (await underB.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS })).status;
      };
      expect(await send(forA)).toBe('reverted');
      expect(await send(await filledBy(orderId, address(RELAYER), { originChainId: B }))).toBe('success');
    } finally {
      await setChainId(a, A);
    }
  });

  it('pays only the relayer the attestation names', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    await fillAndCheck(orderId, originData);
    const att = await filledBy(orderId, address(RELAYER));
    await expectRevert(settle(orderId, address(OTHER_RELAYER), att), 'InvalidAttestation');
    await expectRevert(settle(orderId, zeroAddress, await filledBy(orderId, zeroAddress)), 'InvalidAttestation');
    // Anyone may submit it; the escrow still goes to the attested relayer.
    const before = await balanceOf(a, a.usdc, address(RELAYER));
    expect((await settle(orderId, address(RELAYER), att, { from: OTHER_USER, gas: GAS })).status).toBe('success');
    expect((await balanceOf(a, a.usdc, address(RELAYER))) - before).toBe((await escrowOf(orderId)).amount);
  });

  it('an attester change waits ROLE_DELAY_SEC (announced), settle honours the delay, and only the owner proposes', async () => {
    const { orderId, originData } = await openAndCheck(await ethToEth());
    await fillAndCheck(orderId, originData);
    const nextKey = generatePrivateKey();
    const next = privateKeyToAccount(nextKey).address;
    const read = <T>(functionName: 'ROLE_DELAY_SEC' | 'MAX_FILL_WINDOW_SEC' | 'REFUND_GRACE_SEC' | 'attester' | 'pendingAttester') =>
      a.c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName }) as Promise<T>;
    const delay = await read<bigint>('ROLE_DELAY_SEC');
    expect(delay).toBeGreaterThan((await read<bigint>('MAX_FILL_WINDOW_SEC')) + (await read<bigint>('REFUND_GRACE_SEC')));
    await expectRevert(a.c.publicClient.simulateContract({ address: router, abi: swapRouterAbi, functionName: 'proposeAttester', args: [next], account: address(USER) }), 'OwnableUnauthorizedAccount');
    await expectRevert(a.c.publicClient.simulateContract({ address: router, abi: swapRouterAbi, functionName: 'proposeAttester', args: [zeroAddress], account: address(OWNER) }), 'ZeroAddress');
    const propose = async (who: Address) => {
      const hash = await a.c.wallet(OWNER).writeContract({ address: router, abi: swapRouterAbi, functionName: 'proposeAttester', args: [who], account: devAccount(OWNER), chain: a.c.chain });
      const receipt = await a.c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
      const at = (await a.c.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp;
      return { at, event: parseEventLogs({ abi: swapRouterAbi, eventName: 'AttesterChangeProposed', logs: receipt.logs })[0]?.args };
    };
    const proposed = await propose(next);
    expect(proposed.event).toEqual({ currentAttester: attester.address, nextAttester: next, effectiveAt: proposed.at + delay });
    expect(await read<Address>('pendingAttester')).toBe(next);
    // Until the delay has passed the old key is the attester: the new one cannot settle, the old one still can.
    await a.test.setNextBlockTimestamp({ timestamp: proposed.at + delay - 2n });
    await a.test.mine({ blocks: 1 });
    expect(await read<Address>('attester')).toBe(attester.address);
    await expectRevert(settle(orderId, address(RELAYER), await filledBy(orderId, address(RELAYER), {}, nextKey)), 'InvalidAttestation');
    const held = await a.test.snapshot();
    await a.test.setNextBlockTimestamp({ timestamp: proposed.at + delay - 1n });
    await settleAndCheck(orderId);
    await a.test.revert({ id: held });
    // From the announced moment on, only the new key counts.
    await a.test.setNextBlockTimestamp({ timestamp: proposed.at + delay });
    await a.test.mine({ blocks: 1 });
    expect(await read<Address>('attester')).toBe(next);
    await expectRevert(settle(orderId, address(RELAYER), await filledBy(orderId)), 'InvalidAttestation');
    const before = await balanceOf(a, a.usdc, address(RELAYER));
    expect((await settle(orderId, address(RELAYER), await filledBy(orderId, address(RELAYER), {}, nextKey), { gas: GAS })).status).toBe('success');
    expect(await balanceOf(a, a.usdc, address(RELAYER))).toBeGreaterThan(before);
    // Proposing the attester in effect withdraws a pending proposal.
    const other = privateKeyToAccount(generatePrivateKey()).address;
    await propose(other);
    const withdrawn = await propose(next);
    expect(withdrawn.event).toEqual({ currentAttester: next, nextAttester: next, effectiveAt: withdrawn.at });
    expect(await read<Address>('pendingAttester')).toBe(zeroAddress);
    await a.test.setNextBlockTimestamp({ timestamp: withdrawn.at + delay + 10n });
    await a.test.mine({ blocks: 1 });
    expect(await read<Address>('attester')).toBe(next);
  });

  it('refuses a deployment whose attester delay is not longer than the longest fill window plus the refund grace', async () => {
    const config = { factory: a.stack.factory, weth: a.stack.weth, owner: address(OWNER), quoteSigner: signer.address, feeRecipient: address(FEE_RECIPIENT), attester: attester.address, refundGraceSec: 3_600, maxFillWindowSec: 7_200 };
    await expectRevert(deploySwapRouter(a.c, { ...config, roleDelaySec: 10_800 }), 'RoleDelayTooShort');
    expect(await deploySwapRouter(a.c, { ...config, roleDelaySec: 10_801 })).toMatch(/^0x/);
  });

  it('keeps several orders\' escrows apart: settling one leaves the others whole', async () => {
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await openAndCheck(await ethToEth()));
    const [first, second, third] = orders;
    if (!first || !second || !third) throw new Error('three orders expected');
    await fillAndCheck(first.orderId, first.originData);
    await settleAndCheck(first.orderId);
    await refundAndCheck(second.orderId, 'attested');
    expect(await balanceOf(a, a.usdc, router)).toBe(third.escrow);
    expect(maxUint256).toBeGreaterThan(0n);
  });
});
