// Writes the chain registry (CHAINS_CONFIG format) describing the running devnet, validated before it lands.
import { renameSync, writeFileSync } from 'node:fs';
import { ChainsFile } from '@/lib/chains/chainConfig';
import type { DevnetChainRecord } from './devnetRecord';

export type RunningChain = { record: DevnetChainRecord; rpcUrl: string };

/** Seconds between devnet blocks as the app should poll them: the activity loop trades every 2–5 s. */
const DEVNET_BLOCK_TIME_S = 2;
/**
 * Cross-chain depth on the devnet: one block on top. anvil mines a block per transaction, so a confirmation costs the
 * wait for the chain's next transaction (the activity loop's swap every 2–5 s when nothing else is sent).
 */
export const DEVNET_CONFIRMATIONS = 1;

export function chainsFile(chains: readonly RunningChain[], stablecoins: (chainId: number) => readonly string[]): ChainsFile {
  return ChainsFile.parse({
    chains: chains.map(({ record, rpcUrl }) => ({
      id: record.id,
      name: record.name,
      rpcUrl,
      // anvil serves WebSocket JSON-RPC on the same port.
      wsUrl: rpcUrl.replace(/^http/, 'ws'),
      nativeSymbol: 'ETH',
      nativeDecimals: 18,
      factory: record.factory,
      router02: record.router02,
      weth: record.weth,
      v3Factory: record.uniswapV3.factory,
      v3Quoter: record.uniswapV3.quoter,
      v3PositionManager: record.uniswapV3.positionManager,
      ...(record.swapRouter ? { swapRouter: record.swapRouter } : {}),
      ...(record.permit2 ? { permit2: record.permit2 } : {}),
      ...(record.destinationSettler ? { destinationSettler: record.destinationSettler } : {}),
      ...(record.bridgeToken ? { bridgeToken: record.bridgeToken } : {}),
      ...(record.relayer ? { relayer: record.relayer } : {}),
      stablecoins: stablecoins(record.id).map((symbol) => {
        const token = record.tokens.find((t) => t.symbol === symbol);
        if (!token) throw new Error(`stablecoin ${symbol} is not deployed on chain ${record.id}`);
        return token.address;
      }),
      startBlock: record.startBlock,
      blockTimeSec: DEVNET_BLOCK_TIME_S,
      confirmations: DEVNET_CONFIRMATIONS,
      tokens: record.tokens,
    })),
  });
}

/** Written to a temporary file and renamed, so a reader never sees half a registry. */
export function writeChainsFile(file: string, registry: ChainsFile): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(tmp, file);
}
