// The swap page end to end on a devnet: the injected test wallet, SIWE, live quote, review, approve, swap, and what the chain shows.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { zeroAddress } from 'viem';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { e2eState } from './fixtures/e2eState';
import { actionButton, allowanceOf, amountField, balanceOf, connect, expectQuote, firstChain, nextFirmQuote, openSwap, pickToken, primeGuestToken, signIn, tokenBySymbol } from './fixtures/swapPage';

/** The firm quote the page receives next, as the server sent it. */

function review(page: Page) {
  return page.getByRole('dialog', { name: 'Review swap' });
}

test('token → token to a typed recipient: connect, sign in, quote, review, enable Permit2 once, sign and swap; the recipient gains at least the minimum', async ({ page }) => {
  const chain = firstChain();
  const usdc = tokenBySymbol(chain, 'USDC');
  const wbtc = tokenBySymbol(chain, 'WBTC');
  const recipient = devAccount(6).address;
  const wallet = await openSwap(page, 2);
  await connect(page);
  await pickToken(page, 'pay', 'USDC');
  await pickToken(page, 'receive', 'WBTC');
  await amountField(page).fill('2500');
  await expectQuote(page);
  await signIn(page);
  await page.getByRole('checkbox', { name: 'Send to another address' }).check();
  await page.getByRole('textbox', { name: 'Recipient address' }).fill(recipient.toLowerCase());
  await expect(actionButton(page)).toHaveText('Confirm the recipient address');
  await expect(actionButton(page)).toBeDisabled();
  await page.getByRole('checkbox', { name: /I checked this address/ }).check();
  await expect(actionButton(page)).toHaveText('Review swap');
  const before = await balanceOf(chain, wbtc.address, recipient);
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  expect(quote).toMatchObject({ amount_in: '2500000000', from_address: wallet.address, to_address: recipient });
  await expect(review(page).getByTestId('firm-min-out')).toContainText('WBTC');
  await expect(review(page).getByTestId('quote-countdown')).toHaveText(/^\d+ s$/);
  await review(page).getByRole('button', { name: 'Enable USDC (one time)' }).click();
  await review(page).getByRole('button', { name: 'Sign and swap' }).click();
  await expect(review(page).getByTestId('swap-success')).toContainText(/you received [0-9.,]+ WBTC/, { timeout: 30_000 });
  const after = await balanceOf(chain, wbtc.address, recipient);
  expect(after - before).toBeGreaterThanOrEqual(BigInt(quote.min_amount_out));
  // Permit2 was approved once; the router itself never was, and the swap moved exactly what the permit was signed for.
  expect(wallet.calls.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2);
  expect(wallet.calls.filter((m) => m === 'eth_signTypedData_v4')).toHaveLength(1);
  expect(quote.allowance_target).toBe(chain.permit2);
  expect(await allowanceOf(chain, usdc.address, wallet.address, quote.router_address)).toBe(0n);
});

test('native → token: no approval step, the native coin is sent as value', async ({ page }) => {
  const chain = firstChain();
  const usdc = tokenBySymbol(chain, 'USDC');
  const wallet = await openSwap(page, 3);
  await connect(page);
  await pickToken(page, 'receive', 'USDC');
  await amountField(page).fill('0.5');
  await expectQuote(page);
  await signIn(page);
  const before = await balanceOf(chain, usdc.address, wallet.address);
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  expect(quote.value).toBe(quote.amount_in);
  expect(quote.token_in).toBe(zeroAddress);
  await expect(review(page).getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await review(page).getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(review(page).getByTestId('swap-success')).toContainText('USDC', { timeout: 30_000 });
  expect((await balanceOf(chain, usdc.address, wallet.address)) - before).toBeGreaterThanOrEqual(BigInt(quote.min_amount_out));
});

test('an expired firm quote is re-quoted before it can be sent', async ({ page }) => {
  await page.clock.install();
  await openSwap(page, 4);
  await connect(page);
  await amountField(page).fill('0.2');
  await expectQuote(page);
  await signIn(page);
  const first = nextFirmQuote(page);
  await actionButton(page).click();
  const q1 = await first;
  await expect(review(page).getByRole('button', { name: 'Swap', exact: true })).toBeVisible();
  const second = nextFirmQuote(page);
  // Jump the page's clock past the quote's life: the page must ask a new quote rather than offer the old one.
  await page.clock.fastForward(61_000);
  const q2 = await second;
  expect(q2.quote_id).not.toBe(q1.quote_id);
  await expect(review(page).getByTestId('quote-countdown')).toHaveText(/^(5\d|60) s$/);
  await expect(review(page).getByRole('button', { name: 'Swap', exact: true })).toBeEnabled();
});

test('a rejected signature returns to the dialog quietly, and the swap then goes through', async ({ page }) => {
  const wallet = await openSwap(page, 5);
  await connect(page);
  await amountField(page).fill('0.1');
  await expectQuote(page);
  wallet.rejectNextRequest('personal_sign');
  await actionButton(page).click();
  await expect(actionButton(page)).toHaveText('Sign in to swap');
  await expect(page.getByRole('region', { name: 'Swap' }).getByRole('alert')).toHaveCount(0);
  await signIn(page);
  await actionButton(page).click();
  wallet.rejectNextRequest('eth_sendTransaction');
  await review(page).getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(review(page).getByRole('button', { name: 'Swap', exact: true })).toBeVisible();
  await expect(review(page).getByRole('alert')).toHaveCount(0);
  await review(page).getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(review(page).getByTestId('swap-success')).toBeVisible({ timeout: 30_000 });
});

test('insufficient balance disables the button with its label', async ({ page }) => {
  await openSwap(page, 6);
  await connect(page);
  await amountField(page).fill('100000000');
  await expect(actionButton(page)).toHaveText('Insufficient ETH balance');
  await expect(actionButton(page)).toBeDisabled();
});

test('an unroutable pair shows the message next to the token it concerns', async ({ page }) => {
  await openSwap(page, 6);
  // The native coin and its wrapped token have no pool between them: the server answers NO_ROUTE.
  await pickToken(page, 'receive', 'WETH');
  await amountField(page).fill('1');
  await expect(page.getByRole('alert').filter({ hasText: 'No pool path connects ETH to WETH' })).toBeVisible();
  await expect(page.getByTestId('receive-amount')).toHaveText('0');
});

test('axe finds no serious or critical violation on the page and in the review dialog', async ({ page }) => {
  const seriousOrCritical = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await openSwap(page, 7);
  await amountField(page).fill('0.3');
  await expectQuote(page);
  expect(await seriousOrCritical()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousOrCritical()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'light' });
  await connect(page);
  await signIn(page);
  await actionButton(page).click();
  await expect(review(page).getByRole('button', { name: 'Swap', exact: true })).toBeVisible();
  expect(await seriousOrCritical()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousOrCritical()).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(review(page)).toBeHidden();
  await expect(actionButton(page)).toBeFocused();
});

test('the dev wallet signs in with the chosen anvil account, no extension needed', async ({ page }) => {
  await primeGuestToken(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await dialog.getByRole('combobox', { name: 'Dev wallet account' }).selectOption({ label: 'Account 3' });
  await dialog.getByRole('button', { name: 'Dev wallet' }).click();
  await expect(page.getByRole('button', { name: `Account ${devAccount(3).address}` })).toBeVisible();
  await amountField(page).fill('0.1');
  await expectQuote(page);
  await signIn(page);
});

test('a wallet on another network is asked to switch, and the button does it', async ({ page }) => {
  const wallet = await openSwap(page, 4);
  await connect(page);
  const other = e2eState().chains.find((c) => c.id !== firstChain().id);
  if (!other) throw new Error('the devnet has one chain only');
  await wallet.switchChain(other.id);
  await amountField(page).fill('0.1');
  await expect(actionButton(page)).toHaveText('Switch network');
  await actionButton(page).click();
  await expect(actionButton(page)).not.toHaveText('Switch network');
});

test('the token picker works by keyboard and gives focus back to its button', async ({ page }) => {
  await openSwap(page, 6);
  const picker = page.getByRole('button', { name: /^You receive token:/ });
  await picker.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Select the token you receive' });
  await expect(dialog.getByRole('searchbox')).toBeFocused();
  await page.keyboard.type('wbtc');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('button', { name: /^WBTC/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^You receive token: WBTC/ })).toBeFocused();
});
