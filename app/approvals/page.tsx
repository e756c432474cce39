// /approvals: what the connected wallet has approved for swapping (Permit2 and the router), each revocable.
import type { Metadata } from 'next';
import { ApprovalsList } from '@/components/wallet/ApprovalsList';

export const metadata: Metadata = { title: 'Approvals · Swapdesk' };

export default function ApprovalsPage() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-xl font-semibold">Approvals</h1>
      <p className="text-sm text-[var(--muted)]">
        Token swaps take your input through Permit2: you enable a token once, then sign each swap. Revoking sets an approval to zero; the next swap of that token asks for it again.
      </p>
      <ApprovalsList />
    </div>
  );
}
