export default function SwapPage() {
  return (
    <section aria-labelledby="swap-title" className="mx-auto max-w-md rounded-2xl border border-[var(--border)] bg-[var(--panel)] p-5">
      <h1 id="swap-title" className="text-xl font-semibold">
        Swap
      </h1>
      <p className="mt-2 text-sm text-[var(--muted)]">Pick two tokens and an amount to see a live quote.</p>
    </section>
  );
}
