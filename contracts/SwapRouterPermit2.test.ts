import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestClient,
  getAddress,
  hashDomain,
  hashStruct,
  http,
  keccak256,
  parseEther,
  parseEventLogs,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type TestClient,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { permit2Abi } from '@/contracts/generated/permit2';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { abiLegs, singleLeg } from '@/lib/contracts/legs';
import {
  appendPermit2Signature,
  encodeSwapPermit2Calldata,
  PERMIT2_ADDRESS,
  permit2Nonce,
  permit2TypedData,
} from '@/lib/contracts/permit2';
import { QUOTE_TYPES, signRouterQuote, type RouterQuote } from '@/lib/contracts/swapRouterQuote';
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
import { getAmountOut } from '@/lib/devnet/v2Math';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { expectRevert } from '@/test/expectRevert';

const CHAIN_ID = 31337;
const OTHER_CHAIN_ID = 31338;
const FEE_BPS = 20n;
const SWAP_GAS = 1_000_000n;
const POOL_A = parseEther('1000000');
const POOL_B = parseEther('500000');

const OWNER = 0;
const USER = 1;
const OTHER_USER = 2;
const RECIPIENT = 3;
const FEE_RECIPIENT = 4;
const SUBMITTER = 5;

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
let snapshot: Hex;
let quoteCounter = 0;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  c = devClients(CHAIN_ID, anvil.rpcUrl);
  testClient = createTestClient({ mode: 'anvil', chain: c.chain, transport: http(anvil.rpcUrl), pollingInterval: POLLING_MS });
  stack = await deployUniswap(c);
  // Deploys Permit2 at its canonical address through the CREATE2 deployer, then the router wired to it.
  router = getAddress(await deploySwapRouter(c, {
    factory: stack.factory, weth: stack.weth, owner: address(OWNER), quoteSigner: signer.address, feeRecipient: address(FEE_RECIPIENT), attester: attester.address,
  }));
  tokenA = await deployToken(c, 'Token A', 'TKA', 18);
  tokenB = await deployToken(c, 'Token B', 'TKB', 18);
  for (const [token, amount] of [[tokenA, POOL_A], [tokenB, POOL_B]] as const) {
    await mint(c, token, address(OWNER), amount);
    await approve(c, OWNER, token, stack.router02);
  }
  await addLiquidity(c, stack, OWNER, tokenA, POOL_A, tokenB, POOL_B);
  // The one-time approval, to Permit2 only: the router itself is approved by nobody here.
  for (const index of [USER, OTHER_USER]) {
    await mint(c, tokenA, address(index), parseEther('1000'));
    await approve(c, index, tokenA, PERMIT2_ADDRESS);
  }
}, 180_000);

afterAll(async () => anvil?.stop());

beforeEach(async () => {
  snapshot = await testClient.snapshot();
});

afterEach(async () => {
  try {
    for (const token of [tokenA, tokenB]) expect(await balanceOf(token, router), 'router balance').toBe(0n);
  } finally {
    await testClient.revert({ id: snapshot });
  }
});

async function balanceOf(token: Address, owner: Address): Promise<bigint> {
  return c.publicClient.readContract({ address: token, abi: testERC20Abi, functionName: 'balanceOf', args: [owner] });
}

/** What the A→B pool pays for `amount` now (Uniswap V2's formula on the live reserves). */
async function poolOut(amount: bigint): Promise<bigint> {
  return getAmountOut(amount, await balanceOf(tokenA, await pair()), await balanceOf(tokenB, await pair()));
}

async function pair(): Promise<Address> {
  return c.publicClient.readContract({ address: stack.factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [tokenA, tokenB] });
}

async function makeQuote(over: Partial<RouterQuote> = {}, amountIn = parseEther('10')): Promise<RouterQuote> {
  const feeAmount = (amountIn * FEE_BPS) / 10_000n;
  quoteCounter += 1;
  return {
    quoteId: keccak256(toHex(`permit2-quote-${quoteCounter}-${Date.now()}`)),
    sender: address(USER),
    recipient: address(RECIPIENT),
    tokenIn: tokenA,
    tokenOut: tokenB,
    amountIn,
    feeAmount,
    minAmountOut: await poolOut(amountIn - feeAmount),
    legs: singleLeg(amountIn - feeAmount, [tokenA, tokenB]),
    srcChainId: BigInt(CHAIN_ID),
    dstChainId: BigInt(CHAIN_ID),
    deadline: (await c.publicClient.getBlock()).timestamp + 600n,
    ...over,
  };
}

/** The trader's Permit2 signature (by `index`, for `chainId` and spender `spender`). */
function permitSignature(quote: RouterQuote, index = USER, chainId = CHAIN_ID, spender: Address = router): Promise<Hex> {
  return devAccount(index).signTypedData(permit2TypedData(chainId, spender, quote));
}

/** The transaction data as a trader sends it: the firm quote's calldata with the Permit2 signature appended. */
async function swapData(quote: RouterQuote, permit: Hex, quoteChainId = CHAIN_ID, at: Address = router): Promise<Hex> {
  return appendPermit2Signature(encodeSwapPermit2Calldata(quote, await signRouterQuote(signer, quoteChainId, at, quote)), permit);
}

/** Sends `data` to the router from `from` after simulating it, so a revert surfaces with its custom error. */
async function send(data: Hex, from = USER, to: Address = router): Promise<TransactionReceipt> {
  await c.publicClient.call({ to, data, account: address(from), gas: SWAP_GAS });
  const hash = await c.wallet(from).sendTransaction({ to, data, gas: SWAP_GAS, account: devAccount(from), chain: c.chain });
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  expect(receipt.status).toBe('success');
  return receipt;
}

/** Expects the call to revert with `errorName` and nothing of the trader's to move. */
async function expectRefused(action: () => Promise<unknown>, errorName: string, trader = address(USER)) {
  const before = await balanceOf(tokenA, trader);
  await expectRevert(action(), errorName);
  expect(await balanceOf(tokenA, trader)).toBe(before);
}

async function nonceUsed(owner: Address, nonce: bigint): Promise<boolean> {
  const word = await c.publicClient.readContract({ address: PERMIT2_ADDRESS, abi: permit2Abi, functionName: 'nonceBitmap', args: [owner, nonce >> 8n] });
  return ((word >> (nonce & 0xffn)) & 1n) === 1n;
}

describe('Permit2 on the devnet', () => {
  it('sits at the canonical address, its domain bound to that address and this chain', async () => {
    expect(await c.publicClient.readContract({ address: router, abi: swapRouterAbi, functionName: 'PERMIT2' })).toBe(PERMIT2_ADDRESS);
    const separator = await c.publicClient.readContract({ address: PERMIT2_ADDRESS, abi: permit2Abi, functionName: 'DOMAIN_SEPARATOR' });
    expect(separator).toBe(hashDomain({
      domain: { name: 'Permit2', chainId: BigInt(CHAIN_ID), verifyingContract: PERMIT2_ADDRESS },
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }] },
    }));
  });
});

describe('SwapRouter.swapPermit2', () => {
  it('fills a token quote on one signature and one transaction: exactly amountIn pulled, the fee paid, the recipient paid', async () => {
    const quote = await makeQuote();
    const expected = await poolOut(quote.amountIn - quote.feeAmount);
    const before = { user: await balanceOf(tokenA, quote.sender), fee: await balanceOf(tokenA, address(FEE_RECIPIENT)), out: await balanceOf(tokenB, quote.recipient) };
    const receipt = await send(await swapData(quote, await permitSignature(quote)));
    expect(before.user - (await balanceOf(tokenA, quote.sender))).toBe(quote.amountIn);
    expect((await balanceOf(tokenA, address(FEE_RECIPIENT))) - before.fee).toBe(quote.feeAmount);
    const received = (await balanceOf(tokenB, quote.recipient)) - before.out;
    expect(received).toBe(expected);
    expect(received >= quote.minAmountOut).toBe(true);
    const [event] = parseEventLogs({ abi: swapRouterAbi, eventName: 'QuoteFilled', logs: receipt.logs });
    expect(event?.args).toMatchObject({ quoteId: quote.quoteId, sender: quote.sender, recipient: quote.recipient, amountIn: quote.amountIn, amountOut: received, feeAmount: quote.feeAmount });
    expect(await nonceUsed(quote.sender, permit2Nonce(quote))).toBe(true);
    // Nothing is left approved to the router: the only allowance is Permit2's.
    expect(await c.publicClient.readContract({ address: tokenA, abi: testERC20Abi, functionName: 'allowance', args: [quote.sender, router] })).toBe(0n);
  });

  it('may be sent by anyone holding the signed calldata: a submitter or front-runner pays gas, the output still goes to the recipient', async () => {
    const quote = await makeQuote();
    const data = await swapData(quote, await permitSignature(quote));
    const out = await balanceOf(tokenB, quote.recipient);
    const user = await balanceOf(tokenA, quote.sender);
    const submitterBefore = await balanceOf(tokenB, address(SUBMITTER));
    await send(data, SUBMITTER);
    expect(user - (await balanceOf(tokenA, quote.sender))).toBe(quote.amountIn);
    expect((await balanceOf(tokenB, quote.recipient)) - out >= quote.minAmountOut).toBe(true);
    expect(await balanceOf(tokenB, address(SUBMITTER))).toBe(submitterBefore);
    // The user's own copy, sent after, fails cleanly: the quote is spent and nothing more moves.
    await expectRefused(async () => send(data, USER), 'QuoteAlreadyUsed');
  });

  it('refuses the user\'s signature for a quote with any field changed, even one the quote signer signed', async () => {
    const quote = await makeQuote();
    const permit = await permitSignature(quote);
    const fee = quote.feeAmount - 1n;
    const changed: Partial<RouterQuote>[] = [
      { recipient: address(OTHER_USER) },
      { minAmountOut: quote.minAmountOut - 1000n },
      { deadline: quote.deadline + 1n },
      { quoteId: keccak256(quote.quoteId) },
      { feeAmount: fee, legs: singleLeg(quote.amountIn - fee, [tokenA, tokenB]) },
    ];
    for (const over of changed) {
      await expectRefused(async () => send(await swapData({ ...quote, ...over }, permit)), 'InvalidSigner');
    }
    // amountIn differs from what the user signed: Permit2 would move another amount, so it refuses.
    const more = await makeQuote({ quoteId: quote.quoteId, deadline: quote.deadline }, quote.amountIn * 2n);
    await expectRefused(async () => send(await swapData(more, permit)), 'InvalidSigner');
  });

  it('refuses another spender: the signature used on Permit2 directly, or through another router deployment', async () => {
    const quote = await makeQuote();
    const permit = await permitSignature(quote);
    const stolen = () => c.wallet(OTHER_USER).writeContract({
      address: PERMIT2_ADDRESS, abi: permit2Abi, functionName: 'permitWitnessTransferFrom',
      args: [
        { permitted: { token: tokenA, amount: quote.amountIn }, nonce: permit2Nonce(quote), deadline: quote.deadline },
        { to: address(OTHER_USER), requestedAmount: quote.amountIn },
        quote.sender,
        // The very witness the router passes: only the spender differs.
        hashStruct({ primaryType: 'Quote', types: QUOTE_TYPES, data: { ...quote, legs: abiLegs(quote.legs) } }),
        'Quote witness)Leg(uint256 amountIn,address[] path,uint24[] fees)Quote(bytes32 quoteId,address sender,address recipient,address tokenIn,address tokenOut,uint256 amountIn,uint256 feeAmount,uint256 minAmountOut,Leg[] legs,uint64 srcChainId,uint64 dstChainId,uint64 deadline)TokenPermissions(address token,uint256 amount)',
        permit,
      ],
      account: devAccount(OTHER_USER), chain: c.chain,
    });
    await expectRefused(stolen, 'InvalidSigner');
    const twin = getAddress(await deploySwapRouter(c, {
      factory: stack.factory, weth: stack.weth, owner: address(OWNER), quoteSigner: signer.address, feeRecipient: address(FEE_RECIPIENT), attester: attester.address,
    }));
    await expectRefused(async () => send(await swapData(quote, permit, CHAIN_ID, twin), USER, twin), 'InvalidSigner');
  });

  it('refuses a used or cancelled Permit2 nonce', async () => {
    const quote = await makeQuote();
    const permit = await permitSignature(quote);
    const nonce = permit2Nonce(quote);
    const hash = await c.wallet(USER).writeContract({
      address: PERMIT2_ADDRESS, abi: permit2Abi, functionName: 'invalidateUnorderedNonces', args: [nonce >> 8n, 1n << (nonce & 0xffn)], account: devAccount(USER), chain: c.chain,
    });
    await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
    await expectRefused(async () => send(await swapData(quote, permit)), 'InvalidNonce');
  });

  it('refuses an expired permit: one second after the deadline nothing moves', async () => {
    const quote = await makeQuote();
    const data = await swapData(quote, await permitSignature(quote));
    await testClient.setNextBlockTimestamp({ timestamp: quote.deadline + 1n });
    await testClient.mine({ blocks: 1 });
    await expectRefused(async () => send(data), 'QuoteExpired');
  });

  it('refuses a signature made for another chain id, replayed at the same addresses', async () => {
    const quote = await makeQuote({ srcChainId: BigInt(OTHER_CHAIN_ID), dstChainId: BigInt(OTHER_CHAIN_ID) });
    const permit = await permitSignature(quote, USER, CHAIN_ID);
    await testClient.request({ method: 'anvil_setChainId' as never, params: [OTHER_CHAIN_ID] as never });
    try {
      await expectRefused(async () => send(await swapData(quote, permit, OTHER_CHAIN_ID)), 'InvalidSigner');
    } finally {
      await testClient.request({ method: 'anvil_setChainId' as never, params: [CHAIN_ID] as never });
    }
  });

  it('refuses a permit signed by anyone but the quote\'s sender', async () => {
    const quote = await makeQuote();
    await expectRefused(async () => send(await swapData(quote, await permitSignature(quote, OTHER_USER))), 'InvalidSigner');
    await expectRefused(async () => send(await swapData(quote, await permitSignature(quote, OTHER_USER)), OTHER_USER), 'InvalidSigner', address(OTHER_USER));
  });

  it('refuses native input, a missing permit signature, and a router quote signature from another key', async () => {
    const native = await makeQuote({ tokenIn: zeroAddress, legs: singleLeg(parseEther('10') - (parseEther('10') * FEE_BPS) / 10_000n, [stack.weth, tokenB]), minAmountOut: 0n });
    await expectRefused(async () => send(await swapData(native, await permitSignature(native))), 'InvalidValue');
    const quote = await makeQuote();
    const data = encodeSwapPermit2Calldata(quote, await signRouterQuote(signer, CHAIN_ID, router, quote));
    await expectRefused(async () => send(appendPermit2Signature(data, '0x')), 'InvalidSignature');
    const forged = appendPermit2Signature(
      encodeSwapPermit2Calldata(quote, await signRouterQuote(privateKeyToAccount(generatePrivateKey()), CHAIN_ID, router, quote)),
      await permitSignature(quote),
    );
    await expectRefused(async () => send(forged), 'InvalidSignature');
  });
});
