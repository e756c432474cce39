// The checked-in document and types (lib/api/generated) are what `npm run api:types` produces from the schemas now.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

/** `npm run api:types -- <args>` as the package script runs it. */
async function apiTypes(args: string[], dir?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const argv = ['--conditions=react-server', '--import', './scripts/api/useTypeScript5.mjs', 'scripts/api/generateApiTypes.ts', ...args];
  try {
    const { stdout } = await run(join(ROOT, 'node_modules/.bin/tsx'), argv, { cwd: ROOT, env: { ...process.env, API_GENERATED_DIR: dir ?? '' } });
    return { code: 0, stdout, stderr: '' };
  } catch (error: unknown) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const check = (dir?: string) => apiTypes(['--check'], dir);

/** The generated types without their first (header) line. */
const body = (text: string) => text.slice(text.indexOf('\n') + 1);

/** Each case runs the script as a process (tsx compiling the schemas): a minute or more on a loaded machine. */
const SCRIPT_TIMEOUT_MS = 240_000;

describe('generated API types', { timeout: SCRIPT_TIMEOUT_MS }, () => {
  it('lib/api/generated matches the document and the types generated from the current schemas', async () => {
    const result = await check();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('the check fails when the checked-in types differ from the document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-types-'));
    try {
      cpSync(join(ROOT, 'lib/api/generated'), dir, { recursive: true });
      writeFileSync(join(dir, 'v1.ts'), '// stale\n');
      const result = await check(dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('v1.ts');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--from a served document writes the same types an integrator would generate, inside this checkout', async () => {
    const document = readFileSync(join(ROOT, 'lib/api/generated/openapi.json'));
    const server = createServer((req, res) => {
      if (req.url !== '/v1/openapi.json') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(document);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const dir = mkdtempSync(join(tmpdir(), 'api-types-from-'));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/openapi.json`;
      const out = join(dir, 'swapdesk.d.ts');
      const result = await apiTypes(['--', '--from', url, '--out', out]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const written = readFileSync(out, 'utf8');
      expect(written).toContain('"/v1/quote/indicative"');
      expect(body(written)).toBe(body(readFileSync(join(ROOT, 'lib/api/generated/v1.ts'), 'utf8')));
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--from without --out says how to call it', async () => {
    const result = await apiTypes(['--from', 'lib/api/generated/openapi.json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--from and --out go together');
  });
});
