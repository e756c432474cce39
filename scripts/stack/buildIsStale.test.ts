import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildIsStale } from './buildIsStale';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function project(): string {
  root = mkdtempSync(path.join(tmpdir(), 'stale-build-'));
  mkdirSync(path.join(root, 'lib/quote'), { recursive: true });
  mkdirSync(path.join(root, '.next'));
  writeFileSync(path.join(root, 'lib/quote/engine.ts'), 'export {}');
  writeFileSync(path.join(root, 'lib/quote/engine.test.ts'), 'export {}');
  writeFileSync(path.join(root, 'next.config.mjs'), 'export default {}');
  return root;
}

function touch(file: string, secondsAgo: number) {
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path.join(root, file), t, t);
}

it('a missing build is stale', () => {
  expect(buildIsStale(project())).toBe(true);
});

it('a build newer than every source is fresh; a source changed after it is stale, a test file is not', () => {
  project();
  writeFileSync(path.join(root, '.next/BUILD_ID'), 'x');
  for (const f of ['lib/quote/engine.ts', 'lib/quote/engine.test.ts', 'next.config.mjs']) touch(f, 60);
  expect(buildIsStale(root)).toBe(false);
  touch('lib/quote/engine.test.ts', -5);
  expect(buildIsStale(root)).toBe(false);
  touch('lib/quote/engine.ts', -5);
  expect(buildIsStale(root)).toBe(true);
  touch('lib/quote/engine.ts', 60);
  touch('next.config.mjs', -5);
  expect(buildIsStale(root)).toBe(true);
});
