// Prints the first-load JavaScript of an app route from the production build (`next build` first): raw and gzipped bytes.
// Usage: tsx scripts/firstLoadJs.ts [route]   (default "/", i.e. app/page)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const NEXT_DIR = path.resolve('.next');

function routeEntries(route: string): string[] {
  const segment = route === '/' ? '' : route.replace(/\/$/, '');
  const manifestFile = path.join(NEXT_DIR, 'server/app', `${segment}/page_client-reference-manifest.js`);
  const source = readFileSync(manifestFile, 'utf8');
  const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
  new Function('globalThis', source)(sandbox);
  const manifest = Object.values(sandbox.__RSC_MANIFEST ?? {})[0];
  const entries = manifest?.entryJSFiles ?? {};
  // The page's own entry plus every layout above it.
  return Object.entries(entries)
    .filter(([name]) => name === `[project]/app${segment}/page` || /^\[project\]\/app(\/.*)?\/layout$/.test(name))
    .flatMap(([, files]) => files);
}

function main(): void {
  const route = process.argv[2] ?? '/';
  const build = JSON.parse(readFileSync(path.join(NEXT_DIR, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const files = [...new Set([...build.rootMainFiles, ...routeEntries(route)])];
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(NEXT_DIR, file));
    raw += bytes.byteLength;
    gzipped += gzipSync(bytes, { level: 9 }).byteLength;
  }
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(`first-load JS of ${route}: ${files.length} files, ${kb(raw)} KB raw, ${kb(gzipped)} KB gzipped`);
}

main();
