// Waits until an HTTP server answers at `url` (any status), or gives up.
import { DevnetError } from '@/lib/devnet/devnetError';

const POLL_MS = 250;

export async function waitForHttp(url: string, timeoutMs: number, cancelled: () => boolean = () => false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !cancelled()) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  if (!cancelled()) throw new DevnetError(`${url} did not answer within ${timeoutMs / 1000} s`);
}
