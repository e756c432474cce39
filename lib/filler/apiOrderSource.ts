// A filler's orders from Swapdesk's public API: GET /v1/crosschain/orders?status=open and the attestation endpoint.
import { getAddress, type Hex } from 'viem';
import type { CrossChainOrdersPage, OrderAttestation } from '@/lib/api/schemas/crosschainOrders';
import { fillerOrderOfJson, type FillerOrder } from './fillerOrder';
import type { OrderSource } from './orderSource';

const PAGE_LIMIT = 500;
const MAX_PAGES = 10;

type Envelope<T> = { code: number; msg: string; data: T | null };

async function getJson<T>(url: string, timeoutMs: number): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const body = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || body.data === null) throw new Error(`GET ${url}: HTTP ${res.status} ${body.msg}`);
  return body.data;
}

export function apiOrderSource(baseUrl: string, timeoutMs = 5_000): OrderSource {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async openOrders() {
      const out: FillerOrder[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const query: string = `status=open&limit=${PAGE_LIMIT}${cursor ? `&cursor=${cursor}` : ''}`;
        const data: CrossChainOrdersPage = await getJson<CrossChainOrdersPage>(`${base}/v1/crosschain/orders?${query}`, timeoutMs);
        out.push(...data.orders.map(fillerOrderOfJson));
        cursor = data.next_cursor;
        if (!cursor) break;
      }
      return out.reverse();
    },
    async attestation(order) {
      const a = await getJson<OrderAttestation>(`${base}/v1/crosschain/orders/attestation?order_id=${order.orderId}`, timeoutMs);
      if (a.status === 'filled' && a.repayment && a.calldata) return { status: 'filled', repayment: getAddress(a.repayment), calldata: a.calldata as Hex };
      return { status: a.status === 'filled' ? 'pending' : a.status };
    },
  };
}
