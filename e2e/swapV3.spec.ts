// A swap through a Uniswap V3 pool from the swap page on a devnet: the route names the V3 hop and its fee tier, and
// the mined transaction swaps in that pool and pays the trader at least the minimum.
import { expect, test } from '@playwright/test';
import { createPublicClient, decodeEventLog, http, isAddressEqual, type Hash } from 'viem';
import { V3_SWAP } from '@/lib/chainstate/v3Events';
import { actionButton, amountField, balanceOf, connect, expectQuote, firstChain, nextFirmQuote, openSwap, pickToken, signIn, tokenBySymbol } from './fixtures/swapPage';

test('USDC → LINK routes through a V3 pool, shown as "V3 <fee> %", and the swap pays at least the minimum', async ({ page }) => {
  const chain = firstChain();
  const usdc = tokenBySymbol(chain, 'USDC');
  const link = tokenBySymbol(chain, 'LINK');
  // On Devnet A, LINK/USDC is a V3 pool only (0.3 %); over V2 alone it takes two 0.3 % hops through WETH.
  const wallet = await openSwap(page, 1);
  await connect(page);
  await pickToken(page, 'pay', 'USDC');
  await pickToken(page, 'receive', 'LINK');
  await amountField(page).fill('500');
  await expectQuote(page);
  await expect(page.getByTestId('route')).toContainText(/V3 [0-9.]+ %/);
  await signIn(page);

  const [usdcBefore, linkBefore] = await Promise.all([balanceOf(chain, usdc.address, wallet.address), balanceOf(chain, link.address, wallet.address)]);
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  const v3Hops = quote.route.flatMap((leg) => leg.hops).filter((hop) => hop.source === 'uniswap_v3');
  expect(v3Hops.length).toBeGreaterThan(0);

  const review = page.getByRole('dialog', { name: 'Review swap' });
  await review.getByRole('button', { name: 'Enable USDC (one time)' }).click();
  await review.getByRole('button', { name: 'Sign and swap' }).click();
  await expect(review.getByTestId('swap-success')).toContainText(/you received [0-9.,]+ LINK/, { timeout: 30_000 });

  const [usdcAfter, linkAfter] = await Promise.all([balanceOf(chain, usdc.address, wallet.address), balanceOf(chain, link.address, wallet.address)]);
  expect(usdcBefore - usdcAfter).toBe(BigInt(quote.amount_in));
  expect(linkAfter - linkBefore).toBeGreaterThanOrEqual(BigInt(quote.min_amount_out));

  // The mined swap went through each V3 pool the quote named: its receipt carries that pool's V3 Swap event.
  const hash = (await review.getByText(/^Transaction 0x/).getAttribute('title')) as Hash;
  const receipt = await createPublicClient({ transport: http(chain.rpcUrl) }).getTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  const v3Swaps = receipt.logs.filter((log) => {
    try {
      return decodeEventLog({ abi: [V3_SWAP], data: log.data, topics: log.topics }).eventName === 'Swap';
    } catch {
      return false;
    }
  });
  for (const hop of v3Hops) expect(v3Swaps.some((log) => isAddressEqual(log.address, hop.pool))).toBe(true);
});
