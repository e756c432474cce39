'use client';
// Rows a cross-chain quote adds to the details and the review: where and when it arrives, the relayer's fee, the route per chain.
import type { ReactNode } from 'react';
import { useChains } from '@/components/wallet/ChainsContext';
import { formatAmount } from './amountText';
import { arrivalText } from './crossChain';
import type { CrossChainExtras, RouteLeg } from './quoteTypes';
import { crossChainRouteParts, routeLegTexts, servesSeveralSources } from './routeText';
import { findToken, type SwapToken } from './swapTokens';

export type RowComponent = (props: { label: string; children: ReactNode; testId?: string }) => ReactNode;

type Quote = CrossChainExtras & { src_chain_id: number; dst_chain_id: number; route: RouteLeg[] };
type Props = { quote: Quote; tokenIn: SwapToken; tokenOut: SwapToken; Row: RowComponent };

export function CrossChainRows({ quote, tokenIn, tokenOut, Row }: Props) {
  const chains = useChains();
  const chainName = (id: number) => chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
  const tokenOn = (chainId: number, address: `0x${string}`) => findToken(chains, chainId, address);
  const fee = quote.relayer_fee;
  const feeToken = fee ? tokenOn(fee.chain_id, fee.token) : undefined;
  const symbolOf = (chainId: number, address: `0x${string}`) => tokenOn(chainId, address)?.symbol ?? `${address.slice(0, 6)}…`;
  const bridgeSymbol = (chainId: number) => {
    const bridge = chainId === quote.src_chain_id ? quote.bridge?.src : quote.bridge?.dst;
    return (bridge && tokenOn(bridge.chain_id, bridge.token)?.symbol) ?? 'bridge asset';
  };
  const parts = crossChainRouteParts(routeLegTexts(quote.route, tokenIn, tokenOut, symbolOf, (id) => servesSeveralSources(chains, id)), chainName, bridgeSymbol);
  return (
    <>
      <Row label="Arrives" testId="arrival">
        <span className="whitespace-nowrap">{arrivalText(chainName(quote.dst_chain_id), quote.estimated_fill_time_sec)}</span>
      </Row>
      <Row label="Relayer fee" testId="relayer-fee">
        <span className="whitespace-nowrap">{fee && feeToken ? `${formatAmount(BigInt(fee.amount), feeToken.decimals)} ${feeToken.symbol}` : '—'}</span>
      </Row>
      <Row label="Route" testId="cross-chain-route">
        {/* "Devnet A: 91 % ETH → WBTC → USDC · 9 % ETH → USDC ⟶ Devnet B: USDC", breaking between legs at 375 px; a leg
            wider than the row on its own (several hops and a fee tier) breaks at its arrows, never inside a figure such as
            "0.05 %" or "Devnet B: USDC". */}
        {parts.map((part, p) => (
          <span key={part.chain}>
            {p > 0 ? ' ⟶ ' : ''}
            {/* The chain's name stays on the line of its first leg ("Devnet B: USDC", never "Devnet B:" / "USDC"). */}
            {part.legs.map((leg, l) => (
              <span key={l}>
                {l > 0 ? ' · ' : ''}
                <span className="inline-block max-w-full">{atoms(l === 0 ? `${part.chain}: ${leg}` : leg)}</span>
              </span>
            ))}
          </span>
        ))}
      </Row>
    </>
  );
}

/** A leg's text with its hops and fee tier each kept whole: it may break only at " → " and " · ". */
function atoms(text: string): ReactNode[] {
  return text.split(/( → | · )/).map((piece, i) => (i % 2 === 1 ? piece : <span key={i} className="whitespace-nowrap">{piece}</span>));
}
