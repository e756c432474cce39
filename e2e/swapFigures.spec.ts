// Prints the swap page's figures: quote requests (streams opened) and time to the final quote when typing "1234.5" at
// one key per 60 ms, and the quote requests of an idle page per minute.
// A figure, not a pass/fail speed target: the spec asserts only that the last quote asked is for the amount typed.
import { expect, test } from '@playwright/test';
import { parseUnits } from 'viem';
import { amountField, expectQuote, openSwap } from './fixtures/swapPage';

const KEY_DELAY_MS = 60;
const TYPED = '1234.5';

test('figures: typing "1234.5" at 60 ms per key', async ({ page }) => {
  await openSwap(page, 7);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/quote\/(indicative|stream)$/.test(r.url())) asked.push((JSON.parse(r.postData() ?? '{}') as { amount_in?: string }).amount_in ?? '?');
  });
  // Measured in the page: the last keydown, then the first time after it that the receive field shows a number.
  await page.evaluate((keys) => {
    const w = window as unknown as { __keys: number; __lastKeyAt: number; __quoteAt: number };
    Object.assign(w, { __keys: 0, __lastKeyAt: 0, __quoteAt: 0 });
    document.addEventListener('keydown', () => {
      w.__keys += 1;
      w.__lastKeyAt = performance.now();
    }, true);
    const out = document.querySelector('[data-testid="receive-amount"]');
    if (!out) throw new Error('no receive field');
    new MutationObserver(() => {
      const text = out.textContent ?? '';
      if (w.__keys === keys && w.__quoteAt === 0 && /^[0-9][0-9,]*(\.[0-9]+)?$/.test(text) && text !== '0') w.__quoteAt = performance.now();
    }).observe(out, { childList: true, characterData: true, subtree: true });
  }, TYPED.length);
  await amountField(page).click();
  await amountField(page).pressSequentially(TYPED, { delay: KEY_DELAY_MS });
  await expectQuote(page);
  const requests = asked.length;
  const { lastKeyAt, quoteAt } = await page.evaluate(() => {
    const w = window as unknown as { __lastKeyAt: number; __quoteAt: number };
    return { lastKeyAt: w.__lastKeyAt, quoteAt: w.__quoteAt };
  });
  console.log(`FIGURE indicative requests while typing "${TYPED}" at ${KEY_DELAY_MS} ms/key: ${requests} (amounts: ${asked.join(', ')})`);
  console.log(`FIGURE last keystroke → final quote on screen: ${Math.round(quoteAt - lastKeyAt)} ms`);
  expect(asked.at(-1)).toBe(parseUnits(TYPED, 18).toString());
});

const IDLE_WATCH_MS = 30_000;

test('figures: quote requests per minute of an idle swap page', async ({ page }) => {
  await openSwap(page, 7);
  await amountField(page).fill('0.25');
  await expectQuote(page);
  // The form's quote (streams, or indicative requests for the typed amount) apart from the dollar figures' prices
  // (indicative quotes of one whole token, every 30 s).
  const form: string[] = [];
  const dollar: string[] = [];
  page.on('request', (r) => {
    if (!/\/v1\/quote\/(indicative|stream)$/.test(r.url())) return;
    const amountIn = (JSON.parse(r.postData() ?? '{}') as { amount_in?: string }).amount_in;
    (r.url().endsWith('/v1/quote/stream') || amountIn === parseUnits('0.25', 18).toString() ? form : dollar).push(r.url());
  });
  await page.waitForTimeout(IDLE_WATCH_MS);
  const perMinute = (n: number) => (n * 60_000) / IDLE_WATCH_MS;
  console.log(`FIGURE quote requests of an idle swap page for its quote: ${perMinute(form.length)} per minute (${form.length} in ${IDLE_WATCH_MS / 1000} s); for its dollar figures: ${perMinute(dollar.length)} per minute`);
  await expectQuote(page);
});
