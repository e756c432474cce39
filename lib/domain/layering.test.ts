// Arrows run one way (app → api → domain → adapters): the domain never reaches up into the API layer or the app.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOMAIN_FOLDERS = ['lib/domain', 'lib/routing', 'lib/chainstate', 'lib/quote', 'lib/crosschain', 'lib/market', 'lib/auth'];
const IMPORT = /^\s*import\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(ROOT, folder, f));
}

/** Upward imports of a file; a type-only import of a wire schema (`lib/api/schemas`) is erased at build time and allowed. */
function upwardImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, typeOnly, from] of text.matchAll(IMPORT)) {
    if (!from) continue;
    const up = from.startsWith('@/lib/api') || from.startsWith('@/app') || from.startsWith('@/components');
    if (up && !(typeOnly && from.startsWith('@/lib/api/schemas/'))) found.push(`${relative(ROOT, file)} imports ${from}`);
  }
  return found;
}

/** What each quote room may not import: routing is pure (no chain, store, environment or log), chain state knows nothing of issuing. */
const ROOM_RULES: { folder: string; forbidden: RegExp }[] = [
  { folder: 'lib/routing', forbidden: /^(server-only|node:|@\/lib\/(chainstate|quote|crosschain|relayer|db|env|log|market|indexer)(\/|$))/ },
  { folder: 'lib/chainstate', forbidden: /^@\/lib\/(quote|crosschain|relayer|market|indexer)\// },
  // Our relayer is a configuration of the filler: it may import lib/filler, never the other way round.
  { folder: 'lib/filler', forbidden: /^(@\/lib|\.\.)\/relayer(\/|$)/ },
];

function forbiddenImports(folder: string, forbidden: RegExp): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(folder)) {
    const text = readFileSync(file, 'utf8');
    const bare = [...text.matchAll(/^\s*import\s+'([^']+)'/gm)].map(([, from]) => from);
    const named = [...text.matchAll(IMPORT)].map(([, , from]) => from);
    for (const from of [...bare, ...named]) if (from && forbidden.test(from)) found.push(`${relative(ROOT, file)} imports ${from}`);
  }
  return found;
}

describe('layering', () => {
  it('the domain imports nothing from the API layer, the app or the components', () => {
    const files = DOMAIN_FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(upwardImports)).toEqual([]);
  });

  it('routing is pure, chain state does not reach into issuing and the filler does not reach into the relayer', () => {
    for (const { folder, forbidden } of ROOM_RULES) {
      expect(sourceFiles(folder).length).toBeGreaterThan(2);
      expect(forbiddenImports(folder, forbidden)).toEqual([]);
    }
  });

  it('the room rules see a forbidden import when there is one', () => {
    const routing = ROOM_RULES[0]?.forbidden;
    expect(['server-only', 'node:fs', '@/lib/chainstate/chainFollower', '@/lib/db/getDb', '@/lib/env'].every((f) => routing?.test(f))).toBe(true);
    expect(['viem', '@/lib/domain/DomainError', '@/lib/contracts/legs', './poolGraph', '@/lib/environment'].some((f) => routing?.test(f))).toBe(false);
    expect(ROOM_RULES[1]?.forbidden.test('@/lib/quote/quoteStore')).toBe(true);
    const filler = ROOM_RULES[2]?.forbidden;
    expect(['@/lib/relayer/fillOrders', '../relayer/checkEscrow'].every((f) => filler?.test(f))).toBe(true);
    expect(['@/lib/crosschain/settlerAbi', './fillPolicy', '@/lib/relayerish'].some((f) => filler?.test(f))).toBe(false);
  });

  it('the check sees an upward import when there is one', () => {
    const text = "import { ApiError } from '@/lib/api/errors';\nimport type { X } from '@/lib/api/schemas/quote';\n";
    const found = [...text.matchAll(IMPORT)].map(([, t, f]) => `${t ? 'type ' : ''}${f}`);
    expect(found).toEqual(['@/lib/api/errors', 'type @/lib/api/schemas/quote']);
  });
});
