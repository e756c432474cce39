// A cross-chain swap in the browser through the injected test wallet: ETH on Devnet A → USDC on Devnet B, the
// tracker following the order to Filled with the amount that arrived, and a reload mid-flight resuming it.
import { expect, test } from '@playwright/test';
import { chainNamed, pickTokenOn, rpc } from './fixtures/crossChainPage';
import { actionButton, amountField, balanceOf, connect, expectQuote, nextFirmQuote, openSwap, signIn, tokenBySymbol } from './fixtures/swapPage';
import { formatAmount } from '@/components/swap/amountText';

const ACCOUNT = 8;

/** "1,234.56" as the app formats 6-decimal amounts of about this size. */
test('ETH on Devnet A → USDC on Devnet B: the tracker reaches Filled with the amount that arrived, and a reload mid-flight resumes it', async ({ page }, info) => {
  const A = chainNamed('Devnet A');
  const B = chainNamed('Devnet B');
  const usdcB = tokenBySymbol(B, 'USDC');
  const wallet = await openSwap(page, ACCOUNT);
  await connect(page);
  await pickTokenOn(page, 'receive', 'Devnet B', 'USDC');
  await amountField(page).fill('0.4');
  await expectQuote(page);
  await expect(page.getByTestId('receive-arrival')).toHaveText(/^on Devnet B in ~\d+ (s|min)$/);
  await expect(page.getByTestId('relayer-fee')).toHaveText(/^[0-9.,]+ USDC$/);
  // The devnet's activity loop moves the pools, so the best source path to USDC, or a split over several with their
  // shares ("91 % ETH → WBTC → USDC · 9 % ETH → USDC"), may change between runs; where a chain has V2 and V3 pools
  // the last hop names its source and fee tier ("ETH → USDC · V3 0.05 %").
  await expect(page.getByTestId('cross-chain-route')).toHaveText(/^Devnet A: (\d+(\.\d)? % )?ETH → [^⟶]*USDC( · V[23] [0-9.]+ %)? ⟶ Devnet B: USDC$/);
  await signIn(page);

  // The wallet on the other network: the form asks to switch it to the source chain.
  await wallet.switchChain(B.id);
  await expect(actionButton(page)).toHaveText('Switch network');
  await actionButton(page).click();
  await expect(actionButton(page)).toHaveText('Review swap');

  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  expect(quote).toMatchObject({ src_chain_id: A.id, dst_chain_id: B.id, value: quote.amount_in });
  const review = page.getByRole('dialog', { name: 'Review swap' });
  await expect(review.getByTestId('review-src-chain')).toHaveText('Devnet A');
  await expect(review.getByTestId('review-dst-chain')).toHaveText('Devnet B');
  await expect(review.getByTestId('review-refund')).toContainText('USDC back on Devnet A');

  // Hold the deposit in Devnet A's mempool: the swap is sent but not yet mined when the page reloads.
  const before = await balanceOf(B, usdcB.address, wallet.address);
  await rpc(A, 'evm_setAutomine', [false]);
  try {
    await review.getByRole('button', { name: 'Swap', exact: true }).click();
    await expect(review.getByTestId('tracker-step-deposit')).toHaveAttribute('data-state', 'active');
    await page.reload();
    const tracker = page.getByRole('region', { name: 'Cross-chain swaps' }).getByTestId('crosschain-tracker');
    await expect(tracker).toHaveAttribute('data-quote-id', quote.quote_id);
    await expect(tracker.getByTestId('tracker-step-deposit')).toHaveAttribute('data-state', 'active');
    await expect(tracker.getByTestId('tracker-step-deposit')).toContainText('Depositing on Devnet A');
  } finally {
    await rpc(A, 'evm_mine');
    await rpc(A, 'evm_setAutomine', [true]);
  }
  const tracker = page.getByRole('region', { name: 'Cross-chain swaps' }).getByTestId('crosschain-tracker');
  await expect(tracker.getByTestId('tracker-step-fill')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const received = (await balanceOf(B, usdcB.address, wallet.address)) - before;
  expect(received).toBeGreaterThanOrEqual(BigInt(quote.min_amount_out));
  await expect(tracker.getByTestId('tracker-step-deposit')).toContainText('Deposited on Devnet A');
  // "at" the fill's time on the destination clock, in the browser's own time format.
  const receivedText = formatAmount(received, 6).replace(/[.,]/g, '\\$&');
  await expect(tracker.getByTestId('tracker-step-fill')).toContainText(new RegExp(`Filled on Devnet B by Swapdesk's relayer at \\d{1,2}:\\d{2}(\\s?[AP]M)?: received ${receivedText} USDC`));
  await expect(tracker.getByTestId('tracker-step-done')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  for (const size of [{ name: 'phone', width: 375, height: 812 }, { name: 'desktop', width: 1440, height: 900 }]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: info.outputPath(`crosschain-tracker-${size.name}.png`), fullPage: true });
  }
});

for (const size of [{ name: 'phone', width: 375, height: 812 }, { name: 'desktop', width: 1440, height: 900 }] as const) {
  test(`cross-chain quote and review at ${size.width} px fit the screen`, async ({ page }, info) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await openSwap(page, 7);
    await connect(page);
    await pickTokenOn(page, 'receive', 'Devnet B', 'USDC');
    await amountField(page).fill('0.25');
    await expectQuote(page);
    await expect(page.getByTestId('receive-arrival')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`crosschain-quote-${size.name}.png`), fullPage: true });
    await signIn(page);
    await actionButton(page).click();
    const review = page.getByRole('dialog', { name: 'Review swap' });
    await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: info.outputPath(`crosschain-review-${size.name}.png`) });
  });
}
