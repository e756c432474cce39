import { describe, expect, it } from 'vitest';
import { spawnChild } from '../devnet/spawnChild';
import { supervise } from './supervise';

const node = (code: string) => () => spawnChild({ name: 't', command: process.execPath, args: ['-e', code], env: process.env, output: 'ignore' });

describe('supervise', () => {
  it('restarts a child that is killed, with a new process', async () => {
    const s = supervise({ name: 'sleeper', start: node('setInterval(() => {}, 1000)'), restartDelayMs: 10 });
    const first = s.current();
    const next = s.nextStart();
    first.process.kill('SIGKILL');
    const second = await next;
    expect(second.process.pid).not.toBe(first.process.pid);
    expect(s.restarts).toBe(1);
    await s.stop(1000);
    expect(second.process.exitCode !== null || second.process.signalCode !== null).toBe(true);
  });

  it('gives up on a child that keeps dying', async () => {
    const reason = await new Promise<string>((resolve) => {
      supervise({ name: 'crasher', start: node('process.exit(3)'), restartDelayMs: 1, maxRestarts: 2, onGiveUp: resolve });
    });
    expect(reason).toMatch(/crasher exited 3 times/);
  });
});
