import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PAIR_TEST_IDS } from '@/components/pair/pairTestIds';
import { poolLabel } from '@/components/pair/poolLabel';
import { buyBase } from './fixtures/devnetSwap';
import { e2eState } from './fixtures/e2eState';
import type { PairListing } from '@/lib/market/marketDto';
import {
  busiestPair, candlePixels, chart, dragChartRight, drawnOpenTimes, klines, legendValues, listPairs, rememberInterval,
} from './fixtures/marketPages';

const chainIds = () => e2eState().chains.map((c) => c.id);
const DAY_S = 86_400;

test('the markets table lists every devnet pair and a row opens its pair page', async ({ page, request }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto('/markets');
  const table = page.getByRole('table', { name: /Markets/ });
  let first: { href: string; name: string } | undefined;
  for (const chainId of chainIds()) {
    const pairs = await listPairs(request, chainId);
    expect(pairs.length, `chain ${chainId} has indexed pairs`).toBeGreaterThan(0);
    for (const p of pairs) {
      const link = table.locator(`a[href="/markets/${chainId}/${p.pair_id}"]`);
      await expect(link).toHaveText(p.pair_name);
      await expect(table.getByRole('row').filter({ has: page.locator(`a[href="/markets/${chainId}/${p.pair_id}"]`) })).toContainText(poolLabel(p.source, p.fee_ppm));
      first ??= { href: `/markets/${chainId}/${p.pair_id}`, name: p.pair_name };
    }
  }
  if (!first) throw new Error('no pairs');
  // By address: a pair's name is shared by its V2 and V3 pools and by both chains.
  await table.locator(`a[href="${first.href}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${first.href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
  await drawnOpenTimes(page, '1h');
  // Leaving the pair page in the app (no reload) unmounts the chart cleanly.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Markets' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Markets');
  expect(pageErrors).toEqual([]);
});

test('V3 pools are pairs of their own: the table and the pair page say "V3" and the fee tier (375 and 1440 px)', async ({ page, request }) => {
  const v3 = (await Promise.all(chainIds().map((id) => listPairs(request, id)))).flat().find((p) => p.source === 'uniswap_v3');
  if (!v3) throw new Error('the devnets have V3 pools, so the pairs list must have one');
  const label = poolLabel(v3.source, v3.fee_ppm);
  expect(label).toMatch(/^V3 \d/);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/markets');
    const row = page.getByRole('table', { name: /Markets/ }).getByRole('row').filter({ has: page.locator(`a[href="/markets/${v3.chain_id}/${v3.pair_id}"]`) });
    await expect(row).toContainText(label);
    await page.screenshot({ path: `test-results/markets-pool-label-${width}.png` });
    await page.goto(`/markets/${v3.chain_id}/${v3.pair_id}`);
    await expect(page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) })).toContainText(`pair #${v3.pair_id} · ${label}`);
    await page.screenshot({ path: `test-results/pair-pool-label-${width}.png` });
  }
});

test('the markets table fits 375 px: every column on screen, liquidity included, nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/markets');
  const table = page.getByRole('table', { name: /Markets/ });
  const liquidity = table.getByRole('columnheader', { name: /Liquidity/ });
  await expect(liquidity).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const rightEdge = async (locator: ReturnType<typeof page.locator>) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not laid out');
    return box.x + box.width;
  };
  expect(await rightEdge(liquidity), 'the Liquidity header ends inside the window').toBeLessThanOrEqual(375);
  // Every row's last figure (its liquidity) is inside the window, and neither the page nor the table's own box scrolls.
  for (const cell of await table.locator('tbody tr td:last-child').all()) expect(await rightEdge(cell)).toBeLessThanOrEqual(375);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const tableOverflow = await table.evaluate((t) => (t.parentElement ? t.parentElement.scrollWidth - t.parentElement.clientWidth : 0));
  expect(tableOverflow, 'the table does not scroll inside its panel').toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/markets-screenshots/markets-fits-375.png', fullPage: true });
});

test('the markets table searches, filters by chain and sorts both ways', async ({ page, request }) => {
  const [firstChain, secondChain] = e2eState().chains;
  if (!firstChain || !secondChain) throw new Error('the devnet has two chains');
  const firstPairs = await listPairs(request, firstChain.id);
  await page.goto('/markets');
  const table = page.getByRole('table', { name: /Markets/ });
  const rows = table.getByRole('row').filter({ has: page.getByRole('link') });
  const names = async () => (await rows.getByRole('link').allTextContents());
  // The server searches, sorts and pages; the table is busy until its answer replaces the rows shown meanwhile.
  const settled = () => expect(table).toHaveAttribute('aria-busy', 'false');

  await page.getByLabel('Chain').selectOption(String(firstChain.id));
  await settled();
  await expect(rows).toHaveCount(firstPairs.length);
  await expect(table.getByRole('cell', { name: secondChain.name, exact: true })).toHaveCount(0);

  await page.getByLabel('Chain').selectOption('');
  const symbol = firstPairs[0]?.pair_name.split('/')[0] ?? '';
  await page.getByLabel('Search pairs').fill(symbol.toLowerCase());
  // At once (the rows already shown, filtered here) and once the server answered.
  for (const name of await names()) expect(name.toUpperCase()).toContain(symbol.toUpperCase());
  await settled();
  expect((await names()).length).toBeGreaterThan(0);
  for (const name of await names()) expect(name.toUpperCase()).toContain(symbol.toUpperCase());
  await page.getByLabel('Search pairs').fill('');
  await settled();

  const pairHeader = table.getByRole('columnheader', { name: /Pair/ });
  await pairHeader.getByRole('button').click();
  await expect(pairHeader).toHaveAttribute('aria-sort', 'ascending');
  await settled();
  const ascending = await names();
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
  await pairHeader.getByRole('button').click();
  await expect(pairHeader).toHaveAttribute('aria-sort', 'descending');
  await settled();
  expect(await names()).toEqual([...ascending].reverse());
});

test('the pair page draws candles and the legend shows the last candle of the klines endpoint', async ({ page, request, baseURL }) => {
  const pair = await busiestPair(request, chainIds());
  await rememberInterval(page, baseURL ?? '', '1h');
  await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
  await drawnOpenTimes(page, '1h');
  await expect.poll(() => candlePixels(page), { message: 'candles painted in the up/down colours' }).toBeGreaterThan(100);
  await page.mouse.move(0, 0);
  // The open candle may move between the two reads; it settles on equality within a poll or two.
  const legendMatchesLastRow = async () => {
    const last = (await klines(request, pair, '1h')).at(-1);
    const l = await legendValues(page);
    return last !== undefined && l.openTime === last.open_time && l.open === last.open && l.high === last.high && l.low === last.low && l.close === last.close;
  };
  await expect.poll(legendMatchesLastRow, { timeout: 15_000 }).toBe(true);

  // Hovering an earlier candle shows that candle's values.
  const box = await chart(page).boundingBox();
  if (!box) throw new Error('chart is not visible');
  // Right of centre, where even a short history has bars (the price scale takes the last ~70 px).
  await page.mouse.move(box.x + box.width - 160, box.y + box.height * 0.5);
  const hovered = await legendValues(page);
  const shownTimes = await drawnOpenTimes(page, '1h');
  expect(hovered.openTime).toBeLessThan(Math.max(...shownTimes));
  expect(shownTimes).toContain(hovered.openTime);
});

test('weekly candles open on Mondays and monthly candles on the 1st (UTC)', async ({ page, request, baseURL }) => {
  const pair = await busiestPair(request, chainIds());
  await rememberInterval(page, baseURL ?? '', '1h');
  await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
  const intervals = page.getByRole('radiogroup', { name: 'Candle interval' });
  await intervals.getByRole('radio', { name: '1 week', exact: true }).click();
  const weekly = await drawnOpenTimes(page, '1w');
  expect(weekly.length).toBeGreaterThan(0);
  for (const t of weekly) expect({ t, day: new Date(t * 1000).getUTCDay(), midnight: t % DAY_S }).toEqual({ t, day: 1, midnight: 0 });

  await intervals.getByRole('radio', { name: '1 month', exact: true }).click();
  const monthly = await drawnOpenTimes(page, '1M');
  expect(monthly.length).toBeGreaterThan(0);
  for (const t of monthly) expect({ t, date: new Date(t * 1000).getUTCDate(), midnight: t % DAY_S }).toEqual({ t, date: 1, midnight: 0 });
  await expect(intervals.getByRole('radio', { name: '1 month', exact: true })).toHaveAttribute('aria-checked', 'true');
});

test('the interval switcher works from the keyboard and is remembered', async ({ page, request, baseURL }) => {
  const pair = await busiestPair(request, chainIds());
  await rememberInterval(page, baseURL ?? '', '1h');
  await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
  const hour = page.getByRole('radio', { name: '1 hour', exact: true });
  await hour.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '2 hours', exact: true })).toBeFocused();
  await drawnOpenTimes(page, '2h');
  await page.reload();
  await expect(page.getByRole('radio', { name: '2 hours', exact: true })).toHaveAttribute('aria-checked', 'true');
  await drawnOpenTimes(page, '2h');
});

test('a devnet swap moves the live candle within 15 s without a reload', async ({ page, request, baseURL }) => {
  const pair = await busiestPair(request, chainIds());
  await rememberInterval(page, baseURL ?? '', '1m');
  await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
  await drawnOpenTimes(page, '1m');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const headerVolume = page.getByTestId(PAIR_TEST_IDS.headerVolumeBase);
  const volumeAtLoad = await headerVolume.getAttribute('data-value');
  const navigations: string[] = [];
  page.on('framenavigated', (f) => navigations.push(f.url()));
  const before = (await klines(request, pair, '1m', 1)).at(-1);
  // The activity loop trades a random pool every few seconds; one more trade on this pool makes the test certain.
  await buyBase(pair);
  const startedAt = Date.now();
  const legendShowsNewTrade = async () => {
    const last = (await klines(request, pair, '1m', 1)).at(-1);
    const l = await legendValues(page);
    const counted = last !== undefined && (before === undefined || last.open_time > before.open_time || last.trades > before.trades);
    return counted && l.openTime === last.open_time && l.close === last.close && l.volume === last.volume_base;
  };
  await expect.poll(legendShowsNewTrade, { timeout: 15_000 }).toBe(true);
  console.log(`FIGURE swap mined → live candle in the legend (ms): ${Date.now() - startedAt}`);
  const close = (await legendValues(page)).close;
  await expect(page.getByTestId(PAIR_TEST_IDS.headerPrice), 'the header price follows the live candle').toHaveAttribute('data-value', close ?? '');
  // The 24 h figures follow too: the header reads the overview again after the trade.
  const overview = async () => {
    const res = await request.get(`/v1/market/pair?chainId=${pair.chain_id}&pairId=${pair.pair_id}`);
    return ((await res.json()) as { data: { volume_base_24h: string; price: string; change_24h: string } }).data;
  };
  const after = await overview();
  expect(after.volume_base_24h, 'the trade is in the 24 h volume').not.toBe(volumeAtLoad);
  await expect.poll(async () => (await headerVolume.getAttribute('data-value')) === (await overview()).volume_base_24h, { timeout: 10_000 }).toBe(true);
  // …and the 24 h change shown with the live price is the server's (compared as numbers: display floats).
  const headerMatchesServer = async () => {
    const o = await overview();
    const price = Number(await page.getByTestId(PAIR_TEST_IDS.headerPrice).getAttribute('data-value'));
    const change = Number(await page.getByTestId(PAIR_TEST_IDS.headerChange).getAttribute('data-value'));
    return Math.abs(price / Number(o.price) - 1) < 1e-9 && Math.abs(change - Number(o.change_24h)) < 1e-9;
  };
  await expect.poll(headerMatchesServer, { timeout: 10_000 }).toBe(true);
  expect(navigations).toEqual([]);
});

test('scrolling left loads older candles', async ({ page, request, baseURL }) => {
  const pair = await busiestPair(request, chainIds());
  await rememberInterval(page, baseURL ?? '', '1m');
  await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
  const initial = await drawnOpenTimes(page, '1m');
  const oldest = async () => Math.min(...(await drawnOpenTimes(page, '1m')));
  // Older candles, not more bars: the live stream also appends a new candle each minute on the right.
  for (let i = 0; i < 12 && (await oldest()) >= Math.min(...initial); i += 1) {
    await dragChartRight(page, 600);
  }
  await expect.poll(oldest).toBeLessThan(Math.min(...initial));
  const all = await drawnOpenTimes(page, '1m');
  expect(new Set(all).size).toBe(all.length);
});

test('markets and pair pages have no serious or critical accessibility violations, light or dark', async ({ page, request }) => {
  const pair = await busiestPair(request, chainIds());
  for (const [colorScheme, path] of (['light', 'dark'] as const).flatMap((s) => [[s, '/markets'], [s, `/markets/${pair.chain_id}/${pair.pair_id}`]] as const)) {
    await page.emulateMedia({ colorScheme });
    await page.goto(path);
    if (path !== '/markets') await expect(chart(page)).toHaveAttribute('data-drawn-at', /\d/);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${path} (${colorScheme})`).toEqual([]);
  }
});

test('without the stream the chart polls, says so, and still moves', async ({ page, request, baseURL }) => {
  const pair = await busiestPair(request, chainIds());
  await page.route('**/v1/market/stream?**', (route) => route.abort('connectionrefused'));
  await rememberInterval(page, baseURL ?? '', '1m');
  await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
  await drawnOpenTimes(page, '1m');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeVisible();
  const before = JSON.stringify(await legendValues(page));
  await buyBase(pair);
  await expect.poll(async () => JSON.stringify(await legendValues(page)), { timeout: 15_000 }).not.toBe(before);
  await page.unroute('**/v1/market/stream?**');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 20_000 });
});

test('the Swap action opens the swap form with this pair, and a base/quote address URL resolves to the pair page', async ({ page, request }) => {
  const busiest = await busiestPair(request, chainIds());
  // A V2 pair and V3 pools can share the two tokens: the address URL names the deepest of them.
  const tokens = (p: PairListing) => [p.base, p.quote].map((a) => a.toLowerCase()).sort().join();
  const pair = (await listPairs(request, busiest.chain_id)).filter((p) => tokens(p) === tokens(busiest))
    .reduce((a, b) => (Number(b.liquidity_usd) > Number(a.liquidity_usd) ? b : a));
  await page.goto(`/markets/${pair.chain_id}?base=${busiest.base}&quote=${busiest.quote}`);
  await expect(page).toHaveURL(new RegExp(`/markets/${pair.chain_id}/${pair.pair_id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pair.pair_name);
  const swap = page.getByRole('link', { name: /^Swap .+ for .+/ });
  const href = new URL((await swap.getAttribute('href')) ?? '', 'http://x');
  expect({ path: href.pathname, chain: href.searchParams.get('chain'), in: href.searchParams.get('in'), out: href.searchParams.get('out') })
    .toEqual({ path: '/', chain: String(pair.chain_id), in: pair.quote, out: pair.base });
});

test.describe('time zone', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('chart times follow the visitor time zone and the UTC toggle, which is remembered', async ({ page, request, baseURL }) => {
    const pair = await busiestPair(request, chainIds());
    await rememberInterval(page, baseURL ?? '', '1h');
    await page.goto(`/markets/${pair.chain_id}/${pair.pair_id}`);
    await drawnOpenTimes(page, '1h');
    await page.mouse.move(0, 0);
    const time = page.getByTestId(PAIR_TEST_IDS.legendTime);
    const hourIn = async (timeZone: string) => {
      const openTime = Number(await time.getAttribute('data-value'));
      return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(openTime * 1000));
    };
    await expect(time).toContainText(await hourIn('Asia/Tokyo'));
    const utc = page.getByRole('button', { name: 'UTC' });
    await expect(utc).toHaveAttribute('aria-pressed', 'false');
    await utc.click();
    await expect(utc).toHaveAttribute('aria-pressed', 'true');
    await expect(time).toContainText(await hourIn('UTC'));
    await page.reload();
    await expect(page.getByRole('button', { name: 'UTC' })).toHaveAttribute('aria-pressed', 'true');
  });
});
