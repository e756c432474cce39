// Prints the swap page's figures: indicative requests and time to the final quote when typing "1234.5" at one key per 60 ms.
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
    if (r.url().endsWith('/v1/quote/indicative')) asked.push((JSON.parse(r.postData() ?? '{}') as { amount_in?: string }).amount_in ?? '?');
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
