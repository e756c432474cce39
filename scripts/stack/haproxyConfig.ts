// The HAProxy configuration of a cluster: round-robin over the app instances, active checks on /v1/live,
// retries on connection failures (and, for GET/HEAD only, on a server that died mid-request), SSE streamed through,
// and every instance again as an unchecked backup, so that checks failing on all of them at once (a burst keeps
// every instance too busy to answer its check in time) leave the traffic where it was instead of answering 503.
export type HaproxyServer = { name: string; host: string; port: number };

export type HaproxyConfigOptions = {
  /** Address the balancer listens on, e.g. `*:3000` or `127.0.0.1:3000`. */
  bind: string;
  servers: readonly HaproxyServer[];
  /** Health-check interval; a server is out after 3 failed checks (2 s each at most) and back after 1 good one.
   *  While every server is out, requests go to all of them unchecked (the `-unchecked` backups): a dead one then
   *  refuses the connection, which is retried on another. */
  checkIntervalMs?: number;
  /** Admin socket (runtime API), for tooling that drains or inspects servers. */
  statsSocket?: string;
  /** Where HAProxy writes its pid when run in the background. */
  pidFile?: string;
};

/**
 * Timeouts: `client`/`server` are inactivity timeouts; the candle stream (/v1/market/stream) sends a heartbeat
 * every 15 s, so 60 s keeps a stream open for as long as the client stays, while a stuck server is cut after
 * a minute. HAProxy does not buffer responses, so server-sent events pass through as they are written.
 */
export function haproxyConfig(options: HaproxyConfigOptions): string {
  const inter = options.checkIntervalMs ?? 1000;
  const lines = [
    'global',
    ...(options.statsSocket ? [`  stats socket ${options.statsSocket} mode 600 level admin`] : []),
    ...(options.pidFile ? [`  pidfile ${options.pidFile}`] : []),
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure empty-response',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    '  timeout tunnel 1h',
    // A check waits up to 2 s: an instance busy with a burst is slow, not dead; taking every busy instance out at
    // once would turn a burst into an outage.
    '  timeout check 2s',
    '',
    'frontend swapdesk',
    `  bind ${options.bind}`,
    '  default_backend app',
    '',
    'backend app',
    '  balance roundrobin',
    // A POST that reached a server which then died may have been processed: only a refused connection is retried.
    '  http-request disable-l7-retry if !METH_GET',
    '  option httpchk',
    '  http-check send meth GET uri /v1/live ver HTTP/1.1 hdr Host localhost',
    '  http-check expect status 200',
    `  default-server check inter ${inter} fastinter ${Math.max(200, Math.floor(inter / 2))} fall 3 rise 1`,
    ...options.servers.map((s) => `  server ${s.name} ${s.host}:${s.port}`),
    // Fail open, as Envoy's panic threshold does: a check that times out on every instance at once says they are
    // busy, not that they are all dead. The backups are used only while no checked server is up, all of them at once.
    '  option allbackups',
    ...options.servers.map((s) => `  server ${s.name}-unchecked ${s.host}:${s.port} backup no-check`),
    '',
  ];
  return lines.join('\n');
}
