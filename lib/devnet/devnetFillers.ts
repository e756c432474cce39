// Extra fillers for `npm start -- --fillers N`: dev-mnemonic accounts that no other role uses (indexes 10 and up),
// each given gas and a bridge-asset inventory on every chain, topped up whenever it has spent below half of it.
import 'server-only';
import { erc20Abi, parseEther, parseUnits, toHex, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC, devClients, mint } from './deployUniswap';
import { DEV_ACCOUNT_COUNT } from './devnetMarkets';
import { BRIDGE_TOKEN_SYMBOL } from './ensureCrossChain';

export const MAX_DEVNET_FILLERS = 8;
export const FILLER_NATIVE_FUNDING = parseEther('100');
export const FILLER_BRIDGE_FUNDING_WHOLE = 500_000n;

export type DevnetFiller = { index: number; address: Address; key: Hex };

/** The `n` filler accounts, the first at mnemonic index DEV_ACCOUNT_COUNT. */
export function devnetFillers(n: number): DevnetFiller[] {
  return Array.from({ length: n }, (_, i) => {
    const index = DEV_ACCOUNT_COUNT + i;
    const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
    const key = account.getHdKey().privateKey;
    if (!key) throw new Error(`no private key for dev account ${index}`);
    return { index, address: account.address, key: toHex(key) };
  });
}

type FundedChain = { id: number; rpcUrl: string; tokens: readonly { symbol: string; address: string; decimals: number }[] };

/** Tops `filler` up on `chain`: gas to FILLER_NATIVE_FUNDING and the bridge asset to FILLER_BRIDGE_FUNDING_WHOLE. */
export async function fundDevnetFiller(chain: FundedChain, filler: Address): Promise<void> {
  const c = devClients(chain.id, chain.rpcUrl);
  if ((await c.publicClient.getBalance({ address: filler })) < FILLER_NATIVE_FUNDING / 2n) {
    await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [filler, toHex(FILLER_NATIVE_FUNDING)] as never });
  }
  const bridge = chain.tokens.find((t) => t.symbol === BRIDGE_TOKEN_SYMBOL);
  if (!bridge) return;
  const target = parseUnits(FILLER_BRIDGE_FUNDING_WHOLE.toString(), bridge.decimals);
  const held = await c.publicClient.readContract({ address: bridge.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [filler] });
  if (held < target / 2n) await mint(c, bridge.address as Address, filler, target - held);
}
