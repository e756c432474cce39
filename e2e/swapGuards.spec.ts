// The swap page's guards on a devnet: a large order's split, confirmations for a very high price impact or slippage,
// and a firm quote whose calldata differs from the order refused before anything is signed.
import { expect, test, type Page } from '@playwright/test';
import type { Address } from 'viem';
import type { FirmQuote } from '@/components/swap/quoteTypes';
import { decodeSwapCalldata, encodeSwapCalldata, type RouterQuote } from '@/lib/contracts/swapRouterQuote';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { actionButton, amountField, connect, expectQuote, openSwap, pickToken, signIn } from './fixtures/swapPage';

const SCREENSHOTS = 'test-results/swap-guards';

function review(page: Page) {
  return page.getByRole('dialog', { name: 'Review swap' });
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Rewrites the next firm quotes' calldata with `change` applied to the signed quote; the JSON stays as the server wrote it. */
async function tamperFirmQuotes(page: Page, change: (q: RouterQuote) => RouterQuote): Promise<void> {
  await page.route('**/v1/quote/firm', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: FirmQuote };
    const { quote, signature } = decodeSwapCalldata(body.data.calldata);
    body.data.calldata = encodeSwapCalldata(change(quote), signature);
    await route.fulfill({ response, json: body });
  });
}

test('a large order shows its split, and above 15 % price impact Swap waits for an explicit confirmation', async ({ page }) => {
  const wallet = await openSwap(page, 7);
  await connect(page);
  await pickToken(page, 'receive', 'USDC');
  await amountField(page).fill('300');
  await expectQuote(page);
  const legs = page.getByTestId('route').getByRole('listitem');
  await expect(legs.first()).toHaveText(/^\d+(\.\d)? % ETH → .*USDC( · V[23] [0-9.]+ %)?$/);
  expect(await legs.count()).toBeGreaterThan(1);
  await screenshots(page, 'split');

  // Above 15 % whatever the devnet's market did: 1,000 ETH (≈ $3M) into UNI, whose pools hold ≈ $4.5M in all.
  await pickToken(page, 'receive', 'UNI');
  await amountField(page).fill('1000');
  await expectQuote(page);
  await expect(page.getByTestId('price-impact')).toHaveText(/^(1[5-9]|[2-9]\d)\.\d\d %$/);
  await signIn(page);
  await actionButton(page).click();
  const swap = review(page).getByRole('button', { name: 'Swap', exact: true });
  await expect(swap).toBeVisible();
  await expect(swap).toBeDisabled();
  const confirm = review(page).getByRole('checkbox', { name: /I accept a price impact of/ });
  await screenshots(page, 'impact-confirmation');
  await confirm.check();
  await expect(swap).toBeEnabled();
  await confirm.uncheck();
  await expect(swap).toBeDisabled();
  expect(wallet.calls.filter((m) => m === 'eth_sendTransaction')).toHaveLength(0);
});

test('slippage above 1 % is warned about; above 5 % the review asks for a confirmation before Swap', async ({ page }) => {
  await openSwap(page, 5);
  await connect(page);
  await amountField(page).fill('0.1');
  await expectQuote(page);
  const custom = page.getByRole('textbox', { name: 'Custom slippage in percent' });
  await custom.fill('2');
  await expect(page.getByText('Slippage above 1 % lets the price move against you')).toBeVisible();
  await custom.fill('1');
  await expect(page.getByText(/Slippage above/)).toHaveCount(0);
  // A 50 typed for 0.5 must not slip through.
  await custom.fill('50');
  await expect(page.getByText(/Slippage above 5 %.*confirm it/)).toBeVisible();
  await signIn(page);
  await actionButton(page).click();
  const swap = review(page).getByRole('button', { name: 'Swap', exact: true });
  await expect(swap).toBeDisabled();
  await review(page).getByRole('checkbox', { name: 'I accept a slippage of 50 %: the swap may pay as little as the minimum shown.' }).check();
  await expect(swap).toBeEnabled();
  await screenshots(page, 'slippage-confirmation');
});

test('a firm quote whose calldata pays someone else, or accepts less than shown, is refused before anything is signed', async ({ page }) => {
  const attacker: Address = devAccount(9).address;
  const wallet = await openSwap(page, 6);
  await connect(page);
  await amountField(page).fill('0.1');
  await expectQuote(page);
  await signIn(page);

  await tamperFirmQuotes(page, (q) => ({ ...q, recipient: attacker }));
  await actionButton(page).click();
  const alert = review(page).getByRole('alert');
  await expect(alert).toContainText('This quote does not match your order, so nothing was sent');
  await expect(alert).toContainText(`the recipient in the transaction is ${attacker.slice(0, 6)}`);
  await expect(review(page).getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0);
  await screenshots(page, 'tampered-refused');
  await page.keyboard.press('Escape');

  await page.unroute('**/v1/quote/firm');
  await tamperFirmQuotes(page, (q) => ({ ...q, minAmountOut: q.minAmountOut / 2n }));
  await actionButton(page).click();
  await expect(review(page).getByRole('alert')).toContainText('below the minimum shown');
  await expect(review(page).getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0);
  expect(wallet.calls.filter((m) => m === 'eth_sendTransaction')).toHaveLength(0);
});
