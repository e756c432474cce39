import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alive } from './fixtures/processAlive';
import { childEnv } from '@/lib/env';
import { spawnChild } from './spawnChild';

// A child that starts a grandchild which ignores SIGTERM, writes the grandchild's pid to the file named by its
// argument (its output is ignored, as the launcher's quiet mode does), and keeps running.
const PARENT = `
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const g = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
writeFileSync(process.argv[1], 'grandchild ' + g.pid);
setInterval(() => {}, 1000);
`;

describe('spawnChild', () => {
  it('stop() ends the child and everything it spawned, even a grandchild that ignores SIGTERM', async () => {
    const pidFile = path.join(mkdtempSync(path.join(tmpdir(), 'spawn-child-')), 'grandchild');
    const child = spawnChild({ name: 't', command: process.execPath, args: ['-e', PARENT, pidFile], env: childEnv({}), output: 'ignore' });
    const deadline = Date.now() + 10_000;
    const written = () => (existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : '');
    while (!written().includes('grandchild') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const grandchild = Number(/grandchild (\d+)/.exec(written())?.[1]);
    expect(alive(grandchild)).toBe(true);

    await child.stop(500);
    expect(await child.exited).toBe('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(grandchild)).toBe(false);
  });

  it('reports an unexpected exit with its code', async () => {
    const child = spawnChild({ name: 't', command: process.execPath, args: ['-e', 'process.exit(3)'], env: childEnv({}), output: 'ignore' });
    expect(await child.exited).toBe(3);
  });
});
