import { SwapForm } from '@/components/swap/SwapForm';
import { TrackedOrders } from '@/components/swap/TrackedOrders';

export default function SwapPage() {
  return (
    <>
      <SwapForm />
      <TrackedOrders />
    </>
  );
}
