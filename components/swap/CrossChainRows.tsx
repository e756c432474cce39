'use client';
// Rows a cross-chain quote adds to the details and the review: where and when it arrives, the relayer's fee, the route per chain.
import type { ReactNode } from 'react';
import { useChains } from '@/components/wallet/ChainsContext';
import { formatAmount } from './amountText';
import { arrivalText } from './crossChain';
import type { CrossChainExtras, RouteLeg } from './quoteTypes';
import { findToken, isNativeToken, type SwapToken } from './swapTokens';

export type RowComponent = (props: { label: string; children: ReactNode; testId?: string }) => ReactNode;

type Quote = CrossChainExtras & { src_chain_id: number; dst_chain_id: number; route: RouteLeg[] };
type Props = { quote: Quote; tokenIn: SwapToken; tokenOut: SwapToken; Row: RowComponent };

export function CrossChainRows({ quote, tokenIn, tokenOut, Row }: Props) {
  const chains = useChains();
  const chainName = (id: number) => chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
  const tokenOn = (chainId: number, address: `0x${string}`) => findToken(chains, chainId, address);
  const fee = quote.relayer_fee;
  const feeToken = fee ? tokenOn(fee.chain_id, fee.token) : undefined;
  const legs = quote.route;
  const srcChain = quote.src_chain_id;
  const pathText = (leg: RouteLeg) => {
    const first = leg.hops[0]?.token_in;
    const path = first ? [first, ...leg.hops.map((h) => h.token_out)] : [];
    const names = path.map((a) => tokenOn(leg.chain_id, a)?.symbol ?? `${a.slice(0, 6)}…`);
    // The router wraps native input and the destination settler unwraps native output.
    if (leg.chain_id === srcChain && isNativeToken(tokenIn) && names.length > 0) names[0] = tokenIn.symbol;
    if (leg.chain_id !== srcChain && isNativeToken(tokenOut) && names.length > 1) names[names.length - 1] = tokenOut.symbol;
    const bridge = leg.chain_id === srcChain ? quote.bridge?.src : quote.bridge?.dst;
    return names.length > 0 ? names.join(' → ') : ((bridge && tokenOn(bridge.chain_id, bridge.token)?.symbol) ?? 'bridge asset');
  };
  // One part per chain, in order; a chain whose swap is split lists its paths with their shares.
  const chainIds = [...new Set(legs.map((l) => l.chain_id))];
  const routeText = chainIds
    .map((id) => {
      const onChain = legs.filter((l) => l.chain_id === id);
      const paths = onChain.map((l) => (onChain.length > 1 ? `${pathText(l)} (${Math.round(l.share_bps / 100)} %)` : pathText(l)));
      return `${chainName(id)}: ${paths.join(', ')}`;
    })
    .join(' ⟶ ');
  return (
    <>
      <Row label="Arrives" testId="arrival">
        {arrivalText(chainName(quote.dst_chain_id), quote.estimated_fill_time_sec)}
      </Row>
      <Row label="Relayer fee" testId="relayer-fee">
        {fee && feeToken ? `${formatAmount(BigInt(fee.amount), feeToken.decimals)} ${feeToken.symbol}` : '—'}
      </Row>
      <Row label="Route" testId="cross-chain-route">
        {routeText}
      </Row>
    </>
  );
}
