// Prints the pair page's figures (first candle, 1,000-candle draw, interval switch, first-load JS) and screenshots.
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { e2eState } from './fixtures/e2eState';
import { busiestPair, chart, dragChartRight, drawnOpenTimes, rememberInterval } from './fixtures/marketPages';

const chainIds = () => e2eState().chains.map((c) => c.id);
const SCREENSHOT_DIR = 'test-results/markets-screenshots';

function figure(name: string, value: string) {
  console.log(`FIGURE ${name}: ${value}`);
}

test('figures: first drawn candle, 1,000 candles drawn, interval switch, first-load JS', async ({ page, request, baseURL }) => {
  const pair = await busiestPair(request, chainIds());
  const path = `/markets/${pair.chain_id}/${pair.pair_id}`;
  await rememberInterval(page, baseURL ?? '', '1m');
  await page.goto(path);
  await drawnOpenTimes(page, '1m');
  const firstCandleMs = await page.evaluate(() => performance.getEntriesByName('first-candle-drawn')[0]?.startTime ?? -1);
  figure('navigation → first drawn candle (ms)', firstCandleMs.toFixed(0));
  expect(firstCandleMs).toBeGreaterThan(0);

  while (Number(await chart(page).getAttribute('data-bar-count')) < 1000) await dragChartRight(page, 800);
  await expect(chart(page)).toHaveAttribute('data-bar-count', /^\d{4,}$/);
  figure(`setData + draw of ${await chart(page).getAttribute('data-bar-count')} candles (ms)`, (await chart(page).getAttribute('data-draw-ms')) ?? '?');

  for (const [label, interval] of [['1 hour', '1h'], ['1 week', '1w'], ['1 day', '1d']] as const) {
    await page.evaluate(() => {
      document.addEventListener('click', () => document.body.setAttribute('data-clicked-at', String(performance.now())), { capture: true, once: true });
    });
    await page.getByRole('radio', { name: label, exact: true }).click();
    await drawnOpenTimes(page, interval);
    const clickedAt = Number(await page.locator('body').getAttribute('data-clicked-at'));
    const drawnAt = Number(await chart(page).getAttribute('data-drawn-at'));
    figure(`interval switch to ${interval} → redrawn chart (ms)`, (drawnAt - clickedAt).toFixed(0));
  }

  const html = await (await request.get(path)).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  let gzipped = 0;
  for (const src of new Set(scripts)) gzipped += gzipSync(await (await request.get(src)).body()).length;
  figure('pair page first-load JS, gzipped (KB)', (gzipped / 1024).toFixed(1));
  expect(scripts.length).toBeGreaterThan(0);
});

test('screenshots of the markets and pair pages at 375 and 1440 px, light and dark', async ({ browser, request, baseURL }) => {
  const pair = await busiestPair(request, chainIds());
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [375, 1440]) {
      const page = await browser.newPage({ baseURL, viewport: { width, height: 900 }, colorScheme });
      await page.goto('/markets');
      await expect(page.getByRole('table')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/markets-${width}-${colorScheme}.png`, fullPage: true });
      await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
      await expect(chart(page)).toHaveAttribute('data-drawn-at', /\d/);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/pair-${width}-${colorScheme}.png`, fullPage: true });
      await page.close();
    }
  }
});
