// The stack the fault suite and the cluster benchmark run against: throwaway PostgreSQL and Redis, a devnet, and
// two app instances behind HAProxy with two copies of every background job, all through the one launcher.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { generatePrivateKey } from 'viem/accounts';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { freePorts } from '@/lib/devnet/startAnvil';
import { startDevnet, type Devnet } from '@/lib/devnet/startDevnet';
import { resetEnv } from '@/lib/env';
import { createStack, type Stack } from '@/scripts/stack/startStack';
import { httpRequest } from './load';
import { startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from './throwawayServices';

export type ChainInfo = { chain_id: number; tokens: { address: string; symbol: string }[] };
export type PairInfo = { pair_id: number; chain_id: number; pair_name: string };

export type FaultStack = {
  stack: Stack;
  devnet: Devnet;
  postgres: ThrowawayPostgres;
  redis: ThrowawayRedis;
  dataDir: string;
  url: string;
  token: string;
  chains: ChainInfo[];
  pairs: PairInfo[];
  env: Record<string, string>;
  dispose(): Promise<void>;
};

async function sharedSecrets(): Promise<Record<string, string>> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const { d: _d, ...pub } = jwk;
  return {
    JWT_PRIVATE_KEY: JSON.stringify({ ...jwk, kid: await calculateJwkThumbprint(pub), alg: 'ES256', use: 'sig' }),
    NEXTAUTH_SECRET: randomBytes(32).toString('base64'),
    QUOTE_SIGNER_KEY: generatePrivateKey(),
    RELAYER_KEY: generatePrivateKey(),
    ATTESTER_KEY: generatePrivateKey(),
    SUBMITTER_KEY: generatePrivateKey(),
  };
}

async function waitHealthy(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await httpRequest(url, { kind: 'health', method: 'GET', path: '/v1/health' })).status;
    if (last === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`stack not healthy within ${timeoutMs} ms (last ${last})`);
}

export type FaultStackOptions = { instances?: number; jobCopies?: number; leaseTtlMs: number; extraEnv?: Record<string, string> };

export async function startFaultStack(options: FaultStackOptions): Promise<FaultStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapdesk-faults-'));
  const [postgres, redis, secrets] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis(), sharedSecrets()]);
  // This process signs tokens and deploys the devnet's router for the same keys the instances use.
  Object.assign(process.env, secrets, { SWAPDESK_DATA_DIR: dataDir });
  resetEnv();
  const devnet = await startDevnet({ dataDir, ports: 'free', history: { days: 1, swapsPerPair: 20 }, activity: true });
  const instances = options.instances ?? 2;
  const [port = 0, ...instancePorts] = await freePorts(1 + instances);
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...secrets,
    SWAPDESK_DATA_DIR: dataDir,
    SWAPDESK_CLUSTER: 'true',
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    NEXTAUTH_URL: url,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    RPC_TIMEOUT_MS: '1000',
    QUOTE_STALE_MS: '3000',
    JOB_LEASE_TTL_MS: String(options.leaseTtlMs),
    RATE_LIMIT_PUBLIC_PER_MIN: '1000000',
    RATE_LIMIT_QUOTE_PER_MIN: '1000000',
    RATE_LIMIT_GUEST_PER_MIN: '10',
    ...options.extraEnv,
  };
  const stack = createStack({
    env, port, host: '127.0.0.1', instances, instancePorts, jobCopies: options.jobCopies ?? 2,
    build: 'if-stale', workDir: path.join(dataDir, 'stack'), output: process.env.FAULTS_VERBOSE === '1' ? 'prefixed' : 'ignore',
  });
  const dispose = async () => {
    await stack.stop();
    await devnet.stop();
    await Promise.all([postgres.dispose(), redis.dispose()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await stack.start();
    await waitHealthy(url, 120_000);
    const chains = ((await httpRequest(url, { kind: 'chains', method: 'GET', path: '/v1/chains' })).body as { data: ChainInfo[] }).data;
    const pairs = ((await httpRequest(url, { kind: 'pairs', method: 'GET', path: '/v1/market/pairs' })).body as { data: PairInfo[] }).data;
    const token = (await signAccessToken({ sub: 'fault-suite', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 })).access_token;
    return { stack, devnet, postgres, redis, dataDir, url, token, chains, pairs, env, dispose };
  } catch (error: unknown) {
    await dispose();
    throw error;
  }
}
