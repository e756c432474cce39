// One backgroundValue per key, made on first use: values computed per chain (the pairs list's figures) that every
// request reads and none should wait for.
import { backgroundValue, type BackgroundValue } from './backgroundValue';

export function backgroundValues<K, T>(options: {
  read: (key: K) => Promise<T>;
  refreshMs: number;
  maxAgeMs: number;
  now?: () => number;
}): (key: K) => BackgroundValue<T> {
  const values = new Map<K, BackgroundValue<T>>();
  return (key) => {
    let value = values.get(key);
    if (!value) {
      value = backgroundValue({ ...options, read: () => options.read(key) });
      values.set(key, value);
    }
    return value;
  };
}
