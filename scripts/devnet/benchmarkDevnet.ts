// Benchmark: time to a ready devnet on a fresh data folder (deploy + default history) and on the second start.
// Run: npx tsx --conditions=react-server scripts/devnet/benchmarkDevnet.ts [swapsPerPair] [days]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_HISTORY, startDevnet } from '@/lib/devnet/startDevnet';

const swapsPerPair = Number(process.argv[2] ?? DEFAULT_HISTORY.swapsPerPair);
const days = Number(process.argv[3] ?? DEFAULT_HISTORY.days);
const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-devnet-bench-'));

async function timedStart(label: string): Promise<void> {
  const started = performance.now();
  const devnet = await startDevnet({ dataDir, ports: 'free', history: { days, swapsPerPair }, activity: false });
  const readyMs = performance.now() - started;
  const stopping = performance.now();
  await devnet.stop();
  const swaps = devnet.chains.reduce((n, c) => n + (c.record.history?.swaps ?? 0), 0);
  const stateMb = devnet.chains.reduce((n, c) => n + statSync(path.join(dataDir, `anvil-${c.id}.json`)).size, 0) / 1e6;
  console.log(`${label}: ready in ${(readyMs / 1000).toFixed(1)} s (${swaps} history swaps over ${days} days), stop ${((performance.now() - stopping) / 1000).toFixed(1)} s, state files ${stateMb.toFixed(0)} MB`);
}

try {
  await timedStart('first start');
  await timedStart('second start');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
