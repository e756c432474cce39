// Points the app's configuration at a fresh temporary data folder for one test file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resetEnv } from '@/lib/env';

/** Sets SWAPDESK_DATA_DIR (and any extra variables) and forgets the memoised env; returns a cleanup function. */
export function useTempDataDir(extra: Record<string, string> = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'swapdesk-test-'));
  const previous: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries({ SWAPDESK_DATA_DIR: dir, LOG_LEVEL: 'silent', ...extra })) {
    previous[k] = process.env[k];
    process.env[k] = v;
  }
  resetEnv();
  return {
    dir,
    cleanup: () => {
      for (const [k, v] of Object.entries(previous)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetEnv();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
