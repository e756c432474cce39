// The Connect dialog's dev wallet: a trader account by default, the activity loop's account marked busy.
import { expect, test } from '@playwright/test';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { ACCOUNT_ROLES } from '@/lib/devnet/devnetMarkets';
import { primeGuestToken } from './fixtures/swapPage';

for (const width of [375, 1440]) {
  test(`the dev wallet starts on a trader account and marks the activity account busy (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await primeGuestToken(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
    const select = dialog.getByRole('combobox', { name: 'Dev wallet account' });
    await expect(select).toHaveValue(String(ACCOUNT_ROLES.traders[0]));
    await expect(select.locator('option', { hasText: 'busy (market activity)' })).toHaveAttribute('value', String(ACCOUNT_ROLES.activity));
    await expect(select.locator('option', { hasText: 'deployer' })).toHaveAttribute('value', String(ACCOUNT_ROLES.deployer));
    // The dialog fits the screen: nothing sticks out to the right.
    const box = await dialog.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
    await select.selectOption(String(ACCOUNT_ROLES.activity));
    await expect(dialog.getByTestId('dev-account-busy')).toContainText('market activity');
    await page.screenshot({ path: `test-results/connect-dialog-${width}.png` });
    await select.selectOption(String(ACCOUNT_ROLES.traders[0]));
    await expect(dialog.getByTestId('dev-account-busy')).toBeHidden();
    await dialog.getByRole('button', { name: 'Dev wallet' }).click();
    await expect(page.getByRole('button', { name: `Account ${devAccount(ACCOUNT_ROLES.traders[0]).address}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Account ${devAccount(ACCOUNT_ROLES.deployer).address}` })).toHaveCount(0);
  });
}
