// The relayer's view of each configured chain: a client (batched reads), its sender, and the cross-chain contracts.
import 'server-only';
import { createPublicClient, http, isAddressEqual, type Address, type LocalAccount, type PublicClient } from 'viem';
import { depthsOf, type ChainConfig } from '@/lib/chains/chainConfig';
import { createTxSender, type TxSender } from '@/lib/filler/createTxSender';

export type RelayerChain = {
  id: number;
  name: string;
  /** Our router: the only origin settler whose Open events we record. */
  originSettler: Address | undefined;
  destinationSettler: Address | undefined;
  bridgeToken: Address | undefined;
  /** Decimals of the bridge asset (from the registry's token list); unknown when the registry does not list it. */
  bridgeDecimals: number | undefined;
  startBlock: number;
  /** Blocks on top before a deposit here counts (the registry's `confirmations`). */
  confirmations: number;
  /** Blocks after which a fill here is final (the registry's `finalityBlocks`). */
  finalityBlocks: number;
  client: PublicClient;
  sender: TxSender;
};

export type RelayerChains = {
  /** The chains as the registry lists them now; an entry that changed since the last call gets a new client. */
  current(configs: readonly ChainConfig[]): Map<number, RelayerChain>;
};

function bridgeDecimalsOf(config: ChainConfig): number | undefined {
  const { bridgeToken } = config;
  return bridgeToken ? config.tokens.find((t) => isAddressEqual(t.address, bridgeToken))?.decimals : undefined;
}

export function relayerChains(account: LocalAccount, rpcTimeoutMs: number, pollingMs: number): RelayerChains {
  const cache = new Map<number, { key: string; chain: RelayerChain }>();
  return {
    current(configs) {
      const out = new Map<number, RelayerChain>();
      for (const config of configs) {
        const key = JSON.stringify(config);
        let entry = cache.get(config.id);
        if (!entry || entry.key !== key) {
          const client = createPublicClient({
            transport: http(config.rpcUrl, { timeout: rpcTimeoutMs, retryCount: 1, batch: { batchSize: 200 } }),
            pollingInterval: pollingMs,
          }) as PublicClient;
          entry = {
            key,
            chain: {
              id: config.id, name: config.name, originSettler: config.swapRouter, destinationSettler: config.destinationSettler,
              bridgeToken: config.bridgeToken, bridgeDecimals: bridgeDecimalsOf(config), startBlock: config.startBlock,
              ...depthsOf(config), client, sender: createTxSender(client, account, config.id),
            },
          };
          cache.set(config.id, entry);
        }
        out.set(config.id, entry.chain);
      }
      return out;
    },
  };
}
