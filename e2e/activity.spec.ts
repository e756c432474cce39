// /activity after a real swap: the signed-in wallet sees it with the amount it received; screenshots at 375 and 1440 px.
import { expect, test } from '@playwright/test';
import { connect, openSwap, swapNativeFor } from './fixtures/swapPage';

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
