// Lets /v1/health report the relayer: its scan cursor, inventory and pending orders per chain, read from the store.
import 'server-only';
import { registerRelayerStatus } from '@/lib/api/healthChecks';
import { findChain } from '@/lib/chains/loadChains';
import { crosschainDb } from '@/lib/crosschain/crosschainDb';
import { orderStore } from '@/lib/crosschain/orderStore';

export function registerRelayerHealth(): void {
  registerRelayerStatus(async (chainId) => {
    const chain = findChain(chainId);
    // Only chains with a destination settler take part in cross-chain orders.
    if (!chain?.destinationSettler) return undefined;
    const store = orderStore(await crosschainDb());
    const [progress, pending] = await Promise.all([store.progress(chainId), store.pendingOrders()]);
    const here = pending.find((p) => p.chainId === chainId);
    return {
      scannedBlock: progress?.scannedBlock ?? null,
      bridgeInventory: progress?.bridgeInventory ?? null,
      nativeInventory: progress?.nativeInventory ?? null,
      pendingFills: here?.toFill ?? 0,
      pendingSettlements: here?.toSettle ?? 0,
    };
  });
}
