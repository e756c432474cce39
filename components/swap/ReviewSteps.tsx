'use client';
// The review's named steps for a Permit2 token swap, each with its own state (see reviewSteps).
import type { ReviewStepItem, ReviewStepState } from './reviewSteps';

const STATE_TEXT: Record<ReviewStepState, string> = {
  waiting: 'Next',
  ready: 'Ready',
  pending: 'In progress…',
  done: 'Done',
  failed: 'Failed',
  blocked: 'Needs gas',
};

const STATE_CLASS: Record<ReviewStepState, string> = {
  waiting: 'text-[var(--muted)]',
  ready: 'font-semibold',
  pending: 'font-semibold',
  done: 'text-[var(--up)]',
  failed: 'text-[var(--down)]',
  blocked: 'text-[var(--down)]',
};

export function ReviewSteps({ steps }: { steps: ReviewStepItem[] }) {
  return (
    <ol aria-label="Steps" className="flex flex-col gap-1 rounded-xl border border-[var(--border)] p-3 text-sm">
      {steps.map((s, i) => (
        <li key={s.id} data-testid={`review-step-${s.id}`} data-state={s.state} className="flex items-center justify-between gap-3">
          <span>
            {i + 1}. {s.label}
          </span>
          <span className={`whitespace-nowrap ${STATE_CLASS[s.state]}`}>{STATE_TEXT[s.state]}</span>
        </li>
      ))}
    </ol>
  );
}
