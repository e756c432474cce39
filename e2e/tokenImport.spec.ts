// Importing a token by address in the picker: read from the chain, imported only after the "unverified token"
// warning is acknowledged, kept in the browser across reloads; an address that is no token says so.
import { expect, test } from '@playwright/test';
import { getAddress } from 'viem';
import { deployToken, devAccount, devClients } from '@/lib/devnet/deployUniswap';
import { firstChain, openSwap } from './fixtures/swapPage';

test('importing a token by address shows the unverified warning, needs the acknowledgement and is remembered', async ({ page }) => {
  const chain = firstChain();
  const token = getAddress(await deployToken(devClients(chain.id, chain.rpcUrl), 'Pasted Example', 'PASTE', 12));
  await openSwap(page, 6);
  const openPicker = async () => {
    await page.getByRole('button', { name: /^You receive token:/ }).click();
    return page.getByRole('dialog', { name: 'Select the token you receive' });
  };
  let dialog = await openPicker();
  await dialog.getByRole('searchbox').fill(devAccount(6).address);
  await expect(dialog.getByText('That address is not a token on this network.')).toBeVisible();

  await dialog.getByRole('searchbox').fill(token.toLowerCase());
  const importer = dialog.getByRole('region', { name: 'Import PASTE' });
  await expect(importer.getByRole('alert')).toContainText('Unverified token');
  await expect(importer).toContainText('Pasted Example');
  await expect(importer).toContainText('12 decimals');
  const importButton = importer.getByRole('button', { name: 'Import PASTE' });
  await expect(importButton).toBeDisabled();
  await importer.getByRole('checkbox', { name: /I understand the risk/ }).check();
  await importButton.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^You receive token: PASTE/ })).toBeVisible();

  // Kept in this browser: after a reload it is in the list, marked unverified, without another warning.
  await page.reload();
  dialog = await openPicker();
  await dialog.getByRole('searchbox').fill('paste');
  const option = dialog.getByRole('button', { name: /^PASTE\b/ });
  await expect(option).toContainText('unverified');
  await expect(dialog.getByRole('region', { name: /^Import/ })).toHaveCount(0);
  await option.click();
  await expect(page.getByRole('button', { name: /^You receive token: PASTE/ })).toBeVisible();
});

test('screenshots of the token import warning at 375 and 1440 px', async ({ browser, baseURL }) => {
  const chain = firstChain();
  const token = getAddress(await deployToken(devClients(chain.id, chain.rpcUrl), 'Screenshot Coin', 'SHOT', 18));
  for (const width of [375, 1440]) {
    const page = await browser.newPage({ baseURL, viewport: { width, height: 900 } });
    await openSwap(page, 6);
    await page.getByRole('button', { name: /^You receive token:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Select the token you receive' });
    await dialog.getByRole('searchbox').fill(token);
    await expect(dialog.getByRole('region', { name: 'Import SHOT' })).toBeVisible();
    await page.screenshot({ path: `test-results/token-import-screenshots/import-${width}.png`, fullPage: true });
    await page.close();
  }
});
