// Gasless orders end to end (`npm run bench:gasless`): on a scratch anvil chain (USDC → WETH → DAI through two V2
// pools) with a real SQLite store, the firm-quote and orders routes in process and the submitter:
//   1. latency: 50 orders one after another, POST /v1/orders → the submitter's transaction mined (p50 / p99);
//   2. burst: 50 orders posted at once → orders/s until all are mined, and transactions per order on-chain;
//   3. restart: 50 orders posted at once to a submitter process that is SIGKILLed mid-burst and started again →
//      orders sent twice and orders lost;
//   4. gas: approve + swap (allowance), Permit2 (after its one-time approval), gasless (paid by the submitter).
// Options: --orders N (default 50), --port P (default 8841), --poll-ms M (submitter poll, default SUBMITTER_POLL_MS 250).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeFunctionData, getAddress, parseUnits, type Address, type Hex } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';
import type { Permit2Eip712 } from '@/lib/contracts/permit2';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const ORDERS = option('orders', 50);
const PORT = option('port', 8841);
const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-bench-gasless-'));
const pollMs = option('poll-ms', 250);
Object.assign(process.env, {
  SWAPDESK_DATA_DIR: dataDir, LOG_LEVEL: 'silent', RPC_TIMEOUT_MS: '3000', QUOTE_POLL_MS: '100', RATE_LIMIT_QUOTE_PER_MIN: '1000000',
  JOB_LEASE_TTL_MS: '1500', SUBMITTER_POLL_MS: String(pollMs),
});

// Imported after the environment points at the scratch folder (env() is read once).
const { signAccessToken } = await import('@/lib/auth/signAccessToken');
const { loadChains } = await import('@/lib/chains/loadChains');
const { stopFollowers } = await import('@/lib/chainstate/quoteFollowers');
const { appendPermit2Signature, PERMIT2_ADDRESS } = await import('@/lib/contracts/permit2');
const { quoteSignerAccount } = await import('@/lib/contracts/quoteSigner');
const { submitterAccount } = await import('@/lib/contracts/submitterAccount');
const { readyDb } = await import('@/lib/db/getDb');
const { addLiquidity, approve, deployToken, deployUniswap, devAccount, devClients, mint, POLLING_MS } = await import('@/lib/devnet/deployUniswap');
const { deploySwapRouter } = await import('@/lib/devnet/deploySwapRouter');
const { fundSubmitter } = await import('@/lib/devnet/fundSubmitter');
const { startAnvil } = await import('@/lib/devnet/startAnvil');
const { createSubmitter } = await import('@/lib/gasless/createSubmitter');
const { chainClient } = await import('@/lib/indexer/chainClient');
const { POST: firmPost } = await import('@/app/v1/quote/firm/route');
const { POST: ordersPost } = await import('@/app/v1/orders/route');

const CHAIN_ID = 31337;
const TRADER = 5;
const RECIPIENT = 2;
const ALLOWANCE_TRADER = 6;
const PERMIT2_TRADER = 7;
const AMOUNT = parseUnits('1000', 6);

type Firm = { quote_id: Hex; calldata: Hex; router_address: Address; gasless?: { eip712: Permit2Eip712 } };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const anvil = await startAnvil({ chainId: CHAIN_ID, port: PORT });
try {
  const c = devClients(CHAIN_ID, anvil.rpcUrl);
  const stack = await deployUniswap(c);
  const usdc = getAddress(await deployToken(c, 'USD Coin', 'USDC', 6));
  const dai = getAddress(await deployToken(c, 'Dai', 'DAI', 18));
  const router = getAddress(await deploySwapRouter(c, {
    factory: stack.factory, weth: stack.weth, owner: devAccount(0).address, quoteSigner: quoteSignerAccount().address, feeRecipient: devAccount(9).address,
    attester: devAccount(0).address,
  }));
  for (const t of [usdc, dai]) {
    await mint(c, t, devAccount(0).address, 10n ** 36n);
    await approve(c, 0, t, stack.router02);
  }
  // Deep pools: 50 orders of 1,000 USDC at once move each pool's price under 1 %, inside the 5 % the orders allow.
  await addLiquidity(c, stack, 0, stack.weth, parseUnits('3000', 18), usdc, parseUnits('9000000', 6));
  await addLiquidity(c, stack, 0, stack.weth, parseUnits('3000', 18), dai, parseUnits('9000000', 18));
  for (const index of [TRADER, ALLOWANCE_TRADER, PERMIT2_TRADER, RECIPIENT, 9]) {
    await mint(c, usdc, devAccount(index).address, parseUnits('100000000', 6));
    await mint(c, dai, devAccount(index).address, parseUnits('1', 18));
  }
  await approve(c, TRADER, usdc, PERMIT2_ADDRESS);
  await approve(c, PERMIT2_TRADER, usdc, PERMIT2_ADDRESS);
  await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [devAccount(TRADER).address, '0x0'] as never });
  await fundSubmitter(c, submitterAccount().address);
  const chainsFile = path.join(dataDir, 'chains.json');
  writeFileSync(chainsFile, JSON.stringify({ chains: [{
    id: CHAIN_ID, name: 'Bench', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', factory: stack.factory, router02: stack.router02, weth: stack.weth,
    swapRouter: router, permit2: PERMIT2_ADDRESS, stablecoins: [usdc], blockTimeSec: 1,
    tokens: [{ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 }, { address: dai, symbol: 'DAI', name: 'Dai', decimals: 18 }],
  }] }));
  utimesSync(chainsFile, 1_000_000, 1_000_001);
  const db = await readyDb();
  const token = (await signAccessToken({ sub: 'bench-gasless', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 })).access_token;
  const post = async <T>(handler: (req: Request) => Promise<Response>, url: string, body: unknown): Promise<{ status: number; data: T }> => {
    const res = await handler(new Request(`http://bench${url}`, {
      method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    }));
    const json = (await res.json()) as { data: T; msg: string };
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${json.msg}`);
    return { status: res.status, data: json.data };
  };
  const firm = async (from: number, extra: Record<string, unknown>) => (await post<Firm>(firmPost, '/v1/quote/firm', {
    src_chain_id: CHAIN_ID, dst_chain_id: CHAIN_ID, token_in: usdc, token_out: dai, amount_in: AMOUNT.toString(),
    from_address: devAccount(from).address, to_address: devAccount(RECIPIENT).address, slippage: 5, expiry_time_sec: 600, ...extra,
  })).data;
  const sign = (q: Firm, from = TRADER) => {
    const eip712 = q.gasless?.eip712;
    if (!eip712) throw new Error('no gasless.eip712');
    const { EIP712Domain: _domain, ...types } = eip712.types;
    return devAccount(from).signTypedData({ domain: eip712.domain, types, primaryType: eip712.primaryType, message: eip712.message } as Parameters<ReturnType<typeof devAccount>['signTypedData']>[0]);
  };
  const signedQuotes = async (n: number) => Promise.all(Array.from({ length: n }, async () => {
    const q = await firm(TRADER, { gasless: true });
    return { q, signature: await sign(q) };
  }));
  const orderStatus = async (ids: string[]) => (await db.withTables<import('@/lib/gasless/gaslessTables').GaslessTables>().selectFrom('gasless_orders')
    .select(['quote_id', 'status', 'tx_hash']).where('quote_id', 'in', ids.map((id) => id.toLowerCase())).execute());
  /** Submitter transactions on-chain since `fromBlock`, by the quote id each carried. */
  const sentPerQuote = async (fromBlock: bigint) => {
    const counts = new Map<string, number>();
    const head = await c.publicClient.getBlockNumber();
    for (let n = fromBlock + 1n; n <= head; n += 1n) {
      const block = await c.publicClient.getBlock({ blockNumber: n, includeTransactions: true });
      for (const tx of block.transactions) {
        if (getAddress(tx.from) !== submitterAccount().address) continue;
        const decoded = decodeFunctionData({ abi: swapRouterAbi, data: tx.input });
        const id = (decoded.args?.[0] as { quoteId: Hex }).quoteId.toLowerCase();
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    return counts;
  };
  const waitFinal = async (ids: string[], timeoutMs = 120_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const rows = await orderStatus(ids);
      if (rows.every((r) => r.status === 'filled' || r.status === 'failed') || Date.now() > until) return rows;
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  // Gas first, on a quiet chain.
  const allowanceQuote = await firm(ALLOWANCE_TRADER, {});
  const approveHash = await c.wallet(ALLOWANCE_TRADER).writeContract({
    address: usdc, abi: (await import('@/contracts/generated/testERC20')).testERC20Abi, functionName: 'approve', args: [router, AMOUNT],
    account: devAccount(ALLOWANCE_TRADER), chain: c.chain,
  });
  const approveGas = (await c.publicClient.waitForTransactionReceipt({ hash: approveHash, pollingInterval: POLLING_MS })).gasUsed;
  const sendAs = async (from: number, to: Address, data: Hex) => {
    const hash = await c.wallet(from).sendTransaction({ to, data, gas: 1_000_000n, account: devAccount(from), chain: c.chain });
    return c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  };
  const allowanceSwapGas = (await sendAs(ALLOWANCE_TRADER, router, allowanceQuote.calldata)).gasUsed;
  const permit2Quote = await firm(PERMIT2_TRADER, { approval: 'permit2' });
  const permit2Typed = (permit2Quote as unknown as { permit2: { eip712: NonNullable<Firm['gasless']>['eip712'] } }).permit2.eip712;
  const permit2Signature = await sign({ ...permit2Quote, gasless: { eip712: permit2Typed } }, PERMIT2_TRADER);
  const permit2SwapGas = (await sendAs(PERMIT2_TRADER, router, appendPermit2Signature(permit2Quote.calldata, permit2Signature))).gasUsed;

  const submitter = createSubmitter({
    db: db.withTables(), chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs,
  });
  submitter.start();

  // 1. Latency, one order at a time.
  const latencies: number[] = [];
  let gaslessGas = 0n;
  for (const { q, signature } of await signedQuotes(ORDERS)) {
    const t0 = performance.now();
    await post(ordersPost, '/v1/orders', { quote_id: q.quote_id, signature });
    const [row] = await waitFinal([q.quote_id]);
    latencies.push(performance.now() - t0);
    if (row?.status !== 'filled' || !row.tx_hash) throw new Error(`order ${q.quote_id} ended ${row?.status}`);
    gaslessGas = (await c.publicClient.getTransactionReceipt({ hash: row.tx_hash as Hex })).gasUsed;
  }
  latencies.sort((a, b) => a - b);

  // 2. Burst: every order posted at once.
  const burst = await signedQuotes(ORDERS);
  const burstFrom = await c.publicClient.getBlockNumber();
  const b0 = performance.now();
  await Promise.all(burst.map(({ q, signature }) => post(ordersPost, '/v1/orders', { quote_id: q.quote_id, signature })));
  const burstRows = await waitFinal(burst.map((b) => b.q.quote_id));
  const burstSec = (performance.now() - b0) / 1000;
  const burstSent = await sentPerQuote(burstFrom);
  await submitter.stop();

  // 3. A submitter process killed mid-burst and started again.
  const restart = await signedQuotes(ORDERS);
  const restartIds = restart.map((r) => r.q.quote_id);
  const restartFrom = await c.publicClient.getBlockNumber();
  const { NODE_OPTIONS: _ignored, ...rest } = process.env;
  const startProcess = () => spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', 'scripts/submitter.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'], env: { ...rest, CHAINS_CONFIG: chainsFile, LOG_LEVEL: 'warn' },
  });
  const first = startProcess();
  await Promise.all(restart.map(({ q, signature }) => post(ordersPost, '/v1/orders', { quote_id: q.quote_id, signature })));
  const killBy = Date.now() + 60_000;
  while ((await orderStatus(restartIds)).filter((r) => r.status !== 'submitted').length < ORDERS / 3 && Date.now() < killBy) {
    await new Promise((r) => setTimeout(r, 2));
  }
  first.kill('SIGKILL');
  await once(first, 'exit');
  const atKill = await orderStatus(restartIds);
  const second = startProcess();
  const restartRows = await waitFinal(restartIds);
  second.kill('SIGTERM');
  await once(second, 'exit');
  const restartSent = await sentPerQuote(restartFrom);
  const twice = (sent: Map<string, number>) => [...sent.values()].filter((n) => n > 1).length;
  const lost = (rows: { status: string }[]) => rows.filter((r) => r.status !== 'filled').length;

  console.log(`gasless orders on anvil (${ORDERS} orders of 1,000 USDC → DAI through WETH, submitter poll ${pollMs} ms, SQLite)`);
  console.log(`  posted → mined, one at a time: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`);
  console.log(`  ${ORDERS} posted at once: all mined in ${burstSec.toFixed(2)} s = ${(ORDERS / burstSec).toFixed(1)} orders/s; orders sent twice ${twice(burstSent)}, not filled ${lost(burstRows)}`);
  console.log(`  submitter SIGKILLed with ${atKill.filter((r) => r.status === 'submitted').length} of ${ORDERS} still unsent (${atKill.filter((r) => r.status === 'sent').length} recorded, not yet seen mined), restarted: orders sent twice ${twice(restartSent)}, lost ${lost(restartRows)}, transactions ${[...restartSent.values()].reduce((a, b) => a + b, 0)}`);
  console.log(`  gas: approve ${approveGas} + swap ${allowanceSwapGas} = ${approveGas + allowanceSwapGas}; Permit2 swap ${permit2SwapGas} (after a one-time approval of Permit2); gasless ${gaslessGas} paid by the submitter, 0 by the trader`);
} finally {
  stopFollowers();
  await anvil.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
