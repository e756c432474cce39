import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { ChainsResponse } from '@/lib/api/endpoints/chainsEndpoint';
import { HealthResponse } from '@/lib/api/endpoints/healthEndpoint';
import { registerIndexerCheckpoint, registerRelayerStatus, type RelayerChainStatus } from '@/lib/api/healthChecks';
import { freePort, startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { useTempDataDir } from '@/test/tempDataDir';
import { GET as getChains, POST as postChains } from '../chains/route';
import { GET } from './route';

// Generous for a loaded machine (a first call to a fresh anvil beside other suites), still a bound the silent node must hit.
const RPC_TIMEOUT_MS = 1_500;
const addr = (byte: string) => `0x${byte.repeat(20)}`;
const chain = (id: number, name: string, rpcUrl: string) => ({
  id, name, rpcUrl, nativeSymbol: 'ETH', factory: addr('11'), router02: addr('22'), weth: addr('33'), swapRouter: addr('44'),
  tokens: [{ address: addr('55'), symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
});

type HealthJson = { code: number; msg: string; data: HealthResponse | null; error?: { type: string; chains: HealthResponse['chains']; retryable: boolean } };

describe('GET /v1/health and /v1/chains against a real anvil', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let anvil: Anvil;
  let silent: Server;
  const sockets = new Set<Socket>();
  let silentUrl = '';
  let closedUrl = '';
  let mtime = 1_000_000;

  function writeChains(chains: ReturnType<typeof chain>[]): void {
    const file = path.join(tmp.dir, 'chains.json');
    writeFileSync(file, JSON.stringify({ chains }));
    utimesSync(file, mtime, ++mtime);
  }
  const health = async () => {
    const res = await GET(new Request('http://test/v1/health'));
    return { res, body: (await res.json()) as HealthJson };
  };
  const rpc = (method: string, params: unknown[] = []) =>
    fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });

  beforeAll(async () => {
    tmp = useTempDataDir({ RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS), HEALTH_MAX_INDEXER_LAG_BLOCKS: '5', HEALTH_MAX_RELAYER_LAG_BLOCKS: '5', RELAYER_CONFIRMATIONS: '2' });
    anvil = await startAnvil({ chainId: 31337 });
    // A node that accepts connections and never answers: health must give up after RPC_TIMEOUT_MS.
    silent = createServer((s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    silentUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    closedUrl = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(async () => {
    registerIndexerCheckpoint(undefined);
    await anvil?.stop();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
    tmp?.cleanup();
  });

  it('answers 200 with the latest block of every chain, following new blocks', async () => {
    writeChains([chain(31337, 'Devnet A', anvil.rpcUrl)]);
    const first = await health();
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    const data = HealthResponse.parse(first.body.data);
    expect(data.status).toBe('ok');
    expect(data.chains).toHaveLength(1);
    // The store answers; no REDIS_URL here, so no Redis row; no job has taken a lease in this store.
    expect(data.services).toMatchObject({ store: { ok: true }, redis: null, jobs: [] });
    const before = data.chains[0]?.block_number ?? -1;
    await rpc('anvil_mine', ['0x3']);
    const after = HealthResponse.parse((await health()).body.data).chains[0]?.block_number;
    expect(after).toBe(before + 3);
  });

  it('answers 503 CHAIN_UNAVAILABLE naming a chain whose RPC hangs or is down, without its URL', async () => {
    writeChains([chain(31337, 'Devnet A', anvil.rpcUrl), chain(1001, 'Silent', silentUrl), chain(1002, 'Closed', closedUrl)]);
    const { res, body } = await health();
    expect(res.status).toBe(503);
    expect(body.code).toBe(50300);
    expect(body.error?.type).toBe('CHAIN_UNAVAILABLE');
    expect(body.error?.retryable).toBe(true);
    expect(body.msg).toContain(`chain 1001 (Silent): RPC did not answer within ${RPC_TIMEOUT_MS} ms`);
    expect(body.msg).toContain('chain 1002 (Closed): RPC is unreachable');
    expect(JSON.stringify(body)).not.toContain('127.0.0.1');
    const rows = body.error?.chains ?? [];
    expect(rows.map((r) => [r.chain_id, r.ok])).toEqual([[31337, true], [1001, false], [1002, false]]);
  });

  it('plugs in the indexer checkpoint: caught up is 200, lagging or not started is 503', async () => {
    writeChains([chain(31337, 'Devnet A', anvil.rpcUrl)]);
    let lag = 0;
    let started = true;
    registerIndexerCheckpoint(async () => {
      if (!started) return null;
      const head = BigInt(((await (await rpc('eth_blockNumber')).json()) as { result: string }).result);
      return head - BigInt(lag);
    });
    const ok = await health();
    expect(ok.res.status).toBe(200);
    expect(ok.body.data?.chains[0]).toMatchObject({ ok: true, indexer_lag_blocks: 0 });
    lag = 6;
    const behind = await health();
    expect(behind.res.status).toBe(503);
    expect(behind.body.msg).toContain('indexer lags 6 blocks behind (at most 5 allowed)');
    expect(behind.body.error?.chains[0]).toMatchObject({ ok: false, indexer_lag_blocks: 6 });
    started = false;
    expect((await health()).body.msg).toContain('indexer has not started');
    registerIndexerCheckpoint(undefined);
    expect((await health()).res.status).toBe(200);
  });

  it('plugs in the relayer: inventory and pending orders per chain; lagging is 503, not started is shown; chains without cross-chain have no row', async () => {
    writeChains([chain(31337, 'Devnet A', anvil.rpcUrl)]);
    let status: RelayerChainStatus | undefined = { scannedBlock: null, bridgeInventory: 2_000_000_000_000n, nativeInventory: 10n ** 20n, pendingFills: 2, pendingSettlements: 1 };
    registerRelayerStatus(async () => status);
    const head = async () => Number(BigInt(((await (await rpc('eth_blockNumber')).json()) as { result: string }).result));
    try {
      const notStarted = await health();
      expect(notStarted.res.status).toBe(200);
      expect(notStarted.body.data?.chains[0]).toMatchObject({ ok: true, relayer: { scanned_block: null, lag_blocks: null, pending_fills: 2 } });
      status = { ...status, scannedBlock: await head() };
      const ok = await health();
      expect(ok.res.status).toBe(200);
      expect(HealthResponse.parse(ok.body.data).chains[0]?.relayer).toEqual({
        scanned_block: await head(), lag_blocks: 0, bridge_inventory: '2000000000000', native_inventory: '100000000000000000000', pending_fills: 2, pending_settlements: 1,
      });
      status = { ...status, scannedBlock: (await head()) - 8 };
      const behind = await health();
      expect(behind.res.status).toBe(503);
      expect(behind.body.msg).toContain('relayer lags 8 blocks behind (at most 7 allowed)');
      expect(behind.body.error?.chains[0]).toMatchObject({ ok: false, relayer: { lag_blocks: 8, pending_fills: 2 } });
      status = undefined;
      const none = await health();
      expect(none.res.status).toBe(200);
      expect(none.body.data?.chains[0]).not.toHaveProperty('relayer');
    } finally {
      registerRelayerStatus(undefined);
    }
  });

  it('lists the configured chains in the API.md §6 shape, cacheable briefly', async () => {
    writeChains([chain(31337, 'Devnet A', anvil.rpcUrl), chain(31338, 'Devnet B', 'http://127.0.0.1:8546')]);
    const res = await getChains(new Request('http://test/v1/chains'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=5');
    const data = ChainsResponse.parse(((await res.json()) as { data: unknown }).data);
    expect(data.map((c) => c.chain_id)).toEqual([31337, 31338]);
    expect(data[0]).toEqual({
      chain_id: 31337, name: 'Devnet A', native: { symbol: 'ETH', decimals: 18 }, rpc_url: anvil.rpcUrl, router_address: addr('44'), permit2_address: null, cross_chain: null,
      liquidity_sources: [{ id: 'uniswap_v2', factory: addr('11') }],
      tokens: [{ address: addr('55'), symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
    });
  });

  it('answers a wrong method on a known path with a JSON 405 and Allow', async () => {
    const res = await postChains(new Request('http://test/v1/chains', { method: 'POST' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('METHOD_NOT_ALLOWED');
  });
});
