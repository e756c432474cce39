// Reading a quote as cross-chain or not, and the words the swap form uses for where and when a swap arrives.
export const isCrossChain = (q: { src_chain_id: number; dst_chain_id: number }) => q.src_chain_id !== q.dst_chain_id;

/** "~45 s", "~2 min": an estimate, rounded the way people say it. */
export function durationText(seconds: number): string {
  if (seconds < 90) return `~${Math.max(1, Math.round(seconds))} s`;
  return `~${Math.round(seconds / 60)} min`;
}

/** "on Devnet B in ~12 s". */
export function arrivalText(chainName: string, seconds: number | undefined): string {
  return seconds === undefined ? `on ${chainName}` : `on ${chainName} in ${durationText(seconds)}`;
}

/** Local clock time of a Unix-seconds deadline, e.g. "14:05". */
export function clockText(unixSec: number): string {
  return new Date(unixSec * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
