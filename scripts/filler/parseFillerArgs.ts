// The options of `npm run filler`, parsed and checked with a clear message per mistake.
import { parseArgs } from 'node:util';
import { getAddress, isAddress, isHex, type Address, type Hex } from 'viem';

export type FillerArgs = {
  key: Hex;
  api: string;
  chains: number[] | undefined;
  minProfitBps: number;
  repayment: Address | undefined;
  nativeUsdCents: bigint;
  pollMs: number;
  attester: string | undefined;
};

export const FILLER_USAGE = 'usage: npm run filler -- --key <0x private key> [--api http://127.0.0.1:3000] [--chains 31337,31338] '
  + '[--min-profit-bps 1] [--repayment <address>] [--native-usd 3000] [--poll-ms 250] [--attester <url>]';

export function parseFillerArgs(argv: readonly string[]): FillerArgs {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--'),
    options: {
      key: { type: 'string' }, api: { type: 'string' }, chains: { type: 'string' }, 'min-profit-bps': { type: 'string' },
      repayment: { type: 'string' }, 'native-usd': { type: 'string' }, 'poll-ms': { type: 'string' }, attester: { type: 'string' },
    },
    strict: true,
  });
  const key = values.key ?? process.env.FILLER_KEY;
  if (!key || !isHex(key) || key.length !== 66) throw new Error(`--key must be a 0x-prefixed 32-byte private key (or set FILLER_KEY)\n${FILLER_USAGE}`);
  const int = (name: string, value: string | undefined, fallback: number, max: number) => {
    if (value === undefined) return fallback;
    if (!/^[0-9]+$/.test(value) || Number(value) > max) throw new Error(`--${name} must be an integer from 0 to ${max}`);
    return Number(value);
  };
  const chains = values.chains?.split(',').map((c) => {
    if (!/^[1-9][0-9]*$/.test(c.trim())) throw new Error(`--chains must be comma-separated chain ids, not "${c}"`);
    return Number(c.trim());
  });
  if (values.repayment !== undefined && !isAddress(values.repayment, { strict: false })) throw new Error('--repayment must be an address');
  const nativeUsd = values['native-usd'] ?? '3000';
  if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(nativeUsd)) throw new Error('--native-usd must be a price in US dollars, e.g. 3000 or 2999.5');
  const [dollars = '0', cents = ''] = nativeUsd.split('.');
  return {
    key: key as Hex,
    api: (values.api ?? process.env.SWAPDESK_API ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
    chains,
    minProfitBps: int('min-profit-bps', values['min-profit-bps'], 1, 10_000),
    repayment: values.repayment === undefined ? undefined : getAddress(values.repayment.toLowerCase()),
    nativeUsdCents: BigInt(dollars) * 100n + BigInt(cents.padEnd(2, '0')),
    pollMs: int('poll-ms', values['poll-ms'], 250, 60_000),
    attester: values.attester,
  };
}
