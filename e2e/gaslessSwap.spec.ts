// USDC → DAI gasless from a fresh wallet with no ETH: the swap form offers the gasless path, the review offers enabling
// USDC by a signature (its EIP-2612 permit), and once Permit2 may move USDC the trader only signs; Swapdesk's submitter sends the
// swap and the wallet, still holding no ETH, receives at least the quote's minimum.
import { expect, test, type Page } from '@playwright/test';
import type { Hash } from 'viem';
import { formatAmount } from '@/components/swap/amountText';
import { actionButton, amountField, balanceOf, connect, expectQuote, firstChain, nextFirmQuote, openSwap, pickToken, signIn, tokenBySymbol } from './fixtures/swapPage';
import { enablePermit2Elsewhere, expectGaslessAgain, traderWithoutGas } from './fixtures/walletWithoutGas';

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Screenshots of the open review at both widths (the test itself runs at the desktop width). */
async function shootBothWidths(page: Page, name: string, path: (file: string) => string) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${size.width} px`).toBe(0);
    await page.screenshot({ path: path(`${name}-${size.name}.png`) });
  }
}

test('a wallet with no ETH swaps USDC → DAI gaslessly: enabling USDC by signature is offered, then one signature and Swapdesk sends it', async ({ page }, info) => {
  const chain = firstChain();
  const usdc = tokenBySymbol(chain, 'USDC').address;
  const dai = tokenBySymbol(chain, 'DAI').address;
  const { account, client } = await traderWithoutGas(chain, usdc);
  expect(await client.getBalance({ address: account.address })).toBe(0n);
  await page.setViewportSize({ width: 1440, height: 900 });
  const wallet = await openSwap(page, account);
  await connect(page);
  await pickToken(page, 'pay', 'USDC');
  await pickToken(page, 'receive', 'DAI');
  // The gas fee must fit inside the router's 1 % fee cap: 1,000 USDC leaves room at devnet gas prices.
  await amountField(page).fill('1000');
  await expectQuote(page);
  await signIn(page);
  await expect(page.getByTestId('gasless-note')).toContainText('No ETH for gas in this wallet: this swap is gasless');
  const shot = (file: string) => info.outputPath(file);

  // Not yet enabled: USDC has EIP-2612 permit, so the review offers enabling it by a signature Swapdesk sends on.
  let firm = nextFirmQuote(page);
  await actionButton(page).click();
  const unenabled = await firm;
  expect(unenabled.gasless?.approval?.eip712.message).toMatchObject({ owner: account.address, spender: chain.permit2 });
  const dialog = page.getByRole('dialog', { name: 'Review swap' });
  await expect(dialog.getByTestId('gasless-enable-by-signature')).toContainText('sign once to let Permit2 move USDC for you');
  await expect(dialog.getByRole('button', { name: 'Enable USDC (one time)' })).toBeEnabled();
  await expect(dialog.getByTestId('review-step-enable')).toHaveAttribute('data-state', 'ready');
  await expect(dialog.getByTestId('review-step-swap')).toContainText('Sign');
  await shootBothWidths(page, 'gasless-needs-enable', shot);
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Enabled once (elsewhere, with borrowed ETH): now the trader only signs.
  await enablePermit2Elsewhere(chain, client, account, usdc);
  await expectGaslessAgain(page, chain.name);
  const daiBefore = await balanceOf(chain, dai, account.address);
  firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  expect(quote.gasless?.gas_fee_token).toBe(usdc);
  await expect(dialog.getByTestId('gasless-gas-fee')).toHaveText(/^[0-9.,]+ USDC$/);
  // The service fee row leaves the gas fee out: fee_amount holds both.
  expect(BigInt(quote.fee_amount)).toBeGreaterThan(BigInt(quote.gasless?.gas_fee_amount ?? 0));
  await expect(dialog.getByTestId('firm-service-fee')).toHaveText(new RegExp(` · ${formatAmount(BigInt(quote.fee_amount) - BigInt(quote.gasless?.gas_fee_amount ?? 0), 6)} USDC$`));
  await expect(dialog.getByTestId('review-step-enable')).toHaveAttribute('data-state', 'done');
  const sign = dialog.getByRole('button', { name: 'Sign', exact: true });
  await expect(sign).toBeEnabled();
  await shootBothWidths(page, 'gasless-sign', shot);
  await page.setViewportSize({ width: 1440, height: 900 });
  const from = wallet.calls.length;
  await sign.click();
  await expect(dialog.getByTestId('swap-success')).toContainText(/you received [0-9.,]+ DAI/, { timeout: 30_000 });
  await expect(dialog.getByTestId('review-step-swap')).toHaveAttribute('data-state', 'done');
  await shootBothWidths(page, 'gasless-done', shot);

  // One signature and no transaction from the wallet; the submitter's transaction paid the trader at least the minimum.
  expect(wallet.calls.slice(from).filter((m) => m === 'eth_signTypedData_v4')).toHaveLength(1);
  expect(wallet.calls.slice(from).filter((m) => m === 'eth_sendTransaction')).toHaveLength(0);
  const hash = (await dialog.getByText(/^Transaction 0x/).getAttribute('title')) as Hash;
  const tx = await client.getTransaction({ hash });
  expect(tx.from.toLowerCase()).not.toBe(account.address.toLowerCase());
  expect((await balanceOf(chain, dai, account.address)) - daiBefore).toBeGreaterThanOrEqual(BigInt(quote.min_amount_out));
  expect(await client.getBalance({ address: account.address })).toBe(0n);

  // A second order held unmined (no block while automine is off): once Swapdesk has it, the review can be closed, and
  // Activity follows the order until it is filled.
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await amountField(page).fill('1000');
  await expectQuote(page);
  firm = nextFirmQuote(page);
  await actionButton(page).click();
  const held = await firm;
  const signHeld = dialog.getByRole('button', { name: 'Sign', exact: true });
  await expect(signHeld).toBeEnabled();
  await client.request({ method: 'evm_setAutomine' as never, params: [false] as never });
  try {
    await signHeld.click();
    await expect(dialog.getByTestId('swap-pending')).toContainText('you can close this and follow it in Activity', { timeout: 30_000 });
    await shootBothWidths(page, 'gasless-relaying', shot);
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();
    await expect(amountField(page)).toHaveValue('');
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    const row = page.locator(`[data-testid="activity-row"][data-quote-id="${held.quote_id}"]`);
    await expect(row.getByTestId('activity-status')).toHaveText('Submitted', { timeout: 15_000 });
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.screenshot({ path: shot(`gasless-activity-submitted-${size.name}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  } finally {
    await client.request({ method: 'evm_setAutomine' as never, params: [true] as never });
  }
  const row = page.locator(`[data-testid="activity-row"][data-quote-id="${held.quote_id}"]`);
  await expect(row.getByTestId('activity-status')).toHaveText('Swapped', { timeout: 30_000 });
});
