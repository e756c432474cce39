import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderContractFiles } from '../scripts/contracts/compileContracts';

describe('contract artifacts', () => {
  it('are fresh: compiling contracts/src again gives the committed files', () => {
    const stale: string[] = [];
    for (const [file, content] of renderContractFiles()) {
      let committed = '';
      try {
        committed = readFileSync(file, 'utf8');
      } catch {
        committed = '';
      }
      if (committed !== content) stale.push(file);
    }
    expect(stale, 'run `npm run contracts:build`').toEqual([]);
  }, 60_000);
});
