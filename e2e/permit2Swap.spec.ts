// USDC → ETH through Permit2 from a fresh account: the one-time "Enable USDC" transaction, then "Sign and swap" (one
// signature, one transaction); a second swap asks no approval at all. Then the approvals page revokes Permit2's approval.
import { expect, test, type Page } from '@playwright/test';
import { createPublicClient, createWalletClient, http, maxUint256, numberToHex, parseEther, parseUnits, parseEventLogs, type Address, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { devAccount, devnetChain, POLLING_MS } from '@/lib/devnet/deployUniswap';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { actionButton, allowanceOf, amountField, connect, expectQuote, firstChain, nextFirmQuote, openSwap, pickToken, signIn, tokenBySymbol } from './fixtures/swapPage';
import type { TestWallet } from './fixtures/testWallet';

const WIDTHS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** A new key with a little ETH for gas and 10,000 USDC: nothing it holds or approved comes from another spec. */
async function freshTrader(chain: ChainConfig, usdc: Address) {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: POLLING_MS });
  await client.request({ method: 'anvil_setBalance' as never, params: [account.address, numberToHex(parseEther('0.05'))] as never });
  const minter = createWalletClient({ chain: devnetChain(chain.id, chain.rpcUrl), transport: http(chain.rpcUrl), account: devAccount(0), pollingInterval: POLLING_MS });
  const hash = await minter.writeContract({ address: usdc, abi: testERC20Abi, functionName: 'mint', args: [account.address, parseUnits('10000', 6)] });
  await client.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  return { account, client };
}

function review(page: Page) {
  return page.getByRole('dialog', { name: 'Review swap' });
}

const count = (wallet: TestWallet, method: string, from = 0) => wallet.calls.slice(from).filter((m) => m === method).length;

/**
 * What the swap paid the trader in ETH, read from the chain: the balance change across the swap's block plus the
 * swap's own gas (the trader sends nothing else in that block), and the router's QuoteFilled amount for the same swap.
 */
async function ethReceived(client: ReturnType<typeof createPublicClient>, trader: Address, hash: Hash) {
  const receipt = await client.getTransactionReceipt({ hash });
  const [before, after] = await Promise.all([
    client.getBalance({ address: trader, blockNumber: receipt.blockNumber - 1n }),
    client.getBalance({ address: trader, blockNumber: receipt.blockNumber }),
  ]);
  const filled = parseEventLogs({ abi: swapRouterAbi, logs: receipt.logs, eventName: 'QuoteFilled' })[0];
  return { byBalance: after - before + receipt.gasUsed * receipt.effectiveGasPrice, byEvent: filled?.args.amountOut };
}

async function swapUsdcForEth(page: Page, amount: string, size: (typeof WIDTHS)[number], shot: (name: string) => string, first: boolean) {
  await amountField(page).fill(amount);
  await expectQuote(page);
  const firm = nextFirmQuote(page);
  await actionButton(page).click();
  const quote = await firm;
  const dialog = review(page);
  await expect(dialog.getByTestId('firm-min-out')).toContainText('ETH');
  await expect(dialog.getByTestId('quote-countdown')).toHaveText(/^\d+ s$/);
  if (first) {
    const enable = dialog.getByRole('button', { name: 'Enable USDC (one time)' });
    await expect(enable).toBeInViewport();
    await page.screenshot({ path: shot(`permit2-enable-${size.name}.png`) });
    await enable.click();
  }
  const signAndSwap = dialog.getByRole('button', { name: 'Sign and swap' });
  await expect(signAndSwap).toBeEnabled({ timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: /^Enable|^Approve/ })).toHaveCount(0);
  if (first) await page.screenshot({ path: shot(`permit2-sign-${size.name}.png`) });
  await signAndSwap.click();
  await expect(dialog.getByTestId('swap-success')).toContainText(/you received [0-9.,]+ ETH/, { timeout: 30_000 });
  const hash = (await dialog.getByText(/^Transaction 0x/).getAttribute('title')) as Hash;
  await dialog.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: /^Close$/ }).click();
  await expect(dialog).toBeHidden();
  return { quote, hash };
}

for (const size of WIDTHS) {
  test(`USDC → ETH through Permit2 at ${size.width} px: enable once, sign and swap; the second swap is one signature and one transaction`, async ({ page }, info) => {
    const chain = firstChain();
    const usdc = tokenBySymbol(chain, 'USDC');
    const { account, client } = await freshTrader(chain, usdc.address);
    await page.setViewportSize({ width: size.width, height: size.height });
    const wallet = await openSwap(page, account);
    await connect(page);
    await pickToken(page, 'pay', 'USDC');
    await pickToken(page, 'receive', 'ETH');
    await amountField(page).fill('1000');
    await expectQuote(page);
    await signIn(page);
    const shot = (name: string) => info.outputPath(name);

    // First swap: the enable transaction, one signature, the swap transaction.
    const firstFrom = wallet.calls.length;
    const one = await swapUsdcForEth(page, '1000', size, shot, true);
    expect(one.quote.permit2).toBeDefined();
    expect(one.quote.allowance_target).toBe(chain.permit2);
    expect(count(wallet, 'eth_sendTransaction', firstFrom)).toBe(2);
    expect(count(wallet, 'eth_signTypedData_v4', firstFrom)).toBe(1);
    const paid1 = await ethReceived(client, account.address, one.hash);
    expect(paid1.byEvent).toBe(paid1.byBalance);
    expect(paid1.byBalance).toBeGreaterThanOrEqual(BigInt(one.quote.min_amount_out));
    // Permit2 keeps its unlimited approval; the router itself was never approved.
    expect(await allowanceOf(chain, usdc.address, account.address, chain.permit2 as Address)).toBe(maxUint256);
    expect(await allowanceOf(chain, usdc.address, account.address, one.quote.router_address)).toBe(0n);

    // Second swap: no approval, one signature, one transaction.
    const secondFrom = wallet.calls.length;
    const nonceBefore = await client.getTransactionCount({ address: account.address });
    const usdcBefore = await client.readContract({ address: usdc.address, abi: testERC20Abi, functionName: 'balanceOf', args: [account.address] });
    const two = await swapUsdcForEth(page, '500', size, shot, false);
    expect(count(wallet, 'eth_sendTransaction', secondFrom)).toBe(1);
    expect(count(wallet, 'eth_signTypedData_v4', secondFrom)).toBe(1);
    expect(await client.getTransactionCount({ address: account.address })).toBe(nonceBefore + 1);
    const usdcAfter = await client.readContract({ address: usdc.address, abi: testERC20Abi, functionName: 'balanceOf', args: [account.address] });
    expect(usdcBefore - usdcAfter).toBe(BigInt(two.quote.amount_in));
    const paid2 = await ethReceived(client, account.address, two.hash);
    expect(paid2.byBalance).toBeGreaterThanOrEqual(BigInt(two.quote.min_amount_out));

    // The approvals page, from the account menu: Permit2's approval of USDC is listed and revoked.
    await page.getByTestId('account-button').click();
    await page.getByRole('link', { name: 'Approvals' }).click();
    await expect(page.getByRole('heading', { name: 'Approvals' })).toBeVisible();
    const row = page.getByRole('listitem', { name: 'USDC · Permit2' });
    await expect(row.getByTestId('approval-amount')).toHaveText('Unlimited USDC');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: shot(`approvals-${size.name}.png`), fullPage: true });
    const revokeFrom = wallet.calls.length;
    await row.getByRole('button', { name: 'Revoke USDC · Permit2' }).click();
    await expect(row).toHaveCount(0, { timeout: 20_000 });
    expect(count(wallet, 'eth_sendTransaction', revokeFrom)).toBe(1);
    expect(await allowanceOf(chain, usdc.address, account.address, chain.permit2 as Address)).toBe(0n);
    await expect(page.getByTestId('approvals-empty')).toBeVisible();
  });
}
