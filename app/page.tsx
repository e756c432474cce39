import { SwapForm } from '@/components/swap/SwapForm';

export default function SwapPage() {
  return <SwapForm />;
}
