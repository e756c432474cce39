// The pair page's Swap button opens the swap form with that pair, on that pair's chain.
import { expect, test } from '@playwright/test';
import { e2eState } from './fixtures/e2eState';
import { listPairs } from './fixtures/marketPages';
import { amountField, expectQuote, primeGuestToken } from './fixtures/swapPage';

test('following Swap from two pairs on two chains opens the swap form with each pair', async ({ page, request }) => {
  test.setTimeout(120_000);
  const chains = e2eState().chains;
  expect(chains.length).toBeGreaterThanOrEqual(2);
  await primeGuestToken(page);
  // Not the form's default pair (native coin → first token) on either chain, so a form that ignores the link fails.
  const wanted = [
    { chain: chains[0], name: 'WBTC/USDC' },
    { chain: chains[1], name: 'LINK/WETH' },
  ];
  for (const { chain, name } of wanted) {
    if (!chain) throw new Error('missing chain');
    const pair = (await listPairs(request, chain.id)).find((p) => p.pair_name === name);
    if (!pair) throw new Error(`${chain.name} lists no ${name} pair`);
    const [base, quote] = name.split('/');
    await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
    await page.getByRole('link', { name: `Swap ${quote} for ${base}` }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?chain=${chain.id}&in=${pair.quote}&out=${pair.base}$`, 'i'));
    await expect(page.getByRole('button', { name: `You pay token: ${quote} ${chain.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `You receive token: ${base} ${chain.name}` })).toBeVisible();
    // The form quotes the linked pair, not the default one.
    await expect(amountField(page)).toHaveAccessibleName(`Amount of ${quote} to pay`);
    await amountField(page).fill(quote === 'USDC' ? '100' : '1');
    await expectQuote(page);
    await page.screenshot({ path: `test-results/pair-swap-link-${chain.id}.png`, fullPage: true });
  }
});

test('a link naming an unknown token opens the default pair', async ({ page }) => {
  await primeGuestToken(page);
  const chain = e2eState().chains[1];
  if (!chain) throw new Error('missing chain');
  await page.goto(`/?chain=${chain.id}&in=0x0000000000000000000000000000000000000001&out=USDC`);
  const first = e2eState().chains[0];
  await expect(page.getByRole('button', { name: new RegExp(`^You pay token: ETH ${first?.name}$`) })).toBeVisible();
});
