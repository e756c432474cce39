// Auto slippage on a devnet whose market keeps trading: the form shows the route's suggested slippage, the firm quote
// takes it, and a swap confirmed 20 s after the review opened still executes.
import { expect, test } from '@playwright/test';
import { createPublicClient, http } from 'viem';
import { actionButton, amountField, balanceOf, connect, expectQuote, firstChain, nextFirmQuote, openSwap, pickToken, signIn, tokenBySymbol } from './fixtures/swapPage';

const REVIEW_HOLD_MS = 20_000;

test('the auto-slippage swap succeeds after a 20 s wait on the review under the devnet market activity', async ({ page }) => {
  test.setTimeout(150_000);
  const chain = firstChain();
  const usdc = tokenBySymbol(chain, 'USDC');
  const client = createPublicClient({ transport: http(chain.rpcUrl) });
  const wallet = await openSwap(page, 3);
  await connect(page);
  await pickToken(page, 'receive', 'USDC');
  await amountField(page).fill('1');
  await expectQuote(page);

  const auto = page.getByTestId('slippage-auto');
  await expect(auto).toHaveAttribute('aria-pressed', 'true');
  await expect(auto).toHaveText(/^Auto \(\d+(\.\d+)? %\)$/);
  const suggested = Number((await auto.textContent())?.match(/\(([\d.]+) %\)/)?.[1]);
  expect(suggested).toBeGreaterThanOrEqual(0.1);
  expect(suggested).toBeLessThanOrEqual(1);

  await signIn(page);
  const before = await balanceOf(chain, usdc.address, wallet.address);
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  // The firm quote was asked at the slippage Auto showed when the review opened (it may have been re-suggested since).
  const slippagePpm = 1_000_000n - (BigInt(quote.min_amount_out) * 1_000_000n) / BigInt(quote.amount_out);
  expect(Number(slippagePpm) / 10_000).toBeGreaterThanOrEqual(0.1);
  expect(Number(slippagePpm) / 10_000).toBeLessThanOrEqual(1.0001);

  const review = page.getByRole('dialog', { name: 'Review swap' });
  const blockAtReview = await client.getBlockNumber();
  await page.waitForTimeout(REVIEW_HOLD_MS);
  // The market traded while the review was open.
  expect(await client.getBlockNumber()).toBeGreaterThan(blockAtReview + 2n);
  await review.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(review.getByTestId('swap-success')).toContainText(/you received [0-9.,]+ USDC/, { timeout: 30_000 });
  expect((await balanceOf(chain, usdc.address, wallet.address)) - before).toBeGreaterThanOrEqual(BigInt(quote.min_amount_out));
});
