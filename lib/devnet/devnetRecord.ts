// The devnet's deployment record (<dataDir>/devnet.json): what was deployed where, so a restart can reuse the
// persisted chains instead of deploying again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { TokenConfig } from '@/lib/chains/chainConfig';

const Address = TokenConfig.shape.address;

export const DevnetChainRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  weth: Address,
  factory: Address,
  router02: Address,
  swapRouter: Address.optional(),
  /** Uniswap's Permit2 (its canonical address), through which the router takes signed inputs. */
  permit2: Address.optional(),
  /** keccak256 of the SwapRouter creation bytecode deployed: a router built from older sources is replaced. */
  swapRouterBuild: z.string().regex(/^0x[0-9a-f]{64}$/).optional(),
  /** Cross-chain: the DestinationSettler, its build, the bridge asset, and the relayer and attester it serves. */
  destinationSettler: Address.optional(),
  destinationSettlerBuild: z.string().regex(/^0x[0-9a-f]{64}$/).optional(),
  bridgeToken: Address.optional(),
  relayer: Address.optional(),
  attester: Address.optional(),
  startBlock: z.number().int().nonnegative(),
  /** Hash of the chain's genesis block: tells this deployment from a later one at the same addresses. */
  genesisHash: z.string().regex(/^0x[0-9a-f]{64}$/),
  /**
   * Hash of the factory's deployment block (`startBlock`): unlike block 0, which anvil re-creates on every reload of
   * a state file (a later reload may serve any of them), a mined block keeps its hash. Absent in older records.
   */
  startBlockHash: z.string().regex(/^0x[0-9a-f]{64}$/).optional(),
  tokens: z.array(TokenConfig),
  pools: z.array(z.object({ address: Address, base: z.string(), quote: z.string() })),
  /** Uniswap V3: factory, NonfungiblePositionManager, QuoterV2 and Uniswap's own SwapRouter (records from before V3 fail to parse: deployed afresh). */
  uniswapV3: z.object({ factory: Address, positionManager: Address, quoter: Address, router: Address }),
  v3Pools: z.array(z.object({ address: Address, base: z.string(), quote: z.string(), fee: z.number().int().positive() })),
  history: z.object({ days: z.number(), swapsPerPair: z.number().int(), swaps: z.number().int(), blocks: z.number().int() }).nullable(),
  /** Reference USD prices at the end of the history, where the activity loop carries on from. */
  prices: z.record(z.string(), z.number()),
  deployedAt: z.string(),
});

export const DevnetRecord = z.object({ version: z.literal(1), chains: z.array(DevnetChainRecord) });

export type DevnetChainRecord = z.infer<typeof DevnetChainRecord>;
export type DevnetRecord = z.infer<typeof DevnetRecord>;

/** The record, or undefined when it is missing or unreadable (then the devnet deploys afresh). */
export function readDevnetRecord(file: string): DevnetRecord | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = DevnetRecord.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeDevnetRecord(file: string, record: DevnetRecord): void {
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}
