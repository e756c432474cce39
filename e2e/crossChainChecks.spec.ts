// What the browser checks before a cross-chain deposit leaves the wallet, and what the tracker says when an order is
// late: an altered order (another destination settler, a far fill deadline) and a destination swap that would fall
// short are refused with nothing sent; an order its destination cannot deliver is shown delayed, then refunded in
// full (escrow and service fee) from the chain's own record.
import { expect, test, type Page } from '@playwright/test';
import { decodeEventLog, erc20Abi, maxUint256, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { uniswapV2FactoryAbi } from '@/contracts/generated/uniswapV2Factory';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { uniswapV3FactoryAbi } from '@/contracts/generated/uniswapV3Factory';
import { uniswapV3PoolAbi } from '@/contracts/generated/uniswapV3Pool';
import { uniswapV3SwapRouterAbi } from '@/contracts/generated/uniswapV3SwapRouter';
import { weth9Abi } from '@/contracts/generated/weth9';
import path from 'node:path';
import { readDevnetRecord } from '@/lib/devnet/devnetRecord';
import { e2eState } from './fixtures/e2eState';
import type { FirmQuote } from '@/components/swap/quoteTypes';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { decodeOpenCalldata, encodeOpenCalldata } from '@/lib/contracts/crossChainQuote';
import { devAccount, devClients } from '@/lib/devnet/deployUniswap';
import { actionButton, amountField, balanceOf, connect, expectQuote, nextFirmQuote, openSwap, registry, signIn } from './fixtures/swapPage';
import { waitMined } from '@/lib/devnet/waitMined';

/** The account that moves the destination pools (a history trader nothing else uses meanwhile). */
const MOVER = 6;
const FAR_DEADLINE = 2n ** 40n;

function chainNamed(name: string): ChainConfig {
  const chain = registry().find((c) => c.name === name);
  if (!chain) throw new Error(`no chain named ${name}`);
  return chain;
}

async function pickTokenOn(page: Page, side: 'pay' | 'receive', network: string, symbol: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${side === 'pay' ? 'You pay' : 'You receive'} token:`) }).click();
  const dialog = page.getByRole('dialog', { name: `Select the token ${side === 'pay' ? 'you pay' : 'you receive'}` });
  await dialog.getByRole('combobox', { name: 'Network' }).selectOption({ label: network });
  await dialog.getByRole('searchbox').fill(symbol);
  await dialog.getByRole('button', { name: new RegExp(`^${symbol}\\b`) }).first().click();
  await expect(dialog).toBeHidden();
}

/** ETH on Devnet A → ETH on Devnet B, signed in, ready to review (a destination swap USDC → WETH is part of it). */
async function ethToEthForm(page: Page, account: number, amount: string) {
  const wallet = await openSwap(page, account);
  await connect(page);
  await pickTokenOn(page, 'receive', 'Devnet B', 'ETH');
  await amountField(page).fill(amount);
  await expectQuote(page);
  await signIn(page);
  return wallet;
}

/** JSON-RPC to a devnet chain. */
async function rpc(chain: ChainConfig, method: string, params: unknown[] = []): Promise<unknown> {
  return devClients(chain.id, chain.rpcUrl).publicClient.request({ method: method as never, params: params as never });
}

/**
 * Holds the devnet's market activity off a chain: its loop leaves alone a chain whose automine someone else paused. A
 * round already under way turns automine back on when it ends, so the pause is set again after one.
 */
async function holdMarket(chain: ChainConfig): Promise<void> {
  await rpc(chain, 'evm_setAutomine', [false]);
  await new Promise((r) => setTimeout(r, 1_500));
  await rpc(chain, 'evm_setAutomine', [false]);
}

async function releaseMarket(chain: ChainConfig): Promise<void> {
  await rpc(chain, 'evm_mine');
  await rpc(chain, 'evm_setAutomine', [true]);
}

/** Mines what was just sent when the chain's automine is held. */
async function mineIfHeld(chain: ChainConfig): Promise<void> {
  if (!(await rpc(chain, 'anvil_getAutomine'))) await rpc(chain, 'evm_mine');
}

/** Uniswap's own V3 SwapRouter on a chain, from the devnet's record. */
function v3RouterOf(chain: ChainConfig): Address {
  const record = readDevnetRecord(path.join(e2eState().dataDir, 'devnet.json'));
  const router = record?.chains.find((c) => c.id === chain.id)?.uniswapV3.router;
  if (!router) throw new Error(`no V3 router recorded for ${chain.name}`);
  return router;
}

/** A leg's hops as the settlement runs them: fee 0 (or none) is the V2 pair, any other the V3 pool of that fee tier. */
type Hop = { tokenIn: Address; tokenOut: Address; fee: number };

function hopsOf(legPath: readonly Address[], fees: readonly number[] = []): Hop[] {
  return legPath.slice(1).map((tokenOut, i) => ({ tokenIn: legPath[i] as Address, tokenOut, fee: fees[i] ?? 0 }));
}

/** Makes sure the mover holds `amount` of `token` (devnet tokens mint to anyone; WETH is wrapped from native coin). */
async function fundMover(chain: ChainConfig, token: Address, amount: bigint): Promise<void> {
  const c = devClients(chain.id, chain.rpcUrl);
  const account = devAccount(MOVER);
  const held = await c.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] });
  if (held >= amount) return;
  const missing = amount - held;
  let hash: Hex;
  if (token.toLowerCase() === chain.weth.toLowerCase()) {
    const native = await c.publicClient.getBalance({ address: account.address });
    await rpc(chain, 'anvil_setBalance', [account.address, `0x${(native + missing).toString(16)}`]);
    hash = await c.wallet(MOVER).writeContract({ address: token, abi: weth9Abi, functionName: 'deposit', value: missing, chain: c.chain, account });
  } else {
    hash = await c.wallet(MOVER).writeContract({ address: token, abi: testERC20Abi, functionName: 'mint', args: [account.address, missing], chain: c.chain, account });
  }
  await mineIfHeld(chain);
  await waitMined(c.publicClient, hash);
}

/**
 * Swaps up to `amountIn` through one hop (V2 pair on Router02, or the V3 pool on Uniswap's SwapRouter, which stops at
 * `sqrtPriceLimitX96` when one is given) from the mover; answers what came out.
 */
async function swapHop(chain: ChainConfig, hop: Hop, amountIn: bigint, sqrtPriceLimitX96 = 0n): Promise<bigint> {
  const c = devClients(chain.id, chain.rpcUrl);
  const wallet = c.wallet(MOVER);
  const account = devAccount(MOVER);
  const spender = hop.fee === 0 ? chain.router02 : v3RouterOf(chain);
  await fundMover(chain, hop.tokenIn, amountIn);
  const allowance = await c.publicClient.readContract({ address: hop.tokenIn, abi: erc20Abi, functionName: 'allowance', args: [account.address, spender] });
  if (allowance < amountIn) {
    const hash = await wallet.writeContract({ address: hop.tokenIn, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256], chain: c.chain, account });
    await mineIfHeld(chain);
    await waitMined(c.publicClient, hash);
  }
  const before = await c.publicClient.readContract({ address: hop.tokenOut, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] });
  const hash = hop.fee === 0
    ? await wallet.writeContract({
      address: spender, abi: uniswapV2Router02Abi, functionName: 'swapExactTokensForTokens',
      args: [amountIn, 0n, [hop.tokenIn, hop.tokenOut], account.address, FAR_DEADLINE], chain: c.chain, account, gas: 1_000_000n,
    })
    : await wallet.writeContract({
      address: spender, abi: uniswapV3SwapRouterAbi, functionName: 'exactInputSingle',
      args: [{ tokenIn: hop.tokenIn, tokenOut: hop.tokenOut, fee: hop.fee, recipient: account.address, deadline: FAR_DEADLINE, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96 }],
      chain: c.chain, account, gas: 10_000_000n,
    });
  await mineIfHeld(chain);
  const receipt = await waitMined(c.publicClient, hash);
  if (receipt.status !== 'success') throw new Error('the pool move reverted');
  const after = await c.publicClient.readContract({ address: hop.tokenOut, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] });
  return after - before;
}

/**
 * Moves the hop's pool ~10 % against the order; answers what the move bought. A V2 pair takes 5 % of its input-side
 * reserve. A V3 pool is swapped into until its price is 10 % away (a price limit): its liquidity is concentrated around
 * the price, so a share of its balance barely moves it (5 % of the devnet's WETH/USDC 0.05 % pool moved it 0.06 %).
 */
async function movePool(chain: ChainConfig, hop: Hop): Promise<bigint> {
  const c = devClients(chain.id, chain.rpcUrl);
  if (hop.fee === 0) {
    const pair = await c.publicClient.readContract({ address: chain.factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [hop.tokenIn, hop.tokenOut] });
    const reserve = await c.publicClient.readContract({ address: hop.tokenIn, abi: erc20Abi, functionName: 'balanceOf', args: [pair] });
    return swapHop(chain, hop, reserve / 20n);
  }
  const pool = await c.publicClient.readContract({ address: chain.v3Factory as Address, abi: uniswapV3FactoryAbi, functionName: 'getPool', args: [hop.tokenIn, hop.tokenOut, hop.fee] });
  const [sqrtPriceX96] = await c.publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: 'slot0' });
  // Selling token0 lowers the price (token1 per token0), selling token1 raises it: either way the order gets ~10 % less.
  const zeroForOne = BigInt(hop.tokenIn) < BigInt(hop.tokenOut);
  const limit = zeroForOne ? (sqrtPriceX96 * 9_487n) / 10_000n : (sqrtPriceX96 * 10_541n) / 10_000n;
  // The whole pool's input-side balance again is more than any 10 % of its ranges takes; the limit stops the swap.
  const held = await c.publicClient.readContract({ address: hop.tokenIn, abi: erc20Abi, functionName: 'balanceOf', args: [pool] });
  return swapHop(chain, hop, held > 0n ? held : 10n ** 24n, limit);
}

test('a firm quote whose order names another destination settler, or a fill deadline past the window, is refused with nothing sent', async ({ page }) => {
  test.setTimeout(180_000);
  const wallet = await ethToEthForm(page, 5, '0.05');
  const review = page.getByRole('dialog', { name: 'Review swap' });
  const tamper = async (change: (q: ReturnType<typeof decodeOpenCalldata>['quote']) => ReturnType<typeof decodeOpenCalldata>['quote']) => {
    await page.route('**/v1/quote/firm', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: FirmQuote };
      const { quote, signature } = decodeOpenCalldata(body.data.calldata);
      body.data.calldata = encodeOpenCalldata(change(quote), signature);
      await route.fulfill({ response: res, json: body });
    }, { times: 1 });
  };
  await tamper((q) => ({ ...q, dstSettler: '0x000000000000000000000000000000000000bEEF' }));
  await actionButton(page).click();
  await expect(review.getByRole('alert')).toContainText(/nothing was sent: .*filled by 0x0000…bEEF, not by the destination network's settler/i);
  await page.screenshot({ path: 'test-results/crosschain-altered-settler-1440.png' });
  await review.getByRole('button', { name: 'Get a new quote' }).click();
  // The retried quote is the server's own and passes.
  await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await tamper((q) => ({ ...q, fillDeadline: q.fillDeadline + 86_400 }));
  await actionButton(page).click();
  await expect(review.getByRole('alert')).toContainText(/may stay unfilled until .* fill window after its deadline/);
  expect(wallet.calls).not.toContain('eth_sendTransaction');
});

test('a cross-chain order whose destination swap would now fall short is refused before the deposit', async ({ page }) => {
  test.setTimeout(180_000);
  const B = chainNamed('Devnet B');
  const wallet = await ethToEthForm(page, 4, '0.3');
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  const review = page.getByRole('dialog', { name: 'Review swap' });
  await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeVisible();
  const { quote: order } = decodeOpenCalldata(quote.calldata as Hex);
  expect(order.dstLegs.length).toBeGreaterThan(0);
  // While the review is open, the destination pools the signed legs run through move ~10 % against the order.
  const moved: { hop: Hop; out: bigint }[] = [];
  // The devnet's arbitrageur would trade the moved pools back within a block or two: hold it off Devnet B meanwhile.
  await holdMarket(B);
  try {
    // Every hop of every leg (V2 pair or V3 pool, as signed), in turn: each leg's first hop is the bridge asset side.
    for (const leg of order.dstLegs) {
      for (const hop of hopsOf(leg.path, leg.fees)) moved.push({ hop, out: await movePool(B, hop) });
    }
    await review.getByRole('button', { name: 'Swap', exact: true }).click();
    await expect(review.getByRole('alert')).toContainText(/^The price on Devnet B moved: the delivery would now give [0-9.,]+ ETH, less than your minimum of [0-9.,]+ ETH\. Nothing was sent/);
    expect(wallet.calls).not.toContain('eth_sendTransaction');
    await page.screenshot({ path: 'test-results/crosschain-destination-short-1440.png' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'test-results/crosschain-destination-short-375.png' });
  } finally {
    // Leave the market as it was: sell back what the moves bought.
    try {
      for (const m of moved.reverse()) await swapHop(B, { tokenIn: m.hop.tokenOut, tokenOut: m.hop.tokenIn, fee: m.hop.fee }, m.out);
    } finally {
      await releaseMarket(B);
    }
  }
});

test('an order its destination cannot deliver is shown delayed with its refund time, then refunded in full, service fee included', async ({ page }) => {
  // The relayer gets the fill window (E2E_FILL_WINDOW_SEC, 90 s, in e2e/globalSetup.ts) after the quote's minute: this test waits it out.
  test.setTimeout(900_000);
  const A = chainNamed('Devnet A');
  const B = chainNamed('Devnet B');
  const account = 3;
  const wallet = await ethToEthForm(page, account, '0.02');
  // A recipient that refuses the native coin (Uniswap's factory has no receive): every fill reverts.
  await page.getByRole('checkbox', { name: 'Send to another address' }).check();
  await page.getByRole('textbox', { name: 'Recipient address' }).fill(B.factory);
  await page.getByRole('checkbox', { name: /I checked this address/ }).check();
  await expect(actionButton(page)).toHaveText('Review swap');
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  const review = page.getByRole('dialog', { name: 'Review swap' });
  const usdcA = A.bridgeToken;
  if (!usdcA) throw new Error('Devnet A has no bridge asset');
  const usdcBefore = await balanceOf(A, usdcA, wallet.address);
  const wethBefore = await balanceOf(A, A.weth, wallet.address);
  // The browser's own simulation of the fill would refuse this order; the deposit is sent as a contract would send it.
  const c = devClients(A.id, A.rpcUrl);
  const hash = await c.wallet(account).sendTransaction({ account: devAccount(account), to: quote.router_address as Address, data: quote.calldata as Hex, value: BigInt(quote.value), chain: c.chain, gas: 2_000_000n });
  const receipt = await waitMined(c.publicClient, hash);
  expect(receipt.status).toBe('success');
  // The order id binds the escrow the source swap produced: read it from the router's event.
  const escrowed = receipt.logs.flatMap((log) => {
    try {
      const e = decodeEventLog({ abi: swapRouterAbi, data: log.data, topics: log.topics });
      return e.eventName === 'OrderEscrowed' ? [e.args.orderId] : [];
    } catch {
      return [];
    }
  });
  const orderId = escrowed[0];
  if (!orderId) throw new Error('the deposit emitted no OrderEscrowed');
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();
  // Follow it as the tracker does after a reload: from the store of tracked orders the app keeps.
  await page.evaluate(([q, h, from]) => {
    const order = {
      quoteId: q.quote_id, account: from, srcChainId: q.src_chain_id, dstChainId: q.dst_chain_id,
      tokenIn: { chainId: q.src_chain_id, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
      tokenOut: { chainId: q.dst_chain_id, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
      amountIn: q.amount_in, amountOut: q.amount_out, minAmountOut: q.min_amount_out, srcTxHash: h, fillDeadline: q.fill_deadline ?? null,
      estimatedFillTimeSec: q.estimated_fill_time_sec ?? null, savedAtMs: Date.now(),
    };
    window.localStorage.setItem('sd_crosschain_orders', JSON.stringify([order]));
  }, [quote, hash, wallet.address] as const);
  await page.reload();
  const tracker = page.getByRole('region', { name: 'Cross-chain swaps' }).getByTestId('crosschain-tracker');
  await expect(tracker.getByTestId('tracker-step-deposit')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  // Late: the fill step turns into a warning that says why and from when the money can come back.
  await expect(tracker.getByTestId('tracker-step-fill')).toHaveAttribute('data-state', 'warning', { timeout: 120_000 });
  await expect(tracker.getByTestId('tracker-delay')).toContainText(/^Delayed on Devnet B: .+\. If it is not delivered by \d\d:\d\d/);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/crosschain-delayed-${width}.png`, fullPage: true });
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  const row = page.locator(`[data-quote-id="${quote.quote_id}"]`);
  await expect(row.getByTestId('activity-status')).toHaveText('Delayed', { timeout: 20_000 });
  await expect(row.getByTestId('activity-delay')).toContainText('Delayed on Devnet B');
  await page.screenshot({ path: 'test-results/activity-delayed-1440.png', fullPage: true });
  await page.goBack();

  // After the fill deadline the escrow and the held fee go back to the sender.
  await expect(tracker.getByTestId('tracker-step-refund')).toHaveAttribute('data-state', 'done', { timeout: 720_000 });
  const record = await c.publicClient.readContract({ address: quote.router_address as Address, abi: swapRouterAbi, functionName: 'escrows', args: [orderId] });
  const [, , status, token, feeAmount, amount, feeToken] = record;
  expect(status).toBe(3);
  expect(feeAmount).toBeGreaterThan(0n);
  expect(token.toLowerCase()).toBe(usdcA.toLowerCase());
  expect(feeToken.toLowerCase()).toBe(A.weth.toLowerCase());
  expect((await balanceOf(A, usdcA, wallet.address)) - usdcBefore).toBe(amount);
  expect((await balanceOf(A, A.weth, wallet.address)) - wethBefore).toBe(feeAmount);
  await expect(tracker.getByTestId('tracker-step-refund')).toContainText(/Refunded on Devnet A: [0-9.,]+ USDC and the [0-9.,]+ WETH service fee back to your wallet/);
  await expect(tracker.getByTestId('tracker-delay')).toBeHidden();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/crosschain-refunded-${width}.png`, fullPage: true });
  }
});
