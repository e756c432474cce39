'use client';
// The latest block of each served chain, read through wagmi: shows the app is live.
import { useBlockNumber } from 'wagmi';
import { useChains } from './ChainsContext';

function ChainBlock({ chainId, name }: { chainId: number; name: string }) {
  const { data, isError } = useBlockNumber({ chainId, watch: true });
  return (
    <span data-testid={`block-number-${chainId}`}>
      {name}: {isError ? 'offline' : data === undefined ? '…' : `#${data.toString()}`}
    </span>
  );
}

export function BlockNumber() {
  const chains = useChains();
  return (
    <span className="flex gap-3" aria-label="Latest blocks">
      {chains.map((c) => (
        <ChainBlock key={c.id} chainId={c.id} name={c.name} />
      ))}
    </span>
  );
}
