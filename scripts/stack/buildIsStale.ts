// Whether the web app's production build is missing or older than a file it is built from, so that `npm start`
// after a pull rebuilds instead of serving yesterday's app against today's store and contracts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What `next build` reads: source folders (tests aside) and the files that configure it. */
const SOURCE_DIRS = ['app', 'components', 'lib', 'contracts/generated', 'public'];
const SOURCE_FILES = ['proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'postcss.config.mjs', 'tsconfig.json', 'package-lock.json'];
const TEST_FILE = /\.test\.tsx?$/;

function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestUnder(full));
    else if (!TEST_FILE.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIsStale(root: string, distDir = '.next'): boolean {
  const buildId = path.join(root, distDir, 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  for (const dir of SOURCE_DIRS) {
    const full = path.join(root, dir);
    if (existsSync(full) && newestUnder(full) > built) return true;
  }
  return SOURCE_FILES.some((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).mtimeMs > built);
}
