import { describe, expect, it } from 'vitest';
import { permit2Abi } from '@/contracts/generated/permit2';
import { permit2BrowserAbi } from './permit2BrowserAbi';

type Item = { type: string; name?: string; inputs?: readonly { type: string }[]; outputs?: readonly { type: string }[] };
const signature = (item: Item) => `${item.type} ${item.name ?? ''}(${(item.inputs ?? []).map((i) => i.type).join(',')})`;
const outputs = (item: Item) => (item.outputs ?? []).map((o) => o.type);

describe('permit2BrowserAbi', () => {
  it('has every Permit2 error, and its allowance and approve exactly as the contract', () => {
    const generated = new Map((permit2Abi as readonly Item[]).map((item) => [signature(item), item] as const));
    for (const item of permit2BrowserAbi as readonly Item[]) {
      const twin = generated.get(signature(item));
      expect(twin, signature(item)).toBeDefined();
      if (twin) expect(outputs(twin)).toEqual(outputs(item));
    }
    const errorNames = (abi: readonly Item[]) => abi.filter((item) => item.type === 'error').map((item) => item.name).sort();
    expect(errorNames(permit2BrowserAbi)).toEqual(errorNames(permit2Abi));
  });
});
