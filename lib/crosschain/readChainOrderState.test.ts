import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, zeroAddress, type Hex, type PublicClient } from 'viem';
import { ORDER_STATUS } from '@/lib/contracts/crossChainQuote';
import { destinationSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { devAccount } from '@/lib/devnet/deployUniswap';
import { chainOrderSource } from '@/lib/filler/chainOrderSource';
import { createFiller } from '@/lib/filler/createFiller';
import { countingRpc, type CountingRpc } from '@/test/countingRpc';
import { startCrossChainWorld, type CrossChainWorld, type WorldChain } from '@/test/crossChainWorld';
import { useTempDataDir } from '@/test/tempDataDir';
import { perBlockReads } from './perBlockReads';
import { readChainOrderState, type ChainOrderSides } from './readChainOrderState';

const ORDER_ID = `0x${'ab'.repeat(32)}` as const;
const FILLER = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
const SETTLER = '0x00000000000000000000000000000000000000d5';
const ROUTER = '0x00000000000000000000000000000000000000a1';
const HEAD_HASH = `0x${'11'.repeat(32)}` as const;

/** A client answering readContract and getLogs from the functions given (a throw is an RPC failure). */
const client = (answers: { read: () => unknown; logs?: (range: { fromBlock: bigint; toBlock: bigint }) => unknown[]; head?: bigint }) => ({
  readContract: async () => answers.read(),
  getLogs: async (range: { fromBlock: bigint; toBlock: bigint }) => (answers.logs ?? (() => []))(range),
  getBlockNumber: async () => answers.head ?? 0n,
}) as unknown as PublicClient;
const failing = () => {
  throw new Error('timeout');
};
const filled = () => [FILLER, 2_990_000n, 1_200n, FILLER];

describe('readChainOrderState', () => {
  it('reads the fill with its transaction and the origin state', async () => {
    const state = await readChainOrderState({
      orderId: ORDER_ID,
      dst: { client: client({ read: filled, logs: () => [{ transactionHash: '0xfill' }] }), settler: SETTLER, chainId: 2, head: { block: 10n, hash: HEAD_HASH } },
      origin: { client: client({ read: () => ORDER_STATUS.settled }), router: ROUTER, chainId: 1, head: { block: 20n, hash: HEAD_HASH } },
    }, perBlockReads());
    expect(state).toEqual({ origin: 'settled', fill: { filler: FILLER, amountOut: 2_990_000n, filledAt: 1_200, txHash: '0xfill' } });
  });

  it('a fill read while the follower\'s head is unknown still comes with its transaction, looked up to the latest block', async () => {
    const ranges: { fromBlock: bigint; toBlock: bigint }[] = [];
    const state = await readChainOrderState({
      orderId: ORDER_ID,
      dst: { client: client({ read: filled, head: 7_000n, logs: (range) => { ranges.push(range); return [{ transactionHash: '0xfill' }]; } }), settler: SETTLER, chainId: 2, head: undefined },
      origin: { client: client({ read: () => ORDER_STATUS.opened }), router: ROUTER, chainId: 1, head: undefined },
    }, perBlockReads());
    expect(state.fill?.txHash).toBe('0xfill');
    expect(ranges).toEqual([{ address: SETTLER, event: expect.anything(), args: { orderId: ORDER_ID }, fromBlock: 2_000n, toBlock: 7_000n }]);
  });

  it('an unfilled order has no fill; a side that does not answer is left out, and so is a log query that fails', async () => {
    const unfilled = await readChainOrderState({
      orderId: ORDER_ID,
      dst: { client: client({ read: () => [zeroAddress, 0n, 0n, zeroAddress] }), settler: SETTLER, chainId: 2, head: { block: 10n, hash: HEAD_HASH } },
      origin: { client: client({ read: () => ORDER_STATUS.opened }), router: ROUTER, chainId: 1, head: { block: 20n, hash: HEAD_HASH } },
    }, perBlockReads());
    expect(unfilled).toEqual({ origin: 'opened' });
    const down = await readChainOrderState({
      orderId: ORDER_ID,
      dst: { client: client({ read: failing }), settler: SETTLER, chainId: 2, head: { block: 10n, hash: HEAD_HASH } },
      origin: { client: client({ read: failing }), router: ROUTER, chainId: 1, head: { block: 20n, hash: HEAD_HASH } },
    }, perBlockReads());
    expect(down).toEqual({});
    const noLogs = await readChainOrderState({
      orderId: ORDER_ID,
      dst: { client: client({ read: filled, logs: failing }), settler: SETTLER, chainId: 2, head: { block: 10n, hash: HEAD_HASH } },
      origin: { client: client({ read: failing }), router: ROUTER, chainId: 1, head: { block: 20n, hash: HEAD_HASH } },
    }, perBlockReads());
    expect(noLogs).toEqual({ fill: { filler: FILLER, amountOut: 2_990_000n, filledAt: 1_200, txHash: null } });
  });
});

describe('status polls of one order on two devnets', () => {
  const USDC = 1_000_000n;
  const POLLS = 25;
  let tmp: ReturnType<typeof useTempDataDir>;
  let world: CrossChainWorld;
  let A: WorldChain;
  let B: WorldChain;
  let relays: [CountingRpc, CountingRpc];

  const headOf = async (chain: WorldChain) => {
    const { number, hash } = await chain.client.getBlock({ blockTag: 'latest' });
    return { block: number, hash };
  };
  const fillerOf = () => createFiller({
    account: devAccount(2),
    chains: world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl })),
    source: chainOrderSource(world.chains.map((c) => ({ id: c.id, rpcUrl: c.rpcUrl, router: c.router })), 'http://127.0.0.1:9'),
    minProfitBps: 0, nativeUsdCents: 300_000n, pollMs: 100,
  });

  beforeAll(async () => {
    tmp = useTempDataDir({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    world = await startCrossChainWorld(tmp.dir);
    [A, B] = world.chains;
    relays = [await countingRpc(A.rpcUrl), await countingRpc(B.rpcUrl)];
  }, 240_000);
  afterAll(async () => {
    await Promise.all((relays ?? []).map((r) => r.close()));
    await world?.stop();
    tmp?.cleanup();
  });

  it(`${POLLS} concurrent polls in one block make one read per chain, and the next block one more`, async () => {
    const [relayA, relayB] = relays;
    const viaRelay = (relay: CountingRpc) => createPublicClient({ transport: http(relay.url) }) as PublicClient;
    const order = await world.openOrder({ src: A, dst: B, amountIn: 20n * USDC, fillWindowSec: 300 });
    const sides = async (): Promise<ChainOrderSides> => ({
      orderId: order.orderId,
      dst: { chainId: B.id, client: viaRelay(relayB), settler: B.settler, head: await headOf(B) },
      origin: { chainId: A.id, client: viaRelay(relayA), router: A.router, head: await headOf(A) },
    });
    const poll = async (at: ChainOrderSides) => Promise.all(Array.from({ length: POLLS }, () => readChainOrderState(at)));
    const reads = () => ({ originCalls: relayA.count('eth_call'), dstCalls: relayB.count('eth_call'), dstLogs: relayB.count('eth_getLogs') });

    relayA.reset();
    relayB.reset();
    const open = await poll(await sides());
    expect(open).toEqual(Array.from({ length: POLLS }, () => ({ origin: 'opened' })));
    expect(reads()).toEqual({ originCalls: 1, dstCalls: 1, dstLogs: 0 });

    // Another filler fills it: the destination's next block shows the fill, read once for all polls.
    await fillerOf().pass();
    const [fillLog] = await B.client.getContractEvents({ address: B.settler, abi: destinationSettlerAbi, eventName: 'Filled', args: { orderId: order.orderId }, fromBlock: 0n });
    expect(fillLog?.transactionHash).toBeDefined();
    await world.rpc(A, 'evm_mine');
    relayA.reset();
    relayB.reset();
    const filled = await poll(await sides());
    expect(new Set(filled.map((s) => JSON.stringify(s, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))).size).toBe(1);
    expect(filled[0]).toMatchObject({ origin: 'opened', fill: { filler: devAccount(2).address, txHash: fillLog?.transactionHash as Hex } });
    expect(reads()).toEqual({ originCalls: 1, dstCalls: 1, dstLogs: 1 });
  }, 120_000);

  it('a same-height reorg that drops the fill: the polls of the new block read it anew and see no fill', async () => {
    const order = await world.openOrder({ src: A, dst: B, amountIn: 20n * USDC, fillWindowSec: 300 });
    const sides = async (): Promise<ChainOrderSides> => ({
      orderId: order.orderId,
      dst: { chainId: B.id, client: B.client, settler: B.settler, head: await headOf(B) },
      origin: { chainId: A.id, client: A.client, router: A.router, head: await headOf(A) },
    });
    const reads = perBlockReads();
    const start = await headOf(B);
    const snapshot = (await world.rpc(B, 'evm_snapshot')) as string;
    await fillerOf().pass();
    const filledAt = await sides();
    expect((await readChainOrderState(filledAt, reads)).fill).toBeDefined();
    // The blocks that held the fill are replaced by empty ones up to the same height.
    await world.rpc(B, 'evm_revert', [snapshot]);
    for (let n = start.block; n < (filledAt.dst.head?.block ?? 0n); n++) await world.rpc(B, 'evm_mine');
    const reorged = await sides();
    expect(reorged.dst.head?.block).toBe(filledAt.dst.head?.block);
    expect(reorged.dst.head?.hash).not.toBe(filledAt.dst.head?.hash);
    expect(await readChainOrderState(reorged, reads)).toEqual({ origin: 'opened' });
  }, 120_000);
});
