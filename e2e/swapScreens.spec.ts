// Screenshots of the swap page with a live quote at phone (375 px) and desktop (1440 px) widths, in light and dark, for review by eye.
import { expect, test } from '@playwright/test';
import { amountField, connect, expectQuote, openSwap, signIn } from './fixtures/swapPage';

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`swap page at ${size.width} px, ${scheme}: nothing overflows sideways`, async ({ page }, info) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: size.width, height: size.height });
      await openSwap(page, 7);
      await amountField(page).fill('1.5');
      await expectQuote(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await page.screenshot({ path: info.outputPath(`swap-${size.name}-${scheme}.png`), fullPage: true });
    });
  }
}

for (const size of WIDTHS) {
  test(`account button, review dialog and success at ${size.width} px fit the screen`, async ({ page }, info) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openSwap(page, 7);
    await connect(page);
    await expect(page.getByTestId('account-button')).toBeInViewport({ ratio: 1 });
    await amountField(page).fill('0.25');
    await expectQuote(page);
    await signIn(page);
    await page.getByTestId('swap-action').click();
    const dialog = page.getByRole('dialog', { name: 'Review swap' });
    await expect(dialog.getByRole('button', { name: 'Swap', exact: true })).toBeInViewport();
    await page.screenshot({ path: info.outputPath(`review-${size.name}.png`) });
    await dialog.getByRole('button', { name: 'Swap', exact: true }).click();
    await expect(dialog.getByTestId('swap-success')).toBeInViewport({ timeout: 30_000 });
    await page.screenshot({ path: info.outputPath(`success-${size.name}.png`) });
    // Closing after a swap starts the form over, focus on the amount.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(amountField(page)).toBeFocused();
    await expect(amountField(page)).toHaveValue('');
  });
}
