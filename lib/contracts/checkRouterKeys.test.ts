import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, type Address } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { deployUniswap, devAccount, devClients } from '@/lib/devnet/deployUniswap';
import { deploySwapRouter } from '@/lib/devnet/deploySwapRouter';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { checkQuoteSigner, checkRouterKey, disagreementText, logRouterKeyCheck } from './checkRouterKeys';

describe('checkRouterKeys', () => {
  let anvil: Anvil;
  let chain: ChainConfig;
  const signer = devAccount(5).address;
  const attester = devAccount(7).address;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    const c = devClients(31337, anvil.rpcUrl);
    const stack = await deployUniswap(c);
    const router = getAddress(await deploySwapRouter(c, { factory: stack.factory, weth: stack.weth, owner: devAccount(0).address, quoteSigner: signer, feeRecipient: devAccount(8).address, attester }));
    chain = {
      id: 31337, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', nativeDecimals: 18, factory: getAddress(stack.factory), router02: getAddress(stack.router02),
      weth: getAddress(stack.weth), swapRouter: router, stablecoins: [], startBlock: 0, blockTimeSec: 1, tokens: [],
    };
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  it('agrees when the router expects this key; names the chain that expects another, and the one that does not answer', async () => {
    expect(await checkQuoteSigner([chain], signer, 2_000)).toEqual([]);
    const other: Address = devAccount(6).address;
    const down: ChainConfig = { ...chain, id: 31338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:9' };
    const found = await checkQuoteSigner([chain, down], other, 2_000);
    expect(found.map((d) => [d.chainId, d.routerSigner])).toEqual([[31337, signer], [31338, null]]);
    expect(disagreementText(found[0] as (typeof found)[number], other)).toMatch(new RegExp(`chain 31337 \\(Devnet A\\): SwapRouter 0x[0-9a-fA-F]{40} accepts quotes signed by ${signer}, but this service signs with ${other}`));
    expect(disagreementText(found[1] as (typeof found)[number], other)).toMatch(/chain 31338 \(Devnet B\): could not read/);
  });

  it('checks the attester the same way: agrees with the router\'s attester, names the chain whose router expects another', async () => {
    expect(await checkRouterKey([chain], 'attester', attester, 2_000)).toEqual([]);
    const other: Address = devAccount(6).address;
    const found = await checkRouterKey([chain], 'attester', other, 2_000);
    expect(found.map((d) => [d.role, d.chainId, d.routerSigner])).toEqual([['attester', 31337, attester]]);
    expect(disagreementText(found[0] as (typeof found)[number], other)).toMatch(new RegExp(`chain 31337 \\(Devnet A\\): SwapRouter 0x[0-9a-fA-F]{40} accepts attestations signed by ${attester}, but this relayer attests with ${other}.*setAttester`));
  });

  it('logs one error per chain that disagrees, or one line that every chain agrees', async () => {
    const lines: string[] = [];
    const log = { error: (_: object, msg: string) => lines.push(`error ${msg}`), info: (_: object, msg: string) => lines.push(`info ${msg}`) };
    await logRouterKeyCheck([chain], 'attester', attester, 2_000, log);
    await logRouterKeyCheck([chain], 'quoteSigner', devAccount(6).address, 2_000, log);
    expect(lines).toEqual([
      "info attester is the router's attester on every chain",
      expect.stringMatching(/^error quote signer check: chain 31337 \(Devnet A\): SwapRouter 0x[0-9a-fA-F]{40} accepts quotes signed by /),
    ]);
  });
});
