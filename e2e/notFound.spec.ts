// Designed not-found pages: they say what was not found and lead back to Markets and the swap.
import { expect, test } from '@playwright/test';
import { firstChain } from './fixtures/swapPage';

test('an unknown pair, chain or page answers 404 with what was not found and the way back', async ({ page }) => {
  const chain = firstChain();
  const pair = await page.goto(`/markets/${chain.id}/999999`);
  expect(pair?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Pair not found' })).toBeVisible();
  await expect(page.getByText(`There is no indexed pair 999999 on chain ${chain.id}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Browse markets' }).click();
  await expect(page).toHaveURL(/\/markets$/);
  expect((await page.goto('/markets/5'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Chain not found' })).toBeVisible();
  expect((await page.goto('/no-such-page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to swap' }).click();
  await expect(page.getByRole('heading', { name: 'Swap' })).toBeVisible();
});
