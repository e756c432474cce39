// Cross-chain orders sent 30 s after quoting under the devnet's normal activity (`npm run bench:crosschain -- --delivery`):
// a fresh two-chain devnet with its activity loops on (a swap on a random pool every few seconds per chain), the relayer
// and the attester as their own processes, firm quotes from the app's own handler at 0.5 % slippage, each deposit sent 30 s after its quote.
// Prints the share delivered (and how many with bridge asset of the relayer's own), refunded (and whether in full:
// escrow and held fee back to the trader), deposits that reverted on the source (the trader loses only gas) and orders
// that ended otherwise. Asserts nothing.
import { once } from 'node:events';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { erc20Abi, getAddress, isAddressEqual, parseEventLogs, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import { decodeOpenCalldata } from '@/lib/contracts/crossChainQuote';
import { devAccount, devClients, type DevClients } from '@/lib/devnet/deployUniswap';
import { startDevnet } from '@/lib/devnet/startDevnet';
import { freePort } from '@/lib/devnet/startAnvil';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { waitMined } from '@/lib/devnet/waitMined';

const ORDERS = Number(process.env.BENCH_DELIVERY_ORDERS ?? 40);
const SEND_AFTER_MS = Number(process.env.BENCH_SEND_AFTER_MS ?? 30_000);
const STAGGER_MS = 3_000;
const SLIPPAGE = 0.5;
/** Dev accounts #1–#7 trade here; the activity loop uses its own account. */
const TRADERS = 7;
const ROOT = path.resolve(import.meta.dirname, '..', '..');

type Outcome = 'delivered' | 'delivered with top-up' | 'refunded in full' | 'refunded short' | 'deposit reverted' | 'quote refused' | 'unfinished';
type Firm = { quote_id: Hex; calldata: Hex; router_address: Address; value: string; allowance_target: Address | null; amount_in: string; fill_deadline: number };
type Status = { status: string; relayer_top_up?: string | null; delay_reason?: string | null; refund_tx_hash?: string | null; escrow?: { amount: string; token: string } | null };

export async function crossChainDelivery(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'swapdesk-bench-xd-'));
  Object.assign(process.env, {
    SWAPDESK_DATA_DIR: dir, CHAINS_CONFIG: path.join(dir, 'chains.json'), LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    RATE_LIMIT_QUOTE_PER_MIN: '1000000', RATE_LIMIT_PUBLIC_PER_MIN: '1000000',
  });
  const devnet = await startDevnet({ dataDir: dir, ports: 'free', history: 'none', activity: true });
  // Imported once the environment names the data folder (the app reads it on first use).
  const { loadChains } = await import('@/lib/chains/loadChains');
  const { signAccessToken } = await import('@/lib/auth/signAccessToken');
  const { POST: firmPost } = await import('@/app/v1/quote/firm/route');
  const { GET: statusGet } = await import('@/app/v1/quote/status/route');
  const chains = loadChains();
  const [A, B] = chains as [ChainConfig, ChainConfig];
  const clients = new Map<number, DevClients>(chains.map((c) => [c.id, devClients(c.id, c.rpcUrl)]));
  const dev = (chain: ChainConfig) => clients.get(chain.id) as DevClients;
  const token = (await signAccessToken({ sub: 'bench-delivery', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 7_200 })).access_token;
  const tokenOn = (chain: ChainConfig, symbol: string) => getAddress(chain.tokens.find((t) => t.symbol === symbol)?.address ?? zeroAddress);
  const call = async <T>(handler: (req: Request) => Promise<Response>, url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    const res = await handler(new Request(`http://bench${url}`, { ...init, headers }));
    return { status: res.status, body: (await res.json()) as { data: T | null; msg: string } };
  };
  // The attester and the relayer, each its own process, as `npm start` runs them.
  const attesterPort = await freePort();
  const script = (file: string, env: Record<string, string>): ChildProcess => spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', file], {
    cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, LOG_LEVEL: 'error', ...env },
  });
  const attester = script('scripts/attester.ts', { ATTESTER_PORT: String(attesterPort) });
  const relayer = script('scripts/relayer.ts', { ATTESTER_URL: `http://127.0.0.1:${attesterPort}` });
  const plans = [
    { src: A, dst: B, tokenIn: zeroAddress as Address, tokenOut: tokenOn(B, 'USDC'), amount: parseUnits('0.5', 18), name: '0.5 ETH (A) → USDC (B)' },
    { src: B, dst: A, tokenIn: tokenOn(B, 'USDC'), tokenOut: zeroAddress as Address, amount: parseUnits('1500', 6), name: '1,500 USDC (B) → ETH (A)' },
    { src: A, dst: B, tokenIn: tokenOn(A, 'USDC'), tokenOut: zeroAddress as Address, amount: parseUnits('1000', 6), name: '1,000 USDC (A) → ETH (B)' },
    { src: B, dst: A, tokenIn: zeroAddress as Address, tokenOut: tokenOn(A, 'USDC'), amount: parseUnits('0.3', 18), name: '0.3 ETH (B) → USDC (A)' },
  ];
  const queues = new Map<string, Promise<unknown>>();
  /** One account's transactions on one chain go out one after another. */
  const serial = <T>(key: string, job: () => Promise<T>): Promise<T> => {
    const next = (queues.get(key) ?? Promise.resolve()).then(job);
    queues.set(key, next.catch(() => undefined));
    return next;
  };

  async function one(i: number): Promise<{ plan: string; outcome: Outcome; reason?: string | null }> {
    const plan = plans[i % plans.length] as (typeof plans)[number];
    const trader = 1 + (i % TRADERS);
    const account = devAccount(trader);
    const quoted = await call<Firm>(firmPost, '/v1/quote/firm', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        src_chain_id: plan.src.id, dst_chain_id: plan.dst.id, token_in: plan.tokenIn, token_out: plan.tokenOut, amount_in: plan.amount.toString(),
        from_address: account.address, to_address: account.address, slippage: SLIPPAGE, expiry_time_sec: 60,
      }),
    });
    const q = quoted.body.data;
    if (quoted.status !== 200 || !q) return { plan: plan.name, outcome: 'quote refused', reason: quoted.body.msg };
    await new Promise((r) => setTimeout(r, SEND_AFTER_MS));
    const c = dev(plan.src);
    const receipt = await serial(`${plan.src.id}:${trader}`, async () => {
      if (q.allowance_target) {
        const approval = await c.wallet(trader).writeContract({ address: plan.tokenIn, abi: erc20Abi, functionName: 'approve', args: [q.allowance_target, BigInt(q.amount_in)], account, chain: c.chain });
        await waitMined(c.publicClient, approval);
      }
      const hash = await c.wallet(trader).sendTransaction({ to: q.router_address, data: q.calldata, value: BigInt(q.value), gas: 1_500_000n, account, chain: c.chain });
      return waitMined(c.publicClient, hash);
    });
    if (receipt.status !== 'success') return { plan: plan.name, outcome: 'deposit reverted' };
    const heldFee = decodeOpenCalldata(q.calldata).quote.feeAmount;
    // Past the fill deadline (wall clock = chain clock on the devnet) the relayer has the refund attested and sent.
    const giveUpAt = (q.fill_deadline + 120) * 1000;
    let last: Status | null = null;
    while (Date.now() < giveUpAt) {
      last = (await call<Status>(statusGet, `/v1/quote/status?quote_id=${q.quote_id}`)).body.data;
      if (last?.status === 'settled' || last?.status === 'refunded') break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    if (last?.status === 'settled') return { plan: plan.name, outcome: last.relayer_top_up ? 'delivered with top-up' : 'delivered' };
    if (last?.status === 'refunded' && last.refund_tx_hash) {
      // In full: the escrow and the held service fee both went back to the trader in the refund.
      const refund = await c.publicClient.getTransactionReceipt({ hash: last.refund_tx_hash as Hex });
      const toTrader = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: refund.logs }).filter((l) => isAddressEqual(l.args.to, account.address));
      const escrow = BigInt(last.escrow?.amount ?? '0');
      const full = toTrader.some((l) => l.args.value === escrow) && (heldFee === 0n || toTrader.some((l) => l.args.value === heldFee));
      return { plan: plan.name, outcome: full ? 'refunded in full' : 'refunded short', reason: last.delay_reason ?? null };
    }
    return { plan: plan.name, outcome: 'unfinished', reason: last?.status ?? null };
  }

  try {
    // Quotes are refused until the relayer has done its first round on both chains.
    const { crosschainDb } = await import('@/lib/crosschain/crosschainDb');
    const { orderStore } = await import('@/lib/crosschain/orderStore');
    const store = orderStore(await crosschainDb());
    for (let i = 0; i < 600 && (await store.allProgress()).filter((p) => p.bridgeInventory !== null).length < chains.length; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`${ORDERS} cross-chain orders, slippage ${SLIPPAGE} %, each deposited ${SEND_AFTER_MS / 1000} s after its firm quote, one quote every ${STAGGER_MS / 1000} s, devnet activity on`);
    const results = await Promise.all(Array.from({ length: ORDERS }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * STAGGER_MS));
      return one(i).catch((error: unknown) => ({ plan: 'error', outcome: 'unfinished' as Outcome, reason: error instanceof Error ? error.message.split('\n')[0] : String(error) }));
    }));
    const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
    const pct = (n: number) => `${n}/${results.length} (${((100 * n) / results.length).toFixed(0)} %)`;
    console.log(`delivered ${pct(count('delivered') + count('delivered with top-up'))}, of which with the relayer's own bridge asset ${count('delivered with top-up')}`);
    console.log(`refunded ${pct(count('refunded in full') + count('refunded short'))}: in full (escrow and service fee) ${count('refunded in full')}, short ${count('refunded short')}`);
    console.log(`deposit reverted on the source (slippage; only gas lost) ${pct(count('deposit reverted'))}; quote refused ${count('quote refused')}; unfinished ${count('unfinished')}`);
    for (const plan of plans) {
      const mine = results.filter((r) => r.plan === plan.name);
      const by = (['delivered', 'delivered with top-up', 'refunded in full', 'refunded short', 'deposit reverted', 'quote refused', 'unfinished'] as Outcome[])
        .map((o) => [o, mine.filter((r) => r.outcome === o).length] as const).filter(([, n]) => n > 0).map(([o, n]) => `${o} ${n}`).join(', ');
      console.log(`  ${plan.name}: ${by}`);
    }
    const reasons = results.filter((r) => r.reason && r.outcome !== 'delivered').map((r) => `${r.outcome}: ${r.reason}`);
    for (const r of [...new Set(reasons)].slice(0, 8)) console.log(`  why: ${r}`);
  } finally {
    for (const child of [relayer, attester]) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
    await devnet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
