// The committed package-lock.json is the one every machine installs from: `npm ci` accepts it as it is, and npm finds
// nothing to add to it (every platform's optional binaries are recorded, so Linux, macOS and Windows agree).
// Each check runs npm against the registry in a scratch copy of package.json and the lockfile, without installing.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
const LOCK = 'package-lock.json';
const NPM_TIMEOUT_MS = 240_000;
const scratch: string[] = [];

/** package.json and the lockfile as a clean clone has them, alone in a scratch folder. */
function cleanCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'swapdesk-lock-'));
  scratch.push(dir);
  for (const file of ['package.json', LOCK]) copyFileSync(join(ROOT, file), join(dir, file));
  return dir;
}

async function npm(dir: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('npm', [...args, '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, timeout: NPM_TIMEOUT_MS, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error: unknown) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** What npm install records: the full dependency resolution written to the lockfile, without a node_modules. */
const resolveLock = (dir: string) => npm(dir, ['install', '--package-lock-only']);

type Lock = { packages: Record<string, unknown> };
const readLock = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK), 'utf8')) as Lock;

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

// Concurrent: each check is npm waiting on the registry in a folder of its own.
describe.concurrent('package-lock.json', () => {
  const committed = readFileSync(join(ROOT, LOCK), 'utf8');

  it('npm ci accepts it: in sync with package.json, every package of this platform resolvable', { timeout: NPM_TIMEOUT_MS }, async () => {
    const { code, output } = await npm(cleanCopy(), ['ci', '--dry-run']);
    expect(output).not.toMatch(/npm error/);
    expect(code).toBe(0);
  });

  it('npm install finds nothing to add or change in it', { timeout: NPM_TIMEOUT_MS }, async () => {
    const dir = cleanCopy();
    const { code, output } = await resolveLock(dir);
    expect(code, output).toBe(0);
    expect(readFileSync(join(dir, LOCK), 'utf8')).toBe(committed);
  });

  it('records every platform\'s binaries of Next\'s SWC, anvil, cast and Tailwind\'s oxide', () => {
    const names = Object.keys(readLock(ROOT).packages);
    for (const [prefix, platforms] of [
      ['node_modules/@next/swc-', ['darwin-arm64', 'darwin-x64', 'linux-x64-gnu', 'win32-x64-msvc']],
      ['node_modules/@foundry-rs/anvil-', ['darwin-arm64', 'darwin-amd64', 'linux-amd64', 'win32-amd64']],
      ['node_modules/@foundry-rs/cast-', ['darwin-arm64', 'darwin-amd64', 'linux-amd64', 'win32-amd64']],
      ['node_modules/@tailwindcss/oxide-', ['darwin-arm64', 'darwin-x64', 'linux-x64-gnu', 'win32-x64-msvc']],
    ] as const) {
      for (const platform of platforms) expect(names).toContain(`${prefix}${platform}`);
    }
  });

  it('the check sees a lockfile that lacks another platform\'s binary (npm adds it back)', { timeout: NPM_TIMEOUT_MS }, async () => {
    const dir = cleanCopy();
    const lock = readLock(dir);
    const dropped = 'node_modules/@next/swc-darwin-arm64';
    expect(lock.packages[dropped]).toBeDefined();
    delete lock.packages[dropped];
    writeFileSync(join(dir, LOCK), `${JSON.stringify(lock, null, 2)}\n`);
    const { code, output } = await resolveLock(dir);
    expect(code, output).toBe(0);
    expect(readLock(dir).packages[dropped]).toEqual(readLock(ROOT).packages[dropped]);
  });
});
