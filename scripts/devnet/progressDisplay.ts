// Prints devnet start-up progress: one line per step, and the history counters of both chains on one line that
// rewrites itself in a terminal (a line every quarter elsewhere, so logs stay short).
import type { DevnetProgress } from '@/lib/devnet/startDevnet';

export type ProgressDisplay = { onProgress(progress: DevnetProgress): void; line(message: string): void; done(): void };

type Counter = { done: number; total: number };

function historyText(history: Map<number, Counter>): string {
  const parts = [...history].map(([id, h]) => `chain ${id} ${h.done} of ${h.total}`);
  const done = [...history.values()].reduce((n, h) => n + h.done, 0);
  const total = [...history.values()].reduce((n, h) => n + h.total, 0);
  return `history: ${done} of ${total} swaps (${parts.join(', ')})`;
}

export function progressDisplay(out: NodeJS.WriteStream = process.stdout): ProgressDisplay {
  const history = new Map<number, Counter>();
  let liveLine = '';
  let lastQuarter = -1;

  const complete = () => [...history.values()].every((h) => h.done >= h.total);
  const eraseLive = () => {
    if (liveLine) out.write('\r\x1b[2K');
  };
  const drawLive = () => {
    if (!liveLine) return;
    out.write(liveLine);
    // Once every chain is done the counter stays in the scrollback as a normal line.
    if (complete()) {
      out.write('\n');
      liveLine = '';
    }
  };
  const line = (message: string) => {
    eraseLive();
    out.write(`${message}\n`);
    drawLive();
  };
  const renderHistory = () => {
    const text = historyText(history);
    if (out.isTTY) {
      eraseLive();
      liveLine = text;
      drawLive();
      return;
    }
    const done = [...history.values()].reduce((n, h) => n + h.done, 0);
    const total = [...history.values()].reduce((n, h) => n + h.total, 0);
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
    done() {
      if (liveLine) out.write('\n');
      liveLine = '';
    },
  };
}
