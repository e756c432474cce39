// What kind of pool a pair is and its fee, as the markets table and pair page show it: "V2 0.3 %", "V3 0.05 %".
export function poolLabel(source: 'uniswap_v2' | 'uniswap_v3', feePpm: number): string {
  // Fee in millionths to a percentage without trailing zeros (500 → 0.05, 3000 → 0.3, 10000 → 1).
  const whole = Math.floor(feePpm / 10_000);
  const frac = String(feePpm % 10_000).padStart(4, '0').replace(/0+$/, '');
  return `${source === 'uniswap_v3' ? 'V3' : 'V2'} ${whole}${frac ? `.${frac}` : ''} %`;
}
