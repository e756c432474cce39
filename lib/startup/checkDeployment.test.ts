import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { attesterAccount, ATTESTER_KEY_FILE } from '@/lib/contracts/attesterAccount';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { loadOrCreateKeyFile, QUOTE_SIGNER_KEY_FILE } from '@/lib/contracts/quoteSigner';
import { freePort } from '@/lib/devnet/startAnvil';
import { useTempDataDir } from '@/test/tempDataDir';
import { startCrossChainWorld, type CrossChainWorld } from '@/test/crossChainWorld';
import { PERMIT2_ADDRESS } from '@/lib/contracts/permit2';
import { checkDeployment } from './checkDeployment';
import { devKeyProblems } from './devKeyProblems';
import { RELAYER_KEY_FILE } from '@/lib/contracts/relayerAccount';
import { EXIT_MISCONFIGURED } from './refuseToStartOnMismatch';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('start-up checks against the deployed contracts', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let world: CrossChainWorld;

  /** Runs a background script on the world's data folder; resolves with its exit code and stderr. */
  async function run(script: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    const { NODE_OPTIONS: _ignored, ...rest } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', script], {
      cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...rest, SWAPDESK_DATA_DIR: world.dataDir, CHAINS_CONFIG: path.join(world.dataDir, 'chains.json'), LOG_LEVEL: 'warn', ...env },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const [code] = (await once(child, 'exit')) as [number | null];
    clearTimeout(timer);
    return { code, stderr };
  }

  beforeAll(async () => {
    tmp = useTempDataDir({ LOG_LEVEL: 'silent' });
    world = await startCrossChainWorld(tmp.dir);
  });
  afterAll(async () => {
    await world?.stop();
    tmp?.cleanup();
  });

  it('agrees for the devnet\'s own keys: quote signer, attester and relayer, factory and WETH', async () => {
    const chains = world.chains.map((c) => c.config);
    const signer = privateKeyToAccount(loadOrCreateKeyFile(path.join(world.dataDir, QUOTE_SIGNER_KEY_FILE))).address;
    expect(await checkDeployment(chains, 'quoteSigner', signer, 2_000)).toEqual({ problems: [], unreachable: [] });
    expect(await checkDeployment(chains, 'attester', attesterAccount().address, 2_000)).toEqual({ problems: [], unreachable: [] });
    expect(await checkDeployment(chains, 'relayer', relayerAccount().address, 2_000)).toEqual({ problems: [], unreachable: [] });
  });

  it('names every disagreement: another key for the role, the relayer holding the attester key, a registry with another factory, WETH or Permit2', async () => {
    const [A, B] = world.chains;
    const other = privateKeyToAccount(generatePrivateKey()).address;
    const chains = [A.config, B.config];
    const wrongKey = await checkDeployment(chains, 'quoteSigner', other, 2_000);
    expect(wrongKey.problems).toHaveLength(2);
    expect(wrongKey.problems[0]).toMatch(new RegExp(`^chain ${A.id} \\(Devnet A\\): SwapRouter 0x[0-9a-fA-F]{40} accepts quotes signed by 0x[0-9a-fA-F]{40}, but this service signs with ${other}`));
    expect((await checkDeployment(chains, 'attester', other, 2_000)).problems[1]).toMatch(/accepts attestations signed by .* but this attester signs with/);
    expect((await checkDeployment(chains, 'relayer', attesterAccount().address, 2_000)).problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/RELAYER_KEY is the router's attester .*: the attester must be its own key, never the relayer's/),
    ]));
    const swapped = { ...A.config, factory: A.config.weth, weth: A.config.factory };
    const found = await checkDeployment([swapped], 'relayer', relayerAccount().address, 2_000);
    expect(found.problems.map((p) => p.replace(/0x[0-9a-fA-F]{40}/g, 'X'))).toEqual([
      `chain ${A.id} (Devnet A): SwapRouter X trades on factory X, the registry names X`,
      `chain ${A.id} (Devnet A): SwapRouter X wraps with WETH X, the registry names X`,
      `chain ${A.id} (Devnet A): DestinationSettler X trades on factory X, the registry names X`,
      `chain ${A.id} (Devnet A): DestinationSettler X wraps with WETH X, the registry names X`,
    ]);
    expect(A.config.permit2).toBe(PERMIT2_ADDRESS);
    const otherPermit2 = await checkDeployment([{ ...A.config, permit2: A.config.weth }], 'relayer', relayerAccount().address, 2_000);
    expect(otherPermit2.problems.map((p) => p.replace(/0x[0-9a-fA-F]{40}/g, 'X'))).toEqual([
      `chain ${A.id} (Devnet A): SwapRouter X takes signed inputs through Permit2 X, the registry names X`,
    ]);
    const noPermit2 = await checkDeployment([{ ...A.config, permit2: privateKeyToAccount(generatePrivateKey()).address }], 'relayer', relayerAccount().address, 2_000);
    expect(noPermit2.problems.map((p) => p.replace(/0x[0-9a-fA-F]{40}/g, 'X'))).toEqual([
      `chain ${A.id} (Devnet A): the registry names Permit2 X, but there is no contract there`,
      `chain ${A.id} (Devnet A): SwapRouter X takes signed inputs through Permit2 X, the registry names X`,
    ]);
    const down = await checkDeployment([{ ...A.config, rpcUrl: 'http://127.0.0.1:9' }], 'relayer', relayerAccount().address, 1_000);
    expect(down.problems).toEqual([]);
    expect(down.unreachable).toHaveLength(1);
  });

  it('the attester with a key the routers do not trust, and a relayer holding the attester key, refuse to start with a non-zero exit and say why', async () => {
    const stranger = generatePrivateKey();
    const attester = await run('scripts/attester.ts', { ATTESTER_KEY: stranger, ATTESTER_PORT: String(await freePort()) });
    expect(attester.code).toBe(EXIT_MISCONFIGURED);
    expect(attester.stderr).toMatch(/refusing to start the attester: the configuration disagrees with the deployed contracts:/);
    expect(attester.stderr).toContain(`but this attester signs with ${privateKeyToAccount(stranger).address} (ATTESTER_KEY)`);
    const attesterKey = loadOrCreateKeyFile(path.join(world.dataDir, ATTESTER_KEY_FILE));
    const relayer = await run('scripts/relayer.ts', { RELAYER_KEY: attesterKey });
    expect(relayer.code).toBe(EXIT_MISCONFIGURED);
    expect(relayer.stderr).toMatch(/refusing to start the relayer/);
    expect(relayer.stderr).toMatch(/RELAYER_KEY is the router's attester/);
  }, 120_000);

  describe('dev key files off the devnet', () => {
    let geth: Server;
    let gethUrl: string;
    beforeAll(async () => {
      // A node that is not a devnet: it answers JSON-RPC as Geth does.
      geth = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          const { id, method } = JSON.parse(body) as { id: number; method: string };
          const result = method === 'web3_clientVersion' ? 'Geth/v1.14.12-stable/linux-amd64/go1.23.4' : method === 'eth_chainId' ? '0x1' : '0x0';
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
        });
      });
      geth.listen(0, '127.0.0.1');
      await once(geth, 'listening');
      const address = geth.address();
      gethUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => new Promise<void>((resolve) => (geth ? geth.close(() => resolve()) : resolve())));

    it('are allowed on anvil and on an RPC of this machine that does not answer; refused on any other node, and on a remote one that does not answer', async () => {
      const [A, B] = world.chains;
      expect(await devKeyProblems([A.config, B.config], 'RELAYER_KEY', 2_000)).toEqual([]);
      expect(await devKeyProblems([{ ...A.config, rpcUrl: 'http://127.0.0.1:9' }], 'RELAYER_KEY', 1_000)).toEqual([]);
      expect(await devKeyProblems([A.config, { ...B.config, rpcUrl: gethUrl }], 'RELAYER_KEY', 2_000)).toEqual([
        `chain ${B.id} (Devnet B) runs Geth/v1.14.12-stable/linux-amd64/go1.23.4, not the devnet's anvil: set RELAYER_KEY; the devnet-only key file is never used off the devnet`,
      ]);
      const remote = await devKeyProblems([{ ...A.config, rpcUrl: 'http://rpc.swapdesk.invalid:8545' }], 'ATTESTER_KEY', 1_000);
      expect(remote).toEqual([expect.stringMatching(/did not say it is a devnet, and is not on this machine: set ATTESTER_KEY/)]);
    });

    it('a relayer and an attester without their keys, on a registry naming a chain that is no devnet, refuse to start and write no key file', async () => {
      const [A] = world.chains;
      const dir = mkdtempSync(path.join(tmpdir(), 'swapdesk-nodev-'));
      try {
        const file = path.join(dir, 'chains.json');
        writeFileSync(file, JSON.stringify({ chains: [{ ...A.config, rpcUrl: gethUrl }] }));
        const env = { SWAPDESK_DATA_DIR: dir, CHAINS_CONFIG: file, RELAYER_KEY: '', ATTESTER_KEY: '' };
        const relayer = await run('scripts/relayer.ts', env);
        expect(relayer.code).toBe(EXIT_MISCONFIGURED);
        expect(relayer.stderr).toMatch(/refusing to start the relayer with a devnet-only key: RELAYER_KEY is not set and not every chain is a devnet/);
        expect(relayer.stderr).toMatch(/runs Geth\/v1\.14\.12/);
        const attester = await run('scripts/attester.ts', { ...env, ATTESTER_PORT: String(await freePort()) });
        expect(attester.code).toBe(EXIT_MISCONFIGURED);
        expect(attester.stderr).toMatch(/refusing to start the attester with a devnet-only key: ATTESTER_KEY is not set/);
        expect(existsSync(path.join(dir, RELAYER_KEY_FILE))).toBe(false);
        expect(existsSync(path.join(dir, ATTESTER_KEY_FILE))).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  });

  it('a relayer whose registry names another WETH than the deployed contracts refuses to start', async () => {
    const [A, B] = world.chains;
    const file = path.join(world.dataDir, 'wrong-chains.json');
    writeFileSync(file, JSON.stringify({ chains: [{ ...A.config, weth: B.config.weth === A.config.weth ? A.config.factory : B.config.factory }, B.config] }));
    const relayer = await run('scripts/relayer.ts', { CHAINS_CONFIG: file });
    expect(relayer.code).toBe(EXIT_MISCONFIGURED);
    expect(relayer.stderr).toMatch(new RegExp(`chain ${A.id} \\(Devnet A\\): SwapRouter 0x[0-9a-fA-F]{40} wraps with WETH 0x[0-9a-fA-F]{40}, the registry names`));
  }, 120_000);
});
