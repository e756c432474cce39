import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { freePort } from '@/lib/devnet/startAnvil';
import { haproxyServerStatus } from './haproxyCommand';
import { haproxyConfig } from './haproxyConfig';

const HAPROXY = spawnSync('haproxy', ['-v']).status === 0;

describe('haproxyConfig', () => {
  const config = haproxyConfig({
    bind: '127.0.0.1:3000',
    servers: [{ name: 'app1', host: '127.0.0.1', port: 3001 }, { name: 'app2', host: '127.0.0.1', port: 3002 }],
  });

  it('balances round-robin over every server with active checks on /v1/live', () => {
    expect(config).toMatch(/balance roundrobin/);
    expect(config).toMatch(/http-check send meth GET uri \/v1\/live/);
    expect(config).toMatch(/server app1 127\.0\.0\.1:3001\n {2}server app2 127\.0\.0\.1:3002/);
    expect(config).toMatch(/option forwardfor/);
    expect(config).toMatch(/http-request disable-l7-retry if !METH_GET/);
  });

  it.runIf(HAPROXY)('is accepted by haproxy -c', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-cfg-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      writeFileSync(file, config);
      const check = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
      expect(check.stderr + check.stdout).toMatch(/Configuration file is valid/);
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(HAPROXY)('keeps serving when every server fails its checks at once, and still skips a dead one', async () => {
    // Two instances too busy to answer /v1/live (it fails), serving everything else: the balancer must not answer 503.
    const listening = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }));
    const app = (name: string) => createServer((req, res) => {
      res.writeHead(req.url === '/v1/live' ? 503 : 200).end(name);
    });
    const [one, two] = [app('app1'), app('app2')];
    const ports = [await listening(one), await listening(two)];
    const dir = mkdtempSync(path.join(tmpdir(), 'haproxy-open-'));
    const port = await freePort();
    const socket = path.join(dir, 'haproxy.sock');
    const file = path.join(dir, 'haproxy.cfg');
    writeFileSync(file, haproxyConfig({
      bind: `127.0.0.1:${port}`, checkIntervalMs: 200, statsSocket: socket,
      servers: ports.map((p, i) => ({ name: `app${i + 1}`, host: '127.0.0.1', port: p })),
    }));
    const proxy = spawn('haproxy', ['-db', '-f', file], { stdio: 'ignore' });
    const get = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/v1/market/pairs`, { signal: AbortSignal.timeout(5_000) });
      return { status: res.status, from: await res.text() };
    };
    try {
      let status: Record<string, string> = {};
      for (let i = 0; i < 100 && !(status.app1?.startsWith('DOWN') && status.app2?.startsWith('DOWN')); i++) {
        await sleep(100);
        status = await haproxyServerStatus(socket).catch(() => ({}));
      }
      expect(status).toMatchObject({ app1: expect.stringMatching(/^DOWN/), app2: expect.stringMatching(/^DOWN/) });
      const answers = [await get(), await get(), await get(), await get()];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.from))).toEqual(new Set(['app1', 'app2']));
      // One of them really dies: its refused connections are retried on the other.
      await new Promise((resolve) => two.close(resolve));
      two.closeAllConnections();
      const after = [await get(), await get(), await get(), await get()];
      expect(after).toEqual(Array.from({ length: 4 }, () => ({ status: 200, from: 'app1' })));
    } finally {
      proxy.kill('SIGKILL');
      one.closeAllConnections();
      one.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
