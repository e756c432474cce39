// The markets page in a real Chromium against a running server (BASE_URL, e.g. a stack started with `--pools 2000`):
// per viewport (375 and 1440 px), in interleaved rounds, navigation → first table row visible, what the document
// weighed on the wire, and typing a search → the server's rows shown (table no longer busy); screenshots of each.
// Usage: BASE_URL=http://127.0.0.1:3000 npm run bench:markets-page -- [--rounds 5] [--search usd] [--shots DIR]
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { percentile } from './httpRounds';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]?.replace(/^--/, '') ?? '', process.argv[i + 1] ?? '');
const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const ROUNDS = Number(args.get('rounds') ?? 5);
const SEARCH = args.get('search') ?? 'usd';
const SHOTS = args.get('shots') ?? 'test-results/markets-page';
const WIDTHS = [375, 1440] as const;
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

type Round = { firstRowMs: number; fcpMs: number; documentKiB: number; rows: number; total: string; searchMs: number; searchRows: number };

async function measure(page: Page, width: number, shoot: boolean): Promise<Round> {
  const started = performance.now();
  await page.goto(`${BASE_URL}/markets`, { waitUntil: 'commit' });
  const table = page.getByRole('table', { name: /Markets/ });
  await table.locator('tbody tr').first().waitFor({ state: 'visible' });
  const firstRowMs = performance.now() - started;
  await page.waitForLoadState('load');
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { transfer: n?.transferSize ?? 0, fcp: fcp?.startTime ?? -1 };
  });
  const rows = await table.locator('tbody tr').count();
  const total = ((await table.locator('caption').textContent()) ?? '').replace(/\D+/g, ' ').trim();
  if (shoot) await page.screenshot({ path: path.join(SHOTS, `markets-${width}.png`), fullPage: false });
  // Typing → the server's answer in the table (its aria-busy goes true, then false), timed inside the page.
  await page.evaluate(() => {
    const w = window as unknown as { typedAt?: number; settledAt?: number };
    const t = document.querySelector('table');
    const input = document.querySelector('input[type="search"]');
    if (!t || !input) throw new Error('no markets table or search box');
    let busy = false;
    new MutationObserver(() => {
      if (t.getAttribute('aria-busy') === 'true') busy = true;
      else if (busy && w.settledAt === undefined) w.settledAt = performance.now();
    }).observe(t, { attributes: true, attributeFilter: ['aria-busy'] });
    input.addEventListener('input', () => { w.typedAt ??= performance.now(); }, { capture: true });
  });
  await page.getByLabel('Search pairs').fill(SEARCH);
  await page.waitForFunction(() => (window as unknown as { settledAt?: number }).settledAt !== undefined);
  const searchMs = await page.evaluate(() => {
    const w = window as unknown as { typedAt?: number; settledAt?: number };
    return (w.settledAt ?? Number.NaN) - (w.typedAt ?? Number.NaN);
  });
  const searchRows = await table.locator('tbody tr').count();
  if (shoot) await page.screenshot({ path: path.join(SHOTS, `markets-${width}-search.png`), fullPage: false });
  return { firstRowMs, fcpMs: nav.fcp, documentKiB: nav.transfer / 1024, rows, total, searchMs, searchRows };
}

const median = (v: number[]) => percentile([...v].sort((a, b) => a - b), 50);
const range = (v: number[]) => `${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)}`;

mkdirSync(SHOTS, { recursive: true });
const browser = await chromium.launch(existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] }
  : {});
const { loadavg } = await import('node:os');
console.log(`load average at start: ${loadavg()[0]?.toFixed(2)}; ${BASE_URL}/markets, ${ROUNDS} rounds per width, search "${SEARCH}"`);
try {
  const results = new Map<number, Round[]>(WIDTHS.map((w) => [w, []]));
  // One warm-up visit per width (the server's first figures, the browser's cache of scripts), not counted.
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await measure(await context.newPage(), width, false);
    await context.close();
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const width of round % 2 === 0 ? WIDTHS : [...WIDTHS].reverse()) {
      // A fresh context per visit: a first visit's document, scripts from the HTTP cache of nothing.
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const r = await measure(await context.newPage(), width, round === ROUNDS - 1);
      await context.close();
      results.get(width)?.push(r);
      console.log(`  round ${round + 1} ${String(width).padStart(4)} px: first row ${r.firstRowMs.toFixed(0)} ms (FCP ${r.fcpMs.toFixed(0)} ms), document ${r.documentKiB.toFixed(1)} KiB, ${r.rows} rows of ${r.total}; search → rows ${r.searchMs.toFixed(0)} ms (${r.searchRows} rows)`);
    }
  }
  console.table([...results].map(([width, rs]) => ({
    width: `${width} px`,
    'navigation → first row ms, median (range)': `${median(rs.map((r) => r.firstRowMs)).toFixed(0)} (${range(rs.map((r) => r.firstRowMs))})`,
    'FCP ms': median(rs.map((r) => r.fcpMs)).toFixed(0),
    'document KiB (wire)': median(rs.map((r) => r.documentKiB)).toFixed(1),
    'typing → search rows ms, median (range)': `${median(rs.map((r) => r.searchMs)).toFixed(0)} (${range(rs.map((r) => r.searchMs))})`,
    'rows shown / pairs': `${rs[0]?.rows ?? 0} / ${rs[0]?.total ?? '?'}`,
  })));
  console.log(`screenshots in ${SHOTS}; load average at end: ${loadavg()[0]?.toFixed(2)}`);
} finally {
  await browser.close();
}
