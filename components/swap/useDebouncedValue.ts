'use client';
// React face of createDebouncer: the settled value and whether a newer one is still waiting.
import { useEffect, useRef, useState } from 'react';
import { createDebouncer, type Debouncer } from './createDebouncer';

export function useDebouncedValue<T>(value: T, delayMs: number, sameValue: (a: T, b: T) => boolean = Object.is) {
  const [settled, setSettled] = useState(value);
  const debouncer = useRef<Debouncer<T> | null>(null);
  useEffect(() => {
    debouncer.current = createDebouncer<T>(delayMs, setSettled);
    return () => debouncer.current?.cancel();
  }, [delayMs]);
  useEffect(() => {
    if (sameValue(value, settled)) debouncer.current?.cancel();
    else debouncer.current?.push(value);
    // `settled` is deliberately not a dependency: only a new input restarts the wait.
  }, [value]);
  return { value: settled, pending: !sameValue(value, settled) };
}
