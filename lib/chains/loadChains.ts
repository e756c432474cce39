// Reads and validates the chain registry file named by CHAINS_CONFIG.
import 'server-only';
import { readFileSync, statSync } from 'node:fs';
import { env } from '@/lib/env';
import { ChainsFile, type ChainConfig } from './chainConfig';

let cached: { file: string; mtimeMs: number; chains: ChainConfig[] } | undefined;

/** Parses a registry document; throws one message naming every bad entry. */
export function parseChains(json: unknown, source = 'chain registry'): ChainConfig[] {
  const result = ChainsFile.safeParse(json);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`${source} is invalid:\n  - ${lines.join('\n  - ')}`);
  }
  return result.data.chains;
}

/** The configured chains; re-read when the file changes (the devnet rewrites it on first start). */
export function loadChains(file = env().CHAINS_CONFIG): ChainConfig[] {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    throw new Error(`chain registry not found at ${file}: run \`npm start\` (devnet) or set CHAINS_CONFIG`);
  }
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.chains;
  const chains = parseChains(JSON.parse(readFileSync(file, 'utf8')), file);
  cached = { file, mtimeMs, chains };
  return chains;
}

export function findChain(chainId: number, chains = loadChains()): ChainConfig | undefined {
  return chains.find((c) => c.id === chainId);
}
