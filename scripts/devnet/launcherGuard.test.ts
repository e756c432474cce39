import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alive } from './fixtures/processAlive';

const LAUNCHER = path.join(import.meta.dirname, 'fixtures', 'guardedLauncher.ts');

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

function launch(graceMs: number, ...flags: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', LAUNCHER, String(graceMs), ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
}

describe('launcher guard', () => {
  it('stops every child group when the launcher is SIGKILLed: SIGTERM first, SIGKILL after the grace period', async () => {
    const launcher = launch(1_500);
    const pids = await new Promise<{ polite: number; stubborn: number }>((resolve, reject) => {
      launcher.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()) as { polite: number; stubborn: number }));
      launcher.once('exit', () => reject(new Error('the launcher exited before starting its children')));
    });
    try {
      expect(alive(pids.polite) && alive(pids.stubborn)).toBe(true);
      launcher.kill('SIGKILL');
      // The polite child goes on SIGTERM at once; the stubborn one only once the grace period is over.
      expect(await until(() => !alive(pids.polite), 5_000)).toBe(true);
      expect(alive(pids.stubborn)).toBe(true);
      expect(await until(() => !alive(pids.stubborn), 10_000)).toBe(true);
    } finally {
      for (const pid of Object.values(pids)) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
  }, 30_000);

  it('keeps nothing alive: a launcher with nothing left to do exits with the guard started', async () => {
    const launcher = launch(1_500, '--no-children');
    const code = await new Promise<number | null>((resolve) => launcher.once('exit', resolve));
    expect(code).toBe(0);
  }, 30_000);
});
