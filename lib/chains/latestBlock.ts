// One bounded eth_blockNumber call: health must answer quickly even when a node hangs.

export type LatestBlock = { ok: true; blockNumber: bigint; latencyMs: number } | { ok: false; reason: string; latencyMs: number };

/** Never throws; `reason` names what failed without the RPC URL (it may carry an API key). */
export async function latestBlock(rpcUrl: string, timeoutMs: number): Promise<LatestBlock> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return { ok: false, reason: `RPC answered HTTP ${res.status}`, latencyMs: elapsed() };
    const body = (await res.json()) as { result?: unknown };
    if (typeof body.result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(body.result)) {
      return { ok: false, reason: 'RPC answered without a block number', latencyMs: elapsed() };
    }
    return { ok: true, blockNumber: BigInt(body.result), latencyMs: elapsed() };
  } catch (error: unknown) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { ok: false, reason: timedOut ? `RPC did not answer within ${timeoutMs} ms` : 'RPC is unreachable', latencyMs: elapsed() };
  }
}
