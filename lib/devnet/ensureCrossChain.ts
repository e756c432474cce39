// Gives a devnet chain its cross-chain side: the DestinationSettler (deployed when missing or built from older
// sources), and a relayer account funded with gas and a bridge-asset inventory that has approved the settler.
import 'server-only';
import { getAddress, isAddressEqual, keccak256, maxUint256, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { destinationSettlerBytecode } from '@/contracts/generated/destinationSettler';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import type { DeployedChain } from './deployDevnetChain';
import { ACCOUNT_ROLES } from './devnetMarkets';
import { deployDestinationSettler } from './deploySwapRouter';
import { devClients, mint } from './deployUniswap';
import { waitMined } from './waitMined';

/** The devnet's bridge asset on every chain. */
export const BRIDGE_TOKEN_SYMBOL = 'USDC';
/** What the devnet gives a relayer account on each chain, once. */
export const RELAYER_NATIVE_FUNDING = parseEther('100');
export const RELAYER_BRIDGE_FUNDING_WHOLE = 2_000_000n;
/** Identifies the settler build in the devnet record (`destinationSettlerBuild`). */
export const DESTINATION_SETTLER_BUILD: Hex = keccak256(destinationSettlerBytecode);

export type CrossChainRecord = {
  destinationSettler?: Address;
  destinationSettlerBuild?: string;
  bridgeToken?: Address;
  /** The relayer account this chain funded (funding happens once per relayer). */
  relayer?: Address;
};

export type EnsureCrossChainOptions = { rpcUrl: string; chain: DeployedChain & CrossChainRecord; relayer: Address };

export async function ensureCrossChain({ rpcUrl, chain, relayer }: EnsureCrossChainOptions): Promise<Required<CrossChainRecord>> {
  const c = devClients(chain.id, rpcUrl);
  const bridge = chain.tokens.find((t) => t.symbol === BRIDGE_TOKEN_SYMBOL);
  if (!bridge) throw new Error(`chain ${chain.id} has no ${BRIDGE_TOKEN_SYMBOL} to bridge with`);
  const bridgeToken = getAddress(bridge.address);

  let settler = chain.destinationSettler;
  const current = chain.destinationSettlerBuild === DESTINATION_SETTLER_BUILD;
  if (!settler || !current || !(await c.publicClient.getCode({ address: settler }))) {
    settler = getAddress(await deployDestinationSettler(c, { factory: chain.factory, v3Factory: chain.uniswapV3.factory, weth: chain.weth, deployerIndex: ACCOUNT_ROLES.deployer }));
  }

  if (!chain.relayer || !isAddressEqual(chain.relayer, relayer)) {
    await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [relayer, `0x${RELAYER_NATIVE_FUNDING.toString(16)}`] as never });
    await mint(c, bridgeToken, relayer, parseUnits(RELAYER_BRIDGE_FUNDING_WHOLE.toString(), bridge.decimals));
  }
  const allowance = await c.publicClient.readContract({ address: bridgeToken, abi: testERC20Abi, functionName: 'allowance', args: [relayer, settler] });
  if (allowance < maxUint256 / 2n) {
    // The relayer's key may live elsewhere (RELAYER_KEY); anvil lets the devnet act as the account for this one call.
    await c.publicClient.request({ method: 'anvil_impersonateAccount' as never, params: [relayer] as never });
    try {
      const hash = await c.wallet(ACCOUNT_ROLES.deployer).writeContract({
        address: bridgeToken, abi: testERC20Abi, functionName: 'approve', args: [settler, maxUint256], account: relayer, chain: c.chain,
      });
      const receipt = await waitMined(c.publicClient, hash);
      if (receipt.status !== 'success') throw new Error(`relayer approval failed on chain ${chain.id}`);
    } finally {
      await c.publicClient.request({ method: 'anvil_stopImpersonatingAccount' as never, params: [relayer] as never });
    }
  }
  return { destinationSettler: settler, destinationSettlerBuild: DESTINATION_SETTLER_BUILD, bridgeToken, relayer: getAddress(relayer) };
}
