// The attester's HTTP endpoint: POST /v1/attest {origin_chain_id, order_id, origin_data} answers a signed
// attestation (200), or 202 with why it is not final yet; GET /v1/live names the attester. Anyone may ask: it
// signs only what the chains show, so an answer is worth the same to every caller.
import 'server-only';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Attester } from './createAttester';
import { WitnessInputError } from './witnessOrder';

const MAX_BODY_BYTES = 64 * 1024;
const hexOf = (bytes: number | undefined) => z.string().regex(bytes === undefined ? /^0x(?:[0-9a-fA-F]{2})+$/ : new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`));

export const AttestBody = z.object({
  origin_chain_id: z.number().int().positive(),
  order_id: hexOf(32),
  origin_data: hexOf(undefined),
});

export type AttesterServer = { url: string; close(): Promise<void>; server: Server };

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new WitnessInputError(`body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(attester: Attester, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.url === '/v1/live' && req.method === 'GET') return reply(res, 200, { attester: attester.address });
  if (req.url !== '/v1/attest') return reply(res, 404, { error: { code: 'NOT_FOUND', message: 'POST /v1/attest or GET /v1/live' } });
  if (req.method !== 'POST') return reply(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'POST /v1/attest' } });
  try {
    let json: unknown;
    try {
      json = JSON.parse(await readBody(req));
    } catch (error: unknown) {
      throw error instanceof WitnessInputError ? error : new WitnessInputError('body is not JSON');
    }
    const parsed = AttestBody.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new WitnessInputError(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
    }
    const { origin_chain_id: originChainId, order_id: orderId, origin_data: originData } = parsed.data;
    const answer = await attester.attest({ originChainId, orderId: orderId as `0x${string}`, originData: originData as `0x${string}` });
    reply(res, answer.kind === 'pending' ? 202 : 200, answer);
  } catch (error: unknown) {
    if (error instanceof WitnessInputError) return reply(res, 400, { error: { code: 'BAD_REQUEST', message: error.message } });
    reply(res, 502, { error: { code: 'CHAIN_UNAVAILABLE', message: error instanceof Error ? error.message.split('\n')[0] : String(error) } });
  }
}

/** Listens on `host:port` (port 0: a free one); resolves once listening. */
export async function startAttesterServer(attester: Attester, host: string, port: number): Promise<AttesterServer> {
  const server = createServer((req, res) => void handle(attester, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
