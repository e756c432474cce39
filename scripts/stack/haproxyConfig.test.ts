import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
