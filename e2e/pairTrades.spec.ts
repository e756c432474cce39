// The pair page's trades table: a swap mined on the pool appears without a reload, marked Buy in words,
// and its transaction hash can be copied; the table fits 375 px.
import { expect, test } from '@playwright/test';
import type { TradesPage } from '@/lib/api/schemas/trades';
import { PAIR_TEST_IDS } from '@/components/pair/pairTestIds';
import { buyBase } from './fixtures/devnetSwap';
import { e2eState } from './fixtures/e2eState';
import { apiData, busiestPair } from './fixtures/marketPages';

const chainIds = () => e2eState().chains.map((c) => c.id);

test('the trades table updates live: a new swap shows as a buy without a reload, and its hash copies', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pair = await busiestPair(request, chainIds());
  await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
  const table = page.getByTestId(PAIR_TEST_IDS.tradesTable);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^Live ·/)).toBeVisible({ timeout: 15_000 });
  const reloads: string[] = [];
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) reloads.push(f.url()); });

  const txHash = await buyBase(pair);
  // The indexer stores the swap within a few polls; the API's row for it is what the table must show.
  const stored = async () => (await apiData<TradesPage>(request, `/v1/market/trades?chainId=${pair.chain_id}&pairId=${pair.pair_id}&limit=20`)).trades.find((t) => t.tx_hash === txHash);
  await expect.poll(async () => (await stored())?.side, { timeout: 15_000 }).toBe('buy');
  const newest = await stored();
  if (!newest) throw new Error('the swap made no trade');
  const top = table.getByRole('row').filter({ has: page.getByRole('button', { name: `Copy transaction hash ${newest.tx_hash}` }) });
  await expect(top).toBeVisible({ timeout: 15_000 });
  await expect(top).toContainText('Buy');
  await expect(top.getByText('▲')).toHaveAttribute('aria-hidden', 'true');
  expect(reloads).toEqual([]);

  await top.getByRole('button', { name: /^Copy transaction hash/ }).click();
  await expect(top.getByRole('button', { name: /^Copy transaction hash/ })).toContainText('Copied ✓');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newest.tx_hash);
});

test('screenshots of the trades table at 375 and 1440 px; no horizontal scroll at 375', async ({ browser, request, baseURL }) => {
  const pair = await busiestPair(request, chainIds());
  for (const width of [375, 1440]) {
    const page = await browser.newPage({ baseURL, viewport: { width, height: 900 } });
    await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
    const table = page.getByTestId(PAIR_TEST_IDS.tradesTable);
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/pair-trades-screenshots/trades-${width}.png`, fullPage: true });
    await page.close();
  }
});
