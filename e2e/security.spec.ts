// Browser security: headers on pages and the API, a CSP the app, wagmi and the chart work under through a full swap,
// CORS for an integrator's front end on another origin, and no framing of the swap page by another site.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiToken } from './fixtures/apiToken';
import { watchConsole } from './fixtures/consoleWatch';
import { e2eState } from './fixtures/e2eState';
import { listPairs } from './fixtures/marketPages';
import { connect, firstChain, openSwap, swapNativeFor, tokenBySymbol } from './fixtures/swapPage';

let other: Server;
let otherOrigin = '';

test.beforeAll(async () => {
  // Another site: a page that calls the API from the browser, and one that tries to frame the swap page.
  other = createServer((req, res) => {
    const base = e2eState().baseURL;
    const html = req.url === '/frame' ? `<!doctype html><title>framer</title><iframe id="victim" src="${base}/" width="800" height="600"></iframe>` : '<!doctype html><title>integrator</title><p>integrator front end</p>';
    res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://localhost:${(other.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  other.closeAllConnections();
  await new Promise((resolve) => other.close(resolve));
});

test('pages and the API send the security headers; each page gets its own nonce', async ({ request }) => {
  const policies: string[] = [];
  for (const path of ['/', '/markets', '/activity']) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain('unsafe-eval');
    policies.push(csp);
    // Next put the nonce on its own scripts.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(await res.text(), path).toContain(`nonce="${nonce}"`);
  }
  expect(new Set(policies).size).toBe(policies.length);
  const api = await request.get('/v1/chains');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});

test('a fresh page load shows no console error: no 401 without a session, a favicon, no CSP violation', async ({ page }) => {
  const watch = await watchConsole(page);
  const statuses: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) statuses.push(`${r.status()} ${r.url()}`);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Swap' })).toBeVisible();
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(statuses).toEqual([]);
  expect(watch.errors).toEqual([]);
  expect(await watch.violations()).toEqual([]);
});

test('a full swap and the pair chart run under the CSP without one violation', async ({ page, request }) => {
  const watch = await watchConsole(page);
  await openSwap(page, 8);
  await connect(page);
  await swapNativeFor(page, 'USDC', '0.2');
  const chain = firstChain();
  const pair = (await listPairs(request, chain.id))[0];
  if (!pair) throw new Error(`chain ${chain.id} has no indexed pair`);
  await page.goto(`/markets/${chain.id}/${pair.pair_id}`);
  await expect(page.locator('canvas').first()).toBeVisible();
  await page.waitForTimeout(500);
  expect(await watch.violations()).toEqual([]);
  expect(watch.errors).toEqual([]);
});

test('a page on another origin calls /v1 from the browser: preflight, bearer request, readable rate-limit headers', async ({ page }) => {
  const base = e2eState().baseURL;
  const chain = firstChain();
  const token = await apiToken('cors-integrator', 'quote:indicative');
  await page.goto(otherOrigin);
  const result = await page.evaluate(
    async ({ base, token, body }) => {
      const open = await fetch(`${base}/v1/chains`);
      const quote = await fetch(`${base}/v1/quote/indicative`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': 'cors-test-1' }, body: JSON.stringify(body) });
      const data = (await quote.json()) as { code: number };
      return { open: open.status, quote: quote.status, code: data.code, remaining: quote.headers.get('ratelimit-remaining'), requestId: quote.headers.get('x-request-id') };
    },
    { base, token, body: { src_chain_id: chain.id, dst_chain_id: chain.id, token_in: '0x0000000000000000000000000000000000000000', token_out: tokenBySymbol(chain, 'USDC').address, amount_in: '1000000000000000000' } },
  );
  expect(result).toMatchObject({ open: 200, quote: 200, code: 0, requestId: 'cors-test-1' });
  expect(Number(result.remaining)).toBeGreaterThan(0);
  const preflight = await fetch(`${base}/v1/quote/indicative`, { method: 'OPTIONS', headers: { origin: otherOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
});

test('a page on another origin cannot frame the swap page', async ({ page }) => {
  const watch = await watchConsole(page);
  await page.goto(`${otherOrigin}/frame`);
  await page.waitForTimeout(1_000);
  const victim = page.frames().find((f) => f !== page.mainFrame());
  const heading = victim ? await victim.getByRole('heading', { name: 'Swap' }).count().catch(() => 0) : 0;
  expect(heading).toBe(0);
  expect(watch.errors.join('\n')).toMatch(/frame-ancestors|X-Frame-Options|Refused to (display|frame)/);
});
