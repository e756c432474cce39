// `npm run filler -- --key 0x… [--chains …] [--min-profit-bps …]`: a filler anyone can run against Swapdesk. It reads
// the chains from GET /v1/chains, follows the origin chains' Open events and GET /v1/crosschain/orders together (with
// --attester, the Open events alone and that attester), fills what pays, and settles its fills with the attester's
// signature. Stops on SIGINT/SIGTERM.
import { privateKeyToAccount } from 'viem/accounts';
import type { Address } from 'viem';
import { apiOrderSource } from '@/lib/filler/apiOrderSource';
import { chainOpenOrders, chainOrderSource } from '@/lib/filler/chainOrderSource';
import { createFiller, type FillerEvent } from '@/lib/filler/createFiller';
import { feedAndChainOrderSource } from '@/lib/filler/feedAndChainOrderSource';
import { parseFillerArgs } from './filler/parseFillerArgs';

type ChainJson = { chain_id: number; name: string; rpc_url: string; router_address: string | null; cross_chain?: { destination_settler: string } | null };

const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`);
const describe = (e: FillerEvent) => {
  const base = { event: e.kind, order_id: e.order.orderId, from: e.order.originChainId, to: e.order.dstChainId };
  if (e.kind === 'filled') return { ...base, tx: e.txHash, paid: e.order.bridgeAmount.toString(), repaid_later: e.order.escrowAmount.toString() };
  if (e.kind === 'settled') return { ...base, tx: e.txHash, repayment: e.repayment };
  return { ...base, reason: e.reason };
};

try {
  const args = parseFillerArgs(process.argv.slice(2));
  const res = await fetch(`${args.api}/v1/chains`, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`GET ${args.api}/v1/chains answered HTTP ${res.status}`);
  const chains = ((await res.json()) as { data: ChainJson[] }).data.filter((c) => c.cross_chain);
  const account = privateKeyToAccount(args.key);
  const origins = chains.flatMap((c) => (c.router_address ? [{ id: c.chain_id, rpcUrl: c.rpc_url, router: c.router_address as Address }] : []));
  const source = args.attester ? chainOrderSource(origins, args.attester) : feedAndChainOrderSource(apiOrderSource(args.api), chainOpenOrders(origins));
  const filler = createFiller({
    account, source, chains: chains.map((c) => ({ id: c.chain_id, rpcUrl: c.rpc_url })), repayment: args.repayment,
    minProfitBps: args.minProfitBps, nativeUsdCents: args.nativeUsdCents, pollMs: args.pollMs, destinations: args.chains,
    onEvent: (e) => say(describe(e)),
  });
  say({ event: 'started', filler: account.address, repayment: args.repayment ?? account.address, chains: chains.map((c) => c.chain_id), destinations: args.chains ?? 'all', min_profit_bps: args.minProfitBps, feed: args.attester ? `Open events, attester ${args.attester}` : `Open events and ${args.api}/v1/crosschain/orders` });
  filler.start();
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  await filler.stop();
  say({ event: 'stopped' });
} catch (error: unknown) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
