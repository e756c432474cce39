// The swap form keeps the pair and amount the trader chose: across a reload, and when coming back to Swap from another page.
import { expect, test } from '@playwright/test';
import { e2eState } from './fixtures/e2eState';
import { amountField, pickToken, primeGuestToken } from './fixtures/swapPage';

test('a chosen pair and amount survive a reload and a visit to Markets', async ({ page }) => {
  const chain = e2eState().chains[0];
  if (!chain) throw new Error('missing chain');
  await primeGuestToken(page);
  await page.goto('/');
  // Neither side is the default pair's (native coin → first token).
  await pickToken(page, 'pay', 'WBTC');
  await pickToken(page, 'receive', 'DAI');
  await amountField(page).fill('0.25');
  const expectForm = async () => {
    await expect(page.getByRole('button', { name: `You pay token: WBTC ${chain.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `You receive token: DAI ${chain.name}` })).toBeVisible();
    await expect(amountField(page)).toHaveValue('0.25');
  };
  await expect(page).toHaveURL(new RegExp(`/\\?chain=${chain.id}&in=0x[0-9a-f]{40}&out=0x[0-9a-f]{40}$`, 'i'));
  await page.reload();
  await expectForm();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Markets' }).click();
  await expect(page).toHaveURL(/\/markets$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Swap' }).click();
  await expectForm();
});
