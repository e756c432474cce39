// Who filled a cross-chain order, in words: Swapdesk's relayer by name, any other filler by its address.

/** ` by Swapdesk's relayer` or ` by filler 0x1234…abcd` (to follow "Filled"); empty until filled. */
export function fillerText(filler: string | null | undefined, relayer: string | null): string {
  if (!filler) return '';
  return relayer && filler.toLowerCase() === relayer.toLowerCase() ? ' by Swapdesk\'s relayer' : ` by filler ${filler.slice(0, 6)}…${filler.slice(-4)}`;
}
