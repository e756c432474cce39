// /docs: the API reference from the live document; a visitor pastes a token and tries an indicative quote.
import { expect, test } from '@playwright/test';
import { apiToken } from './fixtures/apiToken';
import { watchConsole } from './fixtures/consoleWatch';

test('/docs lists the four seed endpoints, and "try it" with a pasted token gets an indicative quote', async ({ page }) => {
  const watch = await watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'API reference' })).toBeVisible();
  await expect(page.getByText('npm run token -- --sub my-bot')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Indicative quote/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /^Firm quote\b/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Open Group - market' }).click();
  await expect(page.getByRole('link', { name: /^Pair overview/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^K-line series of a pair/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/docs-1440.png' });

  await page.getByRole('link', { name: /^Indicative quote/ }).click();
  await page.getByRole('textbox', { name: 'Bearer Token' }).first().fill(await apiToken('docs-try-it', 'quote:indicative'));
  await page.getByRole('button', { name: /Test Request.*\/v1\/quote\/indicative/ }).click();
  const client = page.getByRole('dialog');
  const answer = page.waitForResponse((r) => r.url().endsWith('/v1/quote/indicative') && r.request().method() === 'POST');
  await client.getByRole('button', { name: /^Send post request to .*\/v1\/quote\/indicative$/ }).click();
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { data: { amount_out: string } }).data.amount_out).toMatch(/^[1-9][0-9]*$/);
  await expect(client.getByText('amount_out').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/docs-try-it-1440.png' });
  expect(await watch.violations()).toEqual([]);

  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'API reference' })).toBeVisible();
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: 'test-results/docs-375.png' });
});

test('/docs at 375 px: the request panel\'s Send button is on screen and sends', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'API reference' })).toBeVisible();
  const operation = page.getByRole('link', { name: /^Indicative quote/ });
  // At 375 px the operations sit behind the reference's menu button.
  if (!(await operation.isVisible({ timeout: 30_000 }).catch(() => false))) await page.getByRole('button', { name: /menu/i }).first().click();
  await operation.click();
  await page.getByRole('textbox', { name: 'Bearer Token' }).first().fill(await apiToken('docs-try-it-375', 'quote:indicative'));
  await page.getByRole('button', { name: /Test Request.*\/v1\/quote\/indicative/ }).click();
  const client = page.getByRole('dialog');
  const send = client.getByRole('button', { name: /^Send post request to .*\/v1\/quote\/indicative$/ });
  await expect(send).toBeVisible();
  const box = await send.boundingBox();
  expect(box, 'the Send button has a box').not.toBeNull();
  expect(box?.x ?? -1, 'Send starts on screen').toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), 'Send ends on screen').toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/docs-try-it-375.png' });
  const answer = page.waitForResponse((r) => r.url().endsWith('/v1/quote/indicative') && r.request().method() === 'POST');
  // A real click at its centre: fails when another element covers the button.
  await send.click({ trial: true });
  await send.click();
  expect((await answer).status()).toBe(200);
});
