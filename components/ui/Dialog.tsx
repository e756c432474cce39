'use client';
// A modal dialog on the native <dialog>: the page behind is inert (focus stays inside), Escape closes, focus returns to the opener.
import { useEffect, useRef, type ReactNode } from 'react';

type Props = { open: boolean; onClose: () => void; title: string; children: ReactNode; testId?: string };

export function Dialog({ open, onClose, title, children, testId }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    // showModal focuses the first control (the close button); a field marked data-autofocus is where typing belongs.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // Runs when the dialog closes or its owner unmounts it: either way focus goes back where it came from.
    return () => {
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (e.target === e.currentTarget) onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-1.5rem))] rounded-2xl border border-[var(--border)] bg-[var(--panel)] p-0 text-[var(--fg)] backdrop:bg-black/50"
    >
      {open ? (
        <div className="p-5">
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 className="text-lg font-semibold">{title}</h2>
            <button type="button" onClick={onClose} aria-label="Close" className="rounded-lg px-2 py-1 text-[var(--muted)] hover:bg-[var(--bg)]">
              ✕
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
