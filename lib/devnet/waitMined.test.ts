import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { devAccount, devClients, type DevClients } from './deployUniswap';
import { startAnvil, type Anvil } from './startAnvil';
import { waitMined } from './waitMined';

describe('waitMined on anvil', () => {
  let anvil: Anvil;
  let c: DevClients;
  const rpc = (method: string, params: unknown[] = []) => c.publicClient.request({ method: method as never, params: params as never });
  const sendHeld = async (): Promise<Hex> => c.wallet(1).sendTransaction({ to: devAccount(2).address, value: 1n, account: devAccount(1), chain: c.chain });

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    c = devClients(31337, anvil.rpcUrl);
  });
  afterAll(async () => anvil?.stop());
  beforeEach(async () => {
    await rpc('evm_setAutomine', [true]);
    await rpc('evm_setAutomine', [false]);
  });

  it('answers the receipt once someone else mines the transaction', async () => {
    const hash = await sendHeld();
    const receipt = waitMined(c.publicClient, hash, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    await rpc('evm_mine');
    const mined = await receipt;
    expect(mined.status).toBe('success');
    expect(mined.transactionHash).toBe(hash);
    expect(mined.blockNumber).toBe(await c.publicClient.getBlockNumber());
  });

  it('leaves a chain whose automine is paused alone, and says so when it gives up', async () => {
    const hash = await sendHeld();
    const started = Date.now();
    await expect(waitMined(c.publicClient, hash, 2_500)).rejects.toThrow(`transaction ${hash} was not mined within 2500 ms`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    // Still pending: nothing mined a block for it behind the test's back.
    expect(await rpc('txpool_status')).toEqual({ pending: '0x1', queued: '0x0' });
    await rpc('evm_mine');
  });

  it('reports a transaction the node dropped at once instead of waiting out its timeout', async () => {
    const hash = await sendHeld();
    await rpc('anvil_dropTransaction', [hash]);
    const started = Date.now();
    await expect(waitMined(c.publicClient, hash, 30_000)).rejects.toThrow('it was dropped');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
