// Against a real redis-server of its own (a throwaway port), so stopping it touches nobody else's Redis.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/lib/devnet/startAnvil';
import { RedisRateLimitStore, rateLimitRedisClient } from './redisRateLimitStore';

const HAVE_REDIS = spawnSync('redis-server', ['--version']).status === 0;

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

const stopRedis = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGKILL');
});

describe.runIf(HAVE_REDIS)('RedisRateLimitStore on a real redis-server', () => {
  let port: number;
  let redis: ChildProcess;
  const clients: ReturnType<typeof rateLimitRedisClient>[] = [];
  // A generous command timeout: a test machine under load must not fall back to the per-instance count by accident.
  // Two stores of one test share a key prefix, as instances of one deployment do.
  let prefix = '';
  const store = () => {
    const client = rateLimitRedisClient(`redis://127.0.0.1:${port}`, 2_000);
    clients.push(client);
    return new RedisRateLimitStore(client, prefix);
  };
  const ready = async (s: RedisRateLimitStore) => {
    const deadline = Date.now() + 5_000;
    while (!s.redisReady && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(s.redisReady).toBe(true);
  };

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await stopRedis(redis);
  });

  it('two instances share one count: the limit holds across them', async () => {
    prefix = 'shared-count';
    const a = store();
    const b = store();
    await Promise.all([ready(a), ready(b)]);
    // A loaded machine may answer one hit late (counted per instance then): a round with a fresh key until one is
    // counted wholly in Redis, within a few seconds.
    let answers: Awaited<ReturnType<RedisRateLimitStore['hit']>>[] = [];
    const deadline = Date.now() + 5_000;
    for (let round = 0; Date.now() < deadline; round++) {
      answers = [];
      for (let i = 0; i < 10; i++) answers.push(await (i % 2 ? a : b).hit(`public:1.2.3.${round}`, 6, 60_000));
      if (answers.filter((d) => d.allowed).length === 6) break;
    }
    expect(answers.filter((d) => d.allowed)).toHaveLength(6);
    expect(answers.at(-1)).toMatchObject({ allowed: false, limit: 6, remaining: 0 });
    expect(answers.at(-1)?.resetSec).toBeGreaterThan(50);
  });

  it('while Redis is down every hit answers at once from the per-instance insurance limiter; shared counting resumes after', async () => {
    prefix = 'outage';
    const a = store();
    const b = store();
    await Promise.all([ready(a), ready(b)]);
    await stopRedis(redis);
    const slowest = { ms: 0 };
    const down = [];
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      down.push(await (i % 2 ? a : b).hit('public:5.6.7.8', 4, 60_000));
      slowest.ms = Math.max(slowest.ms, performance.now() - t);
    }
    // Per instance: each of the two allows 4 of its 5.
    expect(down.filter((d) => d.allowed)).toHaveLength(8);
    expect(slowest.ms).toBeLessThan(300);
    redis = await startRedis(port);
    const back = Date.now();
    await Promise.all([ready(a), ready(b)]);
    // Shared again within a few seconds of Redis coming back: a fresh key allows 4 of 6 across both instances.
    let allowed = 0;
    for (let round = 0; allowed !== 4 && Date.now() - back < 5_000; round++) {
      const up = [];
      for (let i = 0; i < 6; i++) up.push(await (i % 2 ? a : b).hit(`public:9.9.9.${round}`, 4, 60_000));
      allowed = up.filter((d) => d.allowed).length;
      if (allowed !== 4) await new Promise((r) => setTimeout(r, 100));
    }
    expect(allowed).toBe(4);
  });
});
