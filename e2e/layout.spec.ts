import { expect, test } from '@playwright/test';
import { e2eState } from './fixtures/e2eState';

test('the production app shows its header and each devnet block number read through wagmi', async ({ page }) => {
  const { chains } = e2eState();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Swap' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Markets' })).toBeVisible();
  for (const chain of chains) {
    const rpc = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    });
    const head = Number.parseInt(((await rpc.json()) as { result: string }).result, 16);
    const shown = page.getByTestId(`block-number-${chain.id}`);
    await expect
      .poll(async () => Number(/#(\d+)/.exec((await shown.textContent()) ?? '')?.[1] ?? -1), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(head);
  }
});
