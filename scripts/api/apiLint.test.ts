// The served document stays clean under Redocly CLI (redocly.yaml: the recommended rules, examples validated).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');

describe('npm run api:lint', () => {
  it('finds no error and no warning in the generated document', async () => {
    const { stdout } = await run(join(ROOT, 'node_modules/.bin/redocly'), ['lint', 'lib/api/generated/openapi.json', '--format=json'], { cwd: ROOT }).catch(
      (error: unknown) => error as { stdout: string },
    );
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
