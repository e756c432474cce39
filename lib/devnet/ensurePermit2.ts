// Gives a devnet chain Uniswap's Permit2 at its canonical address: its mainnet creation code sent through the
// deterministic CREATE2 deployer with Uniswap's salt. Never anvil_setCode: Permit2's EIP-712 domain caches the address
// it was constructed at, so runtime code copied elsewhere would refuse every signature.
import { parseEther, toHex, type Address } from 'viem';
import { PERMIT2_ADDRESS } from '@/lib/contracts/permit2';
import { CREATE2_DEPLOYER, PERMIT2_DEPLOY_DATA } from '@/lib/contracts/permit2Deploy';
import { devAccount, type DevClients } from './deployUniswap';
import { waitMined } from './waitMined';

/** A dev-mnemonic account no other role uses, so deploying Permit2 moves no other contract's address. */
const PERMIT2_DEPLOYER_INDEX = 19;
const PERMIT2_DEPLOY_GAS = 4_000_000n;

export async function ensurePermit2(c: DevClients): Promise<Address> {
  const hasCode = async (address: Address) => ((await c.publicClient.getCode({ address })) ?? '0x').length > 2;
  if (await hasCode(PERMIT2_ADDRESS)) return PERMIT2_ADDRESS;
  if (!(await hasCode(CREATE2_DEPLOYER))) {
    throw new Error(`chain ${c.chain.id} has no CREATE2 deployer at ${CREATE2_DEPLOYER}, so Permit2 cannot be deployed at ${PERMIT2_ADDRESS} (anvil started with --disable-default-create2-deployer?)`);
  }
  const account = devAccount(PERMIT2_DEPLOYER_INDEX);
  await c.publicClient.request({ method: 'anvil_setBalance' as never, params: [account.address, toHex(parseEther('1'))] as never });
  const hash = await c.wallet(PERMIT2_DEPLOYER_INDEX).sendTransaction({
    to: CREATE2_DEPLOYER, data: PERMIT2_DEPLOY_DATA, gas: PERMIT2_DEPLOY_GAS, account, chain: c.chain,
  });
  const receipt = await waitMined(c.publicClient, hash);
  if (receipt.status !== 'success' || !(await hasCode(PERMIT2_ADDRESS))) throw new Error(`Permit2 deployment failed on chain ${c.chain.id}`);
  return PERMIT2_ADDRESS;
}
