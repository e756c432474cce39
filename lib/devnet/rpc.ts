// Minimal JSON-RPC client for anvil: single calls and batches (one HTTP request for many calls), used where
// viem's one-request-per-call clients are too slow (seeding thousands of transactions).
export type RpcCall = readonly [method: string, params: readonly unknown[]];

export type Rpc = {
  url: string;
  call<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
  /** Results in call order; throws on the first call that failed, naming it. */
  batch<T = unknown>(calls: readonly RpcCall[]): Promise<T[]>;
};

type RpcResponse = { id: number; result?: unknown; error?: { code: number; message: string; data?: unknown } };

const BATCH_CHUNK = 500;

export class RpcError extends Error {
  constructor(readonly method: string, readonly code: number, message: string) {
    super(`${method} failed: ${message}`);
    this.name = 'RpcError';
  }
}

async function post(url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`RPC ${url} answered HTTP ${res.status}`);
  return res.json();
}

function unwrap(calls: readonly RpcCall[], offset: number, response: RpcResponse): unknown {
  if (response.error) {
    const method = calls[response.id - offset]?.[0] ?? 'rpc';
    throw new RpcError(method, response.error.code, response.error.message);
  }
  return response.result;
}

export function rpc(url: string): Rpc {
  let nextId = 1;
  return {
    url,
    async call<T>(method: string, params: readonly unknown[] = []) {
      const id = nextId++;
      const response = (await post(url, { jsonrpc: '2.0', id, method, params })) as RpcResponse;
      return unwrap([[method, params]], id, response) as T;
    },
    async batch<T>(calls: readonly RpcCall[]) {
      const results: T[] = [];
      for (let start = 0; start < calls.length; start += BATCH_CHUNK) {
        const chunk = calls.slice(start, start + BATCH_CHUNK);
        const body = chunk.map(([method, params], i) => ({ jsonrpc: '2.0', id: i, method, params }));
        const responses = (await post(url, body)) as RpcResponse[];
        const byId = new Map(responses.map((r) => [r.id, r]));
        chunk.forEach((_, i) => {
          const response = byId.get(i);
          if (!response) throw new Error(`RPC batch lost the answer to ${chunk[i]?.[0]}`);
          results.push(unwrap(chunk, 0, response) as T);
        });
      }
      return results;
    },
  };
}
