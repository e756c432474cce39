// Prints devnet start-up progress: one line per step, and the history counters of both chains on one line that
// rewrites itself in a terminal (a line every quarter elsewhere, so logs stay short).
import type { DevnetProgress } from '@/lib/devnet/startDevnet';

export type ProgressDisplay = { onProgress(progress: DevnetProgress): void; line(message: string): void; done(): void };

export function progressDisplay(out: NodeJS.WriteStream = process.stdout): ProgressDisplay {
  const history = new Map<number, { done: number; total: number }>();
  let liveLine = false;
  let lastQuarter = -1;

  const clearLive = () => {
    if (liveLine) out.write('\r\x1b[2K');
    liveLine = false;
  };
  const line = (message: string) => {
    clearLive();
    out.write(`${message}\n`);
  };
  const renderHistory = () => {
    const parts = [...history].map(([id, h]) => `chain ${id} ${h.done} of ${h.total}`);
    const done = [...history.values()].reduce((n, h) => n + h.done, 0);
    const total = [...history.values()].reduce((n, h) => n + h.total, 0);
    const text = `history: ${done} of ${total} swaps (${parts.join(', ')})`;
    if (out.isTTY) {
      out.write(`\r\x1b[2K${text}`);
      liveLine = true;
      return;
    }
    const quarter = Math.floor((4 * done) / Math.max(total, 1));
    if (quarter !== lastQuarter) {
      lastQuarter = quarter;
      out.write(`${text}\n`);
    }
  };

  return {
    onProgress(progress) {
      if (progress.stage === 'history' && progress.done !== undefined && progress.total !== undefined) {
        history.set(progress.chainId, { done: progress.done, total: progress.total });
        renderHistory();
      } else {
        line(progress.message);
      }
    },
    line,
    done: clearLive,
  };
}
