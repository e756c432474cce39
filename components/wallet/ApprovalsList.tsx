'use client';
// The wallet's approvals for swapping on its current chain, each with a Revoke button (the approval set to zero).
import { useState } from 'react';
import { erc20Abi, type Hex } from 'viem';
import { useConfig, useConnection } from 'wagmi';
import { waitForTransactionReceipt, writeContract } from 'wagmi/actions';
import { formatAmount } from '@/components/swap/amountText';
import { isUserRejection, routerErrorMessage } from '@/components/swap/routerErrors';
import { permit2BrowserAbi as permit2Abi } from '@/lib/contracts/permit2BrowserAbi';
import { APPROVAL_KIND_TEXT, isUnlimited, liveApprovals, type ApprovalRow } from './approvalRows';
import { useApprovals } from './useApprovals';
import { useChains } from './ChainsContext';
import { useOpenConnect } from './WalletUi';

const RECEIPT_POLL_MS = 250;
const rowKey = (r: ApprovalRow) => `${r.kind}:${r.token.address}`;

type RowState = { kind: 'idle' } | { kind: 'confirm' } | { kind: 'pending'; hash: Hex } | { kind: 'failed'; message: string };

export function ApprovalsList() {
  const { address, chainId } = useConnection();
  const chain = useChains().find((c) => c.id === chainId);
  const openConnect = useOpenConnect();
  const approvals = useApprovals(chain, address);
  const [states, setStates] = useState<Record<string, RowState>>({});
  const config = useConfig();
  if (!address) {
    return (
      <div className="flex flex-col items-start gap-3 text-sm">
        <p>Connect a wallet to see what it has approved for swapping.</p>
        <button type="button" onClick={openConnect} className="rounded-xl bg-[var(--accent)] px-4 py-2 font-semibold text-[var(--on-accent)]">
          Connect wallet
        </button>
      </div>
    );
  }
  if (!chain) return <p className="text-sm">Switch your wallet to a network Swapdesk serves to see its approvals.</p>;
  if (approvals.isLoading) return <p className="text-sm text-[var(--muted)]">Reading approvals on {chain.name}…</p>;
  if (approvals.isError) return <p role="alert" className="text-sm text-[var(--down)]">The approvals could not be read from {chain.name}. Try again later.</p>;
  const rows = liveApprovals(approvals.rows, Math.floor(Date.now() / 1_000));
  const set = (row: ApprovalRow, state: RowState) => setStates((s) => ({ ...s, [rowKey(row)]: state }));

  const revoke = async (row: ApprovalRow) => {
    set(row, { kind: 'confirm' });
    try {
      const hash =
        row.kind === 'permit2Router' && chain.permit2
          ? await writeContract(config, { chainId: chain.id, address: chain.permit2, abi: permit2Abi, functionName: 'approve', args: [row.token.address, row.spender, 0n, 0] })
          : await writeContract(config, { chainId: chain.id, address: row.token.address, abi: erc20Abi, functionName: 'approve', args: [row.spender, 0n] });
      set(row, { kind: 'pending', hash });
      const receipt = await waitForTransactionReceipt(config, { chainId: chain.id, hash, pollingInterval: RECEIPT_POLL_MS });
      if (receipt.status !== 'success') throw new Error('The revoke transaction reverted.');
      await approvals.refetch();
      set(row, { kind: 'idle' });
    } catch (error: unknown) {
      set(row, isUserRejection(error) ? { kind: 'idle' } : { kind: 'failed', message: routerErrorMessage(error) });
    }
  };

  if (rows.length === 0) return <p className="text-sm" data-testid="approvals-empty">No approvals for swapping on {chain.name}: nothing can take your tokens without a new approval or signature.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={`Approvals on ${chain.name}`}>
      {rows.map((row) => (
        <ApprovalItem key={rowKey(row)} row={row} state={states[rowKey(row)] ?? { kind: 'idle' }} onRevoke={() => void revoke(row)} />
      ))}
    </ul>
  );
}

function ApprovalItem({ row, state, onRevoke }: { row: ApprovalRow; state: RowState; onRevoke: () => void }) {
  const text = APPROVAL_KIND_TEXT[row.kind];
  const amount = isUnlimited(row) ? 'Unlimited' : formatAmount(row.amount, row.token.decimals);
  const busy = state.kind === 'confirm' || state.kind === 'pending';
  const label = `${row.token.symbol} · ${text.title}`;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-[var(--border)] bg-[var(--panel)] p-3 text-sm sm:flex-row sm:items-center sm:justify-between" aria-label={label}>
      <div className="min-w-0">
        <p className="font-semibold">
          {row.token.symbol} <span className="font-normal text-[var(--muted)]">→ {text.title}</span>
        </p>
        <p className="tabular-nums" data-testid="approval-amount">
          {amount} {row.token.symbol}
          {row.expiration ? ` · until ${new Date(row.expiration * 1_000).toLocaleDateString()}` : ''}
        </p>
        <p className="text-xs text-[var(--muted)]">{text.detail}</p>
        <p className="truncate font-mono text-xs text-[var(--muted)]" title={row.spender}>
          {row.spender}
        </p>
        {state.kind === 'failed' ? (
          <p role="alert" className="text-xs text-[var(--down)]">
            The revoke failed: {state.message}
          </p>
        ) : null}
        {state.kind === 'pending' ? <p className="text-xs">Revoking… transaction {state.hash.slice(0, 10)}…</p> : null}
        {state.kind === 'confirm' ? <p className="text-xs">Confirm the revoke in your wallet.</p> : null}
      </div>
      <button type="button" onClick={onRevoke} disabled={busy} aria-label={`Revoke ${label}`} className="shrink-0 rounded-xl border border-[var(--down)] px-4 py-2 font-semibold text-[var(--down)] disabled:opacity-50">
        {busy ? 'Revoking…' : 'Revoke'}
      </button>
    </li>
  );
}
