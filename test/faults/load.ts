// Mixed client load for the fault suite: HTTP requests from a chosen local address (so each scenario is its own
// client IP behind HAProxy) and candle-stream clients that reconnect and backfill like the web app does.
import http from 'node:http';

export type Sample = { kind: string; start: number; ms: number; status: number; body: unknown };
export type RequestSpec = { kind: string; method: 'GET' | 'POST'; path: string; body?: unknown; headers?: Record<string, string> };

export function httpRequest(base: string, spec: RequestSpec, options: { agent?: http.Agent; localAddress?: string; timeoutMs?: number } = {}): Promise<Sample> {
  const url = new URL(spec.path, base);
  const started = Date.now();
  const t0 = performance.now();
  const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: spec.method,
      // Without an agent, a connection per request: no reuse of a connection the balancer is closing.
      agent: options.agent ?? false,
      localAddress: options.localAddress,
      headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...spec.headers },
      timeout: options.timeoutMs ?? 10_000,
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        resolve({ kind: spec.kind, start: started, ms: performance.now() - t0, status: res.statusCode ?? 0, body });
      });
      res.on('error', () => resolve({ kind: spec.kind, start: started, ms: performance.now() - t0, status: 0, body: undefined }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ kind: spec.kind, start: started, ms: performance.now() - t0, status: 0, body: undefined }));
    if (payload) req.write(payload);
    req.end();
  });
}

/** A few workers cycling through `specs` until stopped, each request recorded. */
export class MixedLoad {
  readonly samples: Sample[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private readonly agent: http.Agent;

  constructor(private readonly base: string, private readonly specs: () => RequestSpec[], private readonly options: { localAddress: string; workers: number; pauseMs: number }) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.workers, localAddress: options.localAddress });
  }

  start(): void {
    this.running = true;
    for (let w = 0; w < this.options.workers; w++) {
      this.workers.push((async () => {
        let i = w;
        while (this.running) {
          const list = this.specs();
          const spec = list[i++ % list.length];
          if (!spec) break;
          this.samples.push(await httpRequest(this.base, spec, { agent: this.agent }));
          await new Promise((r) => setTimeout(r, this.options.pauseMs));
        }
      })());
    }
  }

  async stop(): Promise<Sample[]> {
    this.running = false;
    await Promise.all(this.workers);
    this.agent.destroy();
    return this.samples;
  }
}

export type StreamCandle = { open_time: number; close: string; volume_base: string; trades: number; closed: boolean };

/**
 * A candle-stream client as the web app is one: on every (re)connect it first reads the recent klines, then applies
 * `candle` events; a dropped stream reconnects after `retryMs`.
 */
export class StreamClient {
  readonly candles = new Map<number, StreamCandle>();
  connects = 0;
  failedConnects = 0;
  events = 0;
  lastStatus = 0;
  private req: http.ClientRequest | undefined;
  private stopped = false;

  constructor(private readonly base: string, private readonly query: string, private readonly options: { localAddress: string; retryMs?: number }) {}

  start(): void {
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.req?.destroy();
  }

  private async backfill(): Promise<void> {
    const s = await httpRequest(this.base, { kind: 'klines', method: 'GET', path: `/v1/market/klines?${this.query}&limit=10` }, { localAddress: this.options.localAddress });
    const rows = (s.body as { data?: StreamCandle[] } | undefined)?.data ?? [];
    for (const r of rows) this.candles.set(r.open_time, r);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.backfill();
    } catch {
      // The stream itself tells whether the service is there.
    }
    const retry = () => {
      if (!this.stopped) setTimeout(() => void this.connect(), this.options.retryMs ?? 500);
    };
    this.req = http.get(new URL(`/v1/market/stream?${this.query}`, this.base), { localAddress: this.options.localAddress }, (res) => {
      this.lastStatus = res.statusCode ?? 0;
      if (res.statusCode !== 200) {
        this.failedConnects++;
        res.resume();
        res.on('end', retry);
        return;
      }
      this.connects++;
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        pending += chunk;
        const frames = pending.split('\n\n');
        pending = frames.pop() ?? '';
        for (const frame of frames) {
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (!frame.includes('event: candle') || !data) continue;
          const candle = JSON.parse(data.slice(6)) as StreamCandle;
          this.candles.set(candle.open_time, candle);
          this.events++;
        }
      });
      res.on('end', retry);
      res.on('error', retry);
    });
    this.req.on('error', () => {
      this.failedConnects++;
      retry();
    });
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
