// /activity after a real swap: the signed-in wallet sees it with the amount it received; screenshots at 375 and 1440 px.
import { expect, test } from '@playwright/test';
import { actionButton, amountField, connect, expectQuote, nextFirmQuote, openSwap, pickToken, signIn, swapNativeFor } from './fixtures/swapPage';

test('after a swap, /activity shows it with the received amount and its transaction', async ({ page }) => {
  await openSwap(page, 1);
  await connect(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByText('Sign in to see your swaps')).toBeVisible();
  await page.goBack();
  const { quote, review } = await swapNativeFor(page, 'USDC', '0.15');
  const quoteId = quote.quote_id;
  const success = review.getByTestId('swap-success');
  const received = /([0-9][0-9.,]*) USDC/.exec((await success.textContent()) ?? '')?.[1];
  expect(received).toBeTruthy();
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const row = page.locator(`[data-quote-id="${quoteId}"]`);
  await expect(row.getByTestId('activity-status')).toHaveText('Swapped', { timeout: 15_000 });
  await expect(row.getByTestId('activity-received')).toHaveText(`${received} USDC`);
  await expect(row.getByRole('button', { name: 'Copy Swap transaction hash' })).toBeVisible();
  await expect(page.getByTestId('activity-row').first()).toHaveAttribute('data-quote-id', quoteId);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/activity-${width}.png`, fullPage: true });
  }
});

test('a quote reviewed and never sent is not listed as a trade; asked for, it says it was not used', async ({ page }) => {
  await openSwap(page, 2);
  await connect(page);
  await pickToken(page, 'receive', 'USDC');
  await amountField(page).fill('0.12');
  await expectQuote(page);
  await signIn(page);
  // Review, then walk away: the firm quote is issued but its transaction is never sent.
  const unsent = nextFirmQuote(page);
  await actionButton(page).click();
  const unsentId = (await unsent).quote_id;
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Review swap' })).toBeHidden();
  await amountField(page).fill('0.13');
  await expectQuote(page);
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const sent = await firm;
  const review = page.getByRole('dialog', { name: 'Review swap' });
  await review.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(review.getByTestId('swap-success')).toContainText('USDC', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
  const sentRow = page.locator(`[data-quote-id="${sent.quote_id}"]`);
  await expect(sentRow.getByTestId('activity-status')).toHaveText('Swapped', { timeout: 15_000 });
  await expect(sentRow).toHaveAttribute('data-kind', 'trade');
  const unsentRow = page.locator(`[data-quote-id="${unsentId}"]`);
  await expect(unsentRow).toHaveCount(0);
  const toggle = page.getByTestId('activity-unsent-toggle');
  await expect(toggle).toHaveText(/^Show \d+ quotes? you did not send$/);
  await toggle.click();
  await expect(unsentRow.getByTestId('activity-status')).toHaveText(/^Quote(, not sent| not used)$/);
  await expect(unsentRow).toContainText('never sent, nothing paid');
  await expect(unsentRow.getByText(/^Paid /)).toHaveCount(0);
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/activity-unsent-${width}.png`, fullPage: true });
  }
});
