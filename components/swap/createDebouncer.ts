// Holds back a changing value until it has been still for `delayMs`; the swap form's typing debounce.

export type Debouncer<T> = {
  /** A new value; restarts the wait. */
  push: (value: T) => void;
  /** True while a pushed value waits to settle. */
  pending: () => boolean;
  cancel: () => void;
};

export function createDebouncer<T>(delayMs: number, onSettle: (value: T) => void): Debouncer<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(value) {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        onSettle(value);
      }, delayMs);
    },
    pending: () => timer !== undefined,
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
