// USDC on Devnet A → ETH on Devnet B from a fresh wallet with no ETH on either chain and USDC never enabled for
// Permit2: the form offers the gasless path, the review names its steps (enable USDC once, then sign), the wallet only
// signs (USDC's EIP-2612 permit of Permit2, then the order's Permit2 permit), Swapdesk sends the permit and opens the
// order with openFor, and the tracker follows it (also across a reload while Swapdesk's deposit
// waits to be mined) to its delivery and settlement, with Activity listing it.
import { expect, test, type Page } from '@playwright/test';
import { getAbiItem, maxUint256, toFunctionSelector } from 'viem';
import { formatAmount } from '@/components/swap/amountText';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { chainNamed, pickTokenOn, rpc } from './fixtures/crossChainPage';
import { actionButton, allowanceOf, amountField, balanceOf, connect, expectQuote, nextFirmQuote, openSwap, signIn, tokenBySymbol } from './fixtures/swapPage';
import { traderWithoutGas } from './fixtures/walletWithoutGas';

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const OPEN_FOR = toFunctionSelector(getAbiItem({ abi: swapRouterAbi, name: 'openFor' }));

/** Screenshots at both widths, none overflowing sideways; the test itself runs on at the desktop width. */
async function shootBothWidths(page: Page, name: string, path: (file: string) => string, fullPage = false) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: path(`${name}-${size.name}.png`), fullPage });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    // On failure, the innermost elements past the right edge say what overflowed (the route varies with the pools).
    const past = await page.evaluate(() => [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .slice(-4).map((e) => `${e.tagName.toLowerCase()} "${(e.textContent ?? '').slice(0, 60)}"`));
    expect(overflow, `horizontal overflow at ${size.width} px: ${past.join(', ')}`).toBe(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a wallet with USDC and no ETH swaps USDC on Devnet A → ETH on Devnet B by signing only, followed to settled', async ({ page }, info) => {
  test.setTimeout(150_000);
  const A = chainNamed('Devnet A');
  const B = chainNamed('Devnet B');
  const usdcA = tokenBySymbol(A, 'USDC').address;
  const { account, client } = await traderWithoutGas(A, usdcA);
  const shot = (file: string) => info.outputPath(file);
  await page.setViewportSize({ width: 1440, height: 900 });
  const wallet = await openSwap(page, account);
  await connect(page);
  await pickTokenOn(page, 'pay', 'Devnet A', 'USDC');
  await pickTokenOn(page, 'receive', 'Devnet B', 'ETH');
  // The gas fee must fit inside the router's 1 % fee cap: 1,000 USDC leaves room at devnet gas prices.
  await amountField(page).fill('1000');
  await expectQuote(page);
  await signIn(page);
  await expect(page.getByTestId('gasless-note')).toContainText('No ETH for gas in this wallet: this swap is gasless');
  await expect(actionButton(page)).toHaveText('Review swap');

  // Not yet enabled: USDC has EIP-2612 permit, so enabling it for Permit2 is a signature too, which Swapdesk sends on.
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  expect(quote).toMatchObject({ src_chain_id: A.id, dst_chain_id: B.id, allowance_target: A.permit2, value: '0' });
  expect(quote.calldata.slice(0, 10)).toBe(OPEN_FOR);
  expect(quote.gasless?.approval?.eip712.message).toMatchObject({ owner: account.address, spender: A.permit2 });
  const dialog = page.getByRole('dialog', { name: 'Review swap' });
  await expect(dialog.getByTestId('review-step-enable')).toContainText('Enable USDC (one time)');
  await expect(dialog.getByTestId('review-step-enable')).toHaveAttribute('data-state', 'ready');
  await expect(dialog.getByTestId('review-step-swap')).toHaveText(/^2\. Sign(?! and swap)/);
  await expect(dialog.getByTestId('gasless-enable-by-signature')).toContainText('Swapdesk sends this approval with your swap, so you need no ETH');
  await shootBothWidths(page, 'gasless-crosschain-needs-enable', shot);
  const from = wallet.calls.length;
  await dialog.getByRole('button', { name: 'Enable USDC (one time)' }).click();
  await expect(dialog.getByTestId('review-step-enable')).toHaveAttribute('data-state', 'done');
  expect(quote.gasless?.gas_fee_token).toBe(usdcA);
  await expect(dialog.getByTestId('review-dst-chain')).toHaveText('Devnet B');
  await expect(dialog.getByTestId('gasless-gas-fee')).toHaveText(/^[0-9.,]+ USDC$/);
  // The service and relayer fees leave the gas fee out: fee_amount holds all three.
  const gasFee = BigInt(quote.gasless?.gas_fee_amount ?? 0);
  expect(gasFee).toBeGreaterThan(0n);
  await expect(dialog.getByTestId('firm-crosschain-fees')).toHaveText(`${formatAmount(BigInt(quote.fee_amount) - gasFee, 6)} USDC`);
  await expect(dialog.getByTestId('quote-countdown')).toBeVisible();
  const sign = dialog.getByRole('button', { name: 'Sign', exact: true });
  await expect(sign).toBeEnabled();
  await shootBothWidths(page, 'gasless-crosschain-sign', shot);

  // Swapdesk's openFor held in Devnet A's mempool: the order is handed over but not yet deposited when the page reloads.
  const ethBefore = await balanceOf(B, '0x0000000000000000000000000000000000000000', account.address);
  expect(ethBefore).toBe(0n);
  await rpc(A, 'evm_setAutomine', [false]);
  try {
    await sign.click();
    const inReview = dialog.getByTestId('crosschain-tracker');
    await expect(inReview).toHaveAttribute('data-quote-id', quote.quote_id, { timeout: 30_000 });
    await expect(inReview.getByTestId('tracker-step-deposit')).toHaveAttribute('data-state', 'active');
    await expect(inReview.getByTestId('tracker-step-deposit')).toContainText('Swapdesk is depositing on Devnet A for you');
    // Handed over: the quote's expiry is no longer the trader's to watch.
    await expect(dialog.getByTestId('quote-countdown')).toHaveCount(0);
    await shootBothWidths(page, 'gasless-crosschain-handed-over', shot);
    // Two signatures (the approval, the order) and no transaction from the wallet.
    expect(wallet.calls.slice(from).filter((m) => m === 'eth_signTypedData_v4')).toHaveLength(2);
    expect(wallet.calls.slice(from).filter((m) => m === 'eth_sendTransaction')).toHaveLength(0);

    await page.reload();
    const tracker = page.getByRole('region', { name: 'Cross-chain swaps' }).getByTestId('crosschain-tracker');
    await expect(tracker).toHaveAttribute('data-quote-id', quote.quote_id);
    await expect(tracker.getByTestId('tracker-step-deposit')).toHaveAttribute('data-state', 'active');
    await expect(tracker.getByTestId('tracker-step-deposit')).toContainText('Swapdesk is depositing on Devnet A for you');
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    const row = page.locator(`[data-testid="activity-row"][data-quote-id="${quote.quote_id}"]`);
    await expect(row.getByTestId('activity-status')).toHaveText('Submitted', { timeout: 15_000 });
  } finally {
    await rpc(A, 'evm_setAutomine', [true]);
    await rpc(A, 'evm_mine');
  }
  const row = page.locator(`[data-testid="activity-row"][data-quote-id="${quote.quote_id}"]`);
  await expect(row.getByTestId('activity-status')).toHaveText('Complete', { timeout: 45_000 });

  // Back on the form, the tracker shows the delivery: who filled, and what arrived.
  await page.getByRole('link', { name: 'Swap', exact: true }).click();
  const tracker = page.getByRole('region', { name: 'Cross-chain swaps' }).getByTestId('crosschain-tracker');
  await expect(tracker.getByTestId('tracker-step-done')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const received = (await balanceOf(B, '0x0000000000000000000000000000000000000000', account.address)) - ethBefore;
  expect(received).toBeGreaterThanOrEqual(BigInt(quote.min_amount_out));
  await expect(tracker.getByTestId('tracker-step-deposit')).toContainText('Deposited on Devnet A');
  await expect(tracker.getByTestId('tracker-step-fill')).toContainText(/Filled on Devnet B by Swapdesk's relayer at .*: received [0-9.,]+ ETH/);
  // The approval and the deposit were Swapdesk's transactions: the wallet still holds no ETH on Devnet A, and Permit2
  // may now move its USDC for the next swap.
  expect(await client.getBalance({ address: account.address })).toBe(0n);
  expect(await allowanceOf(A, usdcA, account.address, A.permit2 as `0x${string}`)).toBe(maxUint256);
  await shootBothWidths(page, 'gasless-crosschain-tracker', shot, true);
});
