// Reads one kind of log over a block range, retrying with backoff and splitting ranges the RPC refuses as too large.
const ATTEMPTS = 5;
const BACKOFF_MS = 200;
const TOO_LARGE = /range|too many|limit|exceed|size|10000|timeout|timed out/i;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** All logs `read` returns for [from, to], ascending; throws once a one-block range still fails after every retry. */
export async function readLogRange<T>(read: (from: bigint, to: bigint) => Promise<T[]>, from: bigint, to: bigint): Promise<T[]> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return await read(from, to);
    } catch (error: unknown) {
      lastError = error;
      const message = error instanceof Error ? error.message : String(error);
      // A refused range gets smaller instead of repeated as it is.
      if (to > from && TOO_LARGE.test(message)) {
        const mid = from + (to - from) / 2n;
        return [...(await readLogRange(read, from, mid)), ...(await readLogRange(read, mid + 1n, to))];
      }
      await sleep(BACKOFF_MS * 2 ** attempt);
    }
  }
  throw lastError;
}
