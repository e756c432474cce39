// `npm run bench:cluster`: through HAProxy, indicative quotes and klines with 1 and then 2 instances in service, in
// interleaved rounds on one stack (HAProxy's runtime API takes the second instance out and puts it back), then the
// fault table of the last `npm run test:faults`. Prints figures; asserts nothing.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startFaultStack } from '@/test/faults/faultStack';
import { haproxyCommand, haproxyServerStatus } from '../stack/haproxyCommand';

type CannonResult = { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
type CannonOptions = { url: string; connections: number; duration: number; method?: string; headers?: Record<string, string>; body?: string };
const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

const CONNECTIONS = 16;
const DURATION_SEC = Number(process.env.BENCH_DURATION_SEC ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] ?? 0) : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

const f = await startFaultStack({ leaseTtlMs: 15_000, jobCopies: 1 });
try {
  const chain = f.chains[0];
  if (!chain) throw new Error('no chain');
  const token = (symbol: string) => chain.tokens.find((t) => t.symbol === symbol)?.address ?? '';
  const pair = f.pairs.find((p) => p.chain_id === chain.chain_id) ?? f.pairs[0];
  const targets: Record<string, CannonOptions> = {
    indicative: {
      url: `${f.url}/v1/quote/indicative`, connections: CONNECTIONS, duration: DURATION_SEC, method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${f.token}` },
      body: JSON.stringify({ src_chain_id: chain.chain_id, dst_chain_id: chain.chain_id, token_in: token('USDC'), token_out: token('WETH'), amount_in: '1000000' }),
    },
    klines: { url: `${f.url}/v1/market/klines?chainId=${chain.chain_id}&pairId=${pair?.pair_id}&interval=1m&limit=500`, connections: CONNECTIONS, duration: DURATION_SEC },
  };
  const setInstances = async (n: 1 | 2) => {
    await haproxyCommand(f.stack.haproxySocket, `${n === 1 ? 'disable' : 'enable'} server app/app2`);
    const want = n === 1 ? 'MAINT' : 'UP';
    for (let i = 0; i < 50 && (await haproxyServerStatus(f.stack.haproxySocket)).app2 !== want; i++) await sleep(100);
  };
  console.log(`warming up (${CONNECTIONS} connections; both instances)…`);
  for (const t of Object.values(targets)) await autocannon({ ...t, duration: 3 });
  const results: Record<string, { one: CannonResult[]; two: CannonResult[] }> = { indicative: { one: [], two: [] }, klines: { one: [], two: [] } };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which comes first, so drift (the activity loop, the indexer) does not favour one side.
    const order: (1 | 2)[] = round % 2 === 0 ? [1, 2] : [2, 1];
    for (const n of order) {
      await setInstances(n);
      for (const [name, t] of Object.entries(targets)) {
        const r = await autocannon(t);
        if (r.non2xx || r.errors) console.log(`  note: ${name} with ${n}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        results[name]?.[n === 1 ? 'one' : 'two'].push(r);
      }
    }
    console.log(`round ${round + 1}/${ROUNDS}: ${Object.entries(results).map(([k, v]) => `${k} ${Math.round(v.one.at(-1)?.requests.average ?? 0)} → ${Math.round(v.two.at(-1)?.requests.average ?? 0)} req/s`).join(', ')}`);
  }
  await setInstances(2);
  console.log(`\nThrough HAProxy, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_SEC} s; load generator on the same machine (${(await import('node:os')).cpus().length} cores)`);
  console.log('| route | 1 instance req/s | 2 instances req/s | ratio 2/1 (median, min–max) | p99 ms 1 → 2 |');
  console.log('|---|---|---|---|---|');
  for (const [name, r] of Object.entries(results)) {
    const ratios = r.one.map((one, i) => (r.two[i]?.requests.average ?? 0) / one.requests.average);
    const rps = (xs: CannonResult[]) => Math.round(median(xs.map((x) => x.requests.average)));
    const p99 = (xs: CannonResult[]) => Math.round(median(xs.map((x) => x.latency.p99)));
    console.log(`| ${name} | ${rps(r.one)} | ${rps(r.two)} | ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${p99(r.one)} → ${p99(r.two)} |`);
  }
} finally {
  await f.dispose();
}

const faults = path.resolve('test-results/faults.json');
if (existsSync(faults)) {
  const { mode, at, table } = JSON.parse(readFileSync(faults, 'utf8')) as { mode: string; at: string; table: Record<string, unknown>[] };
  console.log(`\nFault table of the last \`npm run test:faults\` (${mode}, ${at}):`);
  console.log('| scenario | requests | failed | 5xx | p99 ms | max ms | recovery s | notes |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of table) console.log(`| ${r.scenario} | ${r.requests} | ${r.failed} | ${r.fiveXx} | ${r.p99Ms} | ${r.maxMs} | ${r.recoverySec ?? '–'} | ${r.notes} |`);
} else {
  console.log('\n(no fault table yet: run `npm run test:faults`)');
}
