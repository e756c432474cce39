import { SwapForm } from '@/components/swap/SwapForm';
import type { SwapStartQuery } from '@/components/swap/swapStartPair';
import { TrackedOrders } from '@/components/swap/TrackedOrders';

export default async function SwapPage({ searchParams }: { searchParams: Promise<SwapStartQuery> }) {
  const { chain, in: tokenIn, out } = await searchParams;
  const start = { chain, in: tokenIn, out };
  return (
    <>
      {/* A new link (another pair's Swap button) starts the form over with its pair. */}
      <SwapForm key={JSON.stringify(start)} start={start} />
      <TrackedOrders />
    </>
  );
}
