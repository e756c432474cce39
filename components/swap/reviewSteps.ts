// The review's named steps for a token swap through Permit2 (API.md §9): "Enable USDC (one time)", then "Sign and
// swap" (signature, then the transaction) or "Sign" (gasless), each with its own state.
import type { SwapStep } from './useSwapExecution';

export type ReviewStepState = 'waiting' | 'ready' | 'pending' | 'done' | 'failed' | 'blocked';
export type ReviewStepItem = { id: 'enable' | 'swap'; label: string; state: ReviewStepState };

type Situation = {
  step: SwapStep;
  symbolIn: string;
  gasless: boolean;
  needsApproval: boolean;
  /** The quote offers the token's EIP-2612 permit of Permit2 (API.md §9): enabling is a signature, not a transaction. */
  enableBySignature?: boolean;
};

const SWAP_PENDING: ReadonlySet<SwapStep['kind']> = new Set(['permitting', 'signing', 'pending', 'submitting', 'relaying']);

function enableState({ step, gasless, needsApproval, enableBySignature }: Situation): ReviewStepState {
  if (step.kind === 'approving') return 'pending';
  if (step.kind === 'failed') return step.at === 'enable' ? 'failed' : 'done';
  if (!needsApproval) return 'done';
  // Enabling is a transaction, unless the token's permit is offered: a wallet that went gasless for want of native coin
  // cannot send it.
  return gasless && !enableBySignature ? 'blocked' : 'ready';
}

function swapState({ step, needsApproval }: Situation): ReviewStepState {
  if (SWAP_PENDING.has(step.kind)) return 'pending';
  if (step.kind === 'success') return 'done';
  if (step.kind === 'failed') return step.at === 'swap' ? 'failed' : 'waiting';
  if (step.kind === 'approving' || needsApproval) return 'waiting';
  return 'ready';
}

export function reviewSteps(s: Situation): ReviewStepItem[] {
  return [
    { id: 'enable', label: `Enable ${s.symbolIn} (one time)`, state: enableState(s) },
    { id: 'swap', label: s.gasless ? 'Sign' : 'Sign and swap', state: swapState(s) },
  ];
}
