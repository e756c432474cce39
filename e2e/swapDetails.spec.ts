// The swap page's details on a devnet: the receive-side balance follows a swap as it lands, and no figure ("2,995.6
// USDC", "Devnet B: USDC") breaks across lines at 375 px; screenshots at 375 and 1440 px.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatAmount } from '@/components/swap/amountText';
import { actionButton, amountField, balanceOf, connect, expectQuote, firstChain, nextFirmQuote, openSwap, pickToken, registry, signIn, tokenBySymbol } from './fixtures/swapPage';

/**
 * Figures inside `root` whose text spans more than one line: an amount with its symbol ("2,995.6 USDC"), a percent, or
 * a chain's name with what follows its colon ("Devnet B: USDC").
 */
async function brokenFigures(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const FIGURE = /\d[\d,]*(\.\d+)?( %| [A-Z][A-Za-z]{1,9}\b)|Devnet [A-Z]: [A-Za-z]+/g;
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(FIGURE)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** Figures under the amounts (dollar values, balances) that stick out of `root`'s box, sideways. */
async function outside(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return [...element.querySelectorAll('[data-testid$="-usd"], [data-testid$="-balance"], [data-testid$="-balance-usd"]')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left || r.right > box.right);
      })
      .map((e) => `${e.getAttribute('data-testid')}: ${e.textContent}`);
  });
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('the receive-side balance shows the swap as soon as it lands, without a reload', async ({ page }) => {
  const chain = firstChain();
  const usdc = tokenBySymbol(chain, 'USDC');
  const wallet = await openSwap(page, 4);
  await connect(page);
  await pickToken(page, 'receive', 'USDC');
  const before = await balanceOf(chain, usdc.address, wallet.address);
  await expect(page.getByTestId('receive-balance')).toHaveText(`Balance: ${formatAmount(before, usdc.decimals)} USDC`);
  await amountField(page).fill('0.3');
  await expectQuote(page);
  await signIn(page);
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  await firm;
  const review = page.getByRole('dialog', { name: 'Review swap' });
  await review.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(review.getByTestId('swap-success')).toContainText('USDC', { timeout: 30_000 });
  const after = await balanceOf(chain, usdc.address, wallet.address);
  expect(after).toBeGreaterThan(before);
  await review.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('receive-balance')).toHaveText(`Balance: ${formatAmount(after, usdc.decimals)} USDC`, { timeout: 15_000 });
});

test('no figure wraps mid-number or sticks out at 375 px, on the form, in the review and on a cross-chain quote', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openSwap(page, 6);
  await connect(page);
  await pickToken(page, 'receive', 'USDC');
  await amountField(page).fill('2.5');
  await expectQuote(page);
  const form = page.getByRole('region', { name: 'Swap', exact: true });
  expect(await brokenFigures(form)).toEqual([]);
  await expect(page.getByTestId('pay-usd')).toHaveText(/^\$[\d,]+\.\d\d$/);
  expect(await outside(form)).toEqual([]);
  await signIn(page);
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  await firm;
  const review = page.getByRole('dialog', { name: 'Review swap' });
  await expect(review.getByTestId('firm-min-out')).toContainText('USDC');
  expect(await brokenFigures(review)).toEqual([]);
  await screenshots(page, 'swap-review');
  await page.setViewportSize({ width: 375, height: 812 });
  await review.getByRole('button', { name: 'Close' }).first().click();

  // Cross-chain: "Devnet B: USDC" in the route stays on one line.
  const B = registry().find((c) => c.name === 'Devnet B');
  if (!B) throw new Error('no Devnet B');
  await page.getByRole('button', { name: /^You receive token:/ }).click();
  const picker = page.getByRole('dialog', { name: 'Select the token you receive' });
  await picker.getByRole('combobox', { name: 'Network' }).selectOption({ label: B.name });
  await picker.getByRole('searchbox').fill('USDC');
  await picker.getByRole('button', { name: /^USDC\b/ }).first().click();
  await expectQuote(page);
  await expect(page.getByTestId('cross-chain-route')).toContainText('Devnet B: USDC');
  expect(await brokenFigures(form)).toEqual([]);
  expect(await outside(form)).toEqual([]);
  await screenshots(page, 'swap-crosschain-details');
});
