import { describe, expect, it } from 'vitest';
import { clockText } from '@/components/swap/crossChain';
import { filledByText } from './filledByText';

const RELAYER = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
const OTHER = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
const AT = 1_800_000_000;

describe('filledByText', () => {
  it('names another filler by its address and says when it filled', () => {
    expect(filledByText({ filler: OTHER, filled_at: AT }, RELAYER)).toBe(`Filled by filler 0x14dC…9955 at ${clockText(AT)}`);
  });

  it('names our relayer as such, whatever the address case', () => {
    expect(filledByText({ filler: RELAYER.toLowerCase(), filled_at: AT }, RELAYER)).toBe(`Filled by Swapdesk's relayer at ${clockText(AT)}`);
    expect(filledByText({ filler: RELAYER, filled_at: null }, RELAYER)).toBe('Filled by Swapdesk\'s relayer');
  });

  it('says nothing until filled', () => {
    expect(filledByText({ filler: null, filled_at: null }, RELAYER)).toBeNull();
    expect(filledByText({}, RELAYER)).toBeNull();
  });
});
