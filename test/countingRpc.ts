// A JSON-RPC relay in front of a real node that counts the calls passing through it, by method (each call of a batch
// counts): how a test sees how many reads a piece of code really makes. `delayMs` holds the answer to a call of the
// named methods back that long (a slow node, for races a fast devnet never shows).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CountingRpc = { url: string; count(method: string): number; reset(): void; close(): Promise<void> };

export async function countingRpc(upstream: string, { delayMs = {} }: { delayMs?: Record<string, number> } = {}): Promise<CountingRpc> {
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const parsed = JSON.parse(body) as { method: string } | { method: string }[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      for (const call of calls) counts.set(call.method, (counts.get(call.method) ?? 0) + 1);
      const delay = Math.max(0, ...calls.map((call) => delayMs[call.method] ?? 0));
      void (async () => {
        if (delay > 0) await new Promise((r) => setTimeout(r, delay));
        const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      })().catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: (method) => counts.get(method) ?? 0,
    reset: () => counts.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
