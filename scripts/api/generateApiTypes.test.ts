// The checked-in document and types (lib/api/generated) are what `npm run api:types` produces from the schemas now.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

async function check(dir?: string): Promise<{ code: number; stderr: string }> {
  const args = ['--conditions=react-server', '--import', './scripts/api/useTypeScript5.mjs', 'scripts/api/generateApiTypes.ts', '--check'];
  try {
    await run(join(ROOT, 'node_modules/.bin/tsx'), args, { cwd: ROOT, env: { ...process.env, API_GENERATED_DIR: dir ?? '' } });
    return { code: 0, stderr: '' };
  } catch (error: unknown) {
    const e = error as { code?: number; stderr?: string };
    return { code: e.code ?? 1, stderr: e.stderr ?? '' };
  }
}

describe('generated API types', () => {
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
});
