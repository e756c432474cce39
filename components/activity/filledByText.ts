// The activity row's line on a cross-chain fill: who filled it (our relayer or another filler) and when.
import { clockText } from '@/components/swap/crossChain';
import { fillerText } from '@/components/swap/fillerText';

/** `Filled by filler 0x1234…abcd at 18:40` (destination clock); null until a filler is known. */
export function filledByText(fill: { filler?: string | null; filled_at?: number | null }, relayer: string | null): string | null {
  if (!fill.filler) return null;
  return `Filled${fillerText(fill.filler, relayer)}${fill.filled_at ? ` at ${clockText(fill.filled_at)}` : ''}`;
}
