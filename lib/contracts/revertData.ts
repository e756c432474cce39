// The revert data inside an error from viem or the node, wherever in its chain of causes it sits.
import type { Hex } from 'viem';

const REVERT_DATA = /^0x[0-9a-fA-F]{8,}$/;

/** The first revert data (a 4-byte selector and its arguments) in `error`, its `data` or its causes; undefined when none. */
export function revertData(error: unknown): Hex | undefined {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 12; depth += 1) {
    const data = (e as { data?: unknown }).data;
    if (typeof data === 'string' && REVERT_DATA.test(data)) return data as Hex;
    if (data && typeof data === 'object') {
      const inner = (data as { data?: unknown }).data;
      if (typeof inner === 'string' && REVERT_DATA.test(inner)) return inner as Hex;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
