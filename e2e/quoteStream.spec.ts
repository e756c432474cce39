// The swap page's price is streamed: a swap mined on the pool moves the figure on screen, with the block it is
// priced at, without the page asking again; an idle page opens no new quote requests.
import { expect, test } from '@playwright/test';
import { createPublicClient, http } from 'viem';
import { moveBasePrice } from './fixtures/devnetSwap';
import { listPairs } from './fixtures/marketPages';
import { amountField, expectQuote, firstChain, openSwap, pickToken } from './fixtures/swapPage';

const QUOTE_PATHS = /\/v1\/quote\/(indicative|stream)$/;

test('the swap page\'s price follows a block without a new request', async ({ page, request }) => {
  const chain = firstChain();
  const pair = (await listPairs(request, chain.id)).find((p) => p.pair_name === 'WETH/USDC' && p.source === 'uniswap_v2');
  if (!pair) throw new Error('the devnet has no WETH/USDC pair');
  // The form's own quote requests: every stream, and any indicative request for the form's amount (the page's
  // dollar figures price one whole token by indicative quotes of their own, every 30 s; those are not counted).
  const FORM_AMOUNT_IN = '500000000000000000';
  const asked: string[] = [];
  page.on('request', (r) => {
    if (!QUOTE_PATHS.test(r.url())) return;
    const amountIn = (JSON.parse(r.postData() ?? '{}') as { amount_in?: string }).amount_in;
    if (r.url().endsWith('/v1/quote/stream') || amountIn === FORM_AMOUNT_IN) asked.push(r.url());
  });
  await openSwap(page, 5);
  await pickToken(page, 'receive', 'USDC');
  await amountField(page).fill('0.5');
  await expectQuote(page);
  const receive = page.getByTestId('receive-amount');
  const block = page.getByTestId('quote-block');
  await expect(block).toBeVisible();
  const before = { amountOut: await block.getAttribute('data-amount-out'), block: Number(await block.getAttribute('data-block')) };
  const requestsBefore = asked.length;
  expect(asked.every((u) => u.endsWith('/v1/quote/stream'))).toBe(true);

  // USDC sold into the V2 pair, 1 % of its USDC side: ETH now buys about 2 % more USDC there than before, so the
  // best answer changes whichever pools it used (a route that left the pair out would now miss the better price).
  const moved = await moveBasePrice(pair, 100_000n);
  try {
    const swapBlock = await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber();
    await expect.poll(async () => Number(await block.getAttribute('data-block')), { timeout: 15_000 }).toBeGreaterThanOrEqual(Number(swapBlock));
    // The figure on screen is the new answer (the exact amount behind the rounded text changed).
    await expect(block).not.toHaveAttribute('data-amount-out', before.amountOut ?? '');
    await expect(receive).toHaveText(/^[0-9][0-9,]*(\.[0-9]+)?$/);
    expect(Number(await block.getAttribute('data-block'))).toBeGreaterThan(before.block);
    expect(asked.length, 'no new quote request: the open stream carried the new price').toBe(requestsBefore);
  } finally {
    await moved.undo();
  }

  // New inputs: one new stream, and the previous one is closed (the server then prices nothing for the old amount).
  const closed: string[] = [];
  page.on('requestfailed', (r) => {
    if (r.url().endsWith('/v1/quote/stream')) closed.push(r.postData() ?? '');
  });
  await amountField(page).fill('0.75');
  await expectQuote(page);
  await expect.poll(() => closed.some((body) => body.includes('"amount_in":"500000000000000000"'))).toBe(true);
  expect(asked.length).toBe(requestsBefore + 1);
});

test('screenshots of the swap page with a streamed price at 375 and 1440 px', async ({ browser, baseURL }) => {
  for (const width of [375, 1440]) {
    const page = await browser.newPage({ baseURL, viewport: { width, height: 900 } });
    await openSwap(page, 5);
    await pickToken(page, 'receive', 'USDC');
    await amountField(page).fill('0.5');
    await expectQuote(page);
    await expect(page.getByTestId('quote-block')).toBeVisible();
    await page.screenshot({ path: `test-results/quote-stream-screenshots/swap-${width}.png`, fullPage: true });
    await page.close();
  }
});
