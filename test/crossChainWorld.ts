// Two devnet chains with the cross-chain contracts, for the relayer's tests and benchmark: opens orders through the
// router exactly as a firm quote's calldata would, and runs the relayer in this process or as its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { getAbiItem, keccak256, maxUint256, toHex, zeroAddress, type Address, type Hash, type Hex, type LocalAccount, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { testERC20Abi } from '@/contracts/generated/testERC20';
import { destinationSettlerAbi, originSettlerAbi } from '@/lib/crosschain/settlerAbi';
import { uniswapV2Router02Abi } from '@/contracts/generated/uniswapV2Router02';
import { encodeOpenCalldata, fillOrderOf, relayerFeeOf, signCrossChainQuote, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { loadOrCreateKeyFile, QUOTE_SIGNER_KEY_FILE } from '@/lib/contracts/quoteSigner';
import { devAccount, devClients, type DevClients } from '@/lib/devnet/deployUniswap';
import { startDevnet, type Devnet } from '@/lib/devnet/startDevnet';
import { loadChains } from '@/lib/chains/loadChains';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { waitMined } from '@/lib/devnet/waitMined';

const ROOT = path.resolve(import.meta.dirname, '..');
const FILLED = getAbiItem({ abi: destinationSettlerAbi, name: 'Filled' });
const SETTLED = getAbiItem({ abi: originSettlerAbi, name: 'OrderSettled' });

export type WorldChain = { id: number; rpcUrl: string; config: ChainConfig; dev: DevClients; client: PublicClient; router: Address; settler: Address; usdc: Address };

export type OpenedOrder = { orderId: Hex; quoteId: Hex; openTx: Hash; user: Address; recipient: Address; amountIn: bigint; dstBridgeAmount: bigint };

export type OrderRequest = {
  src: WorldChain;
  dst: WorldChain;
  /** Dev account index of the user (default 1). */
  user?: number;
  amountIn: bigint;
  /** Seconds after the destination's latest block until fillDeadline (default 120). */
  fillWindowSec?: number;
  recipient?: Address;
  /** Heads read once for a burst (otherwise each order reads both chains' latest blocks). */
  heads?: { src: bigint; dst: bigint };
  /**
   * Native coin in (`amountIn` wei, swapped WETH → USDC on the source at the pool's current price) and/or out (USDC →
   * WETH on the destination, unwrapped); the relayer pays the escrow less its fee (RELAYER_FEE, the relayer's default)
   * unless `dstBridgeAmount` says otherwise (at the quoted escrow; the router scales it to the escrow produced).
   */
  nativeIn?: boolean;
  nativeOut?: boolean;
  dstBridgeAmount?: bigint;
  /** The relayer's fee the order carries (default RELAYER_FEE). */
  relayerFee?: { bps: number; gas: bigint };
  /** The recipient's minimum (default: the payout when USDC comes out, 1 wei when native does). */
  minAmountOut?: bigint;
  /** Only this filler may fill until `exclusivityDeadline` (destination clock); default: anyone at once. */
  exclusiveFiller?: Address;
  exclusivityDeadline?: number;
};

export type CrossChainWorld = {
  devnet: Devnet;
  dataDir: string;
  chains: [WorldChain, WorldChain];
  /** The quote signer every web instance holds (a test may forge with it what a leaked key could). */
  signer: LocalAccount;
  rpc(chain: WorldChain, method: string, params?: unknown[]): Promise<unknown>;
  /** Signs a USDC → USDC order (no service fee, relayer fee 0.1 %) and sends its `open` without waiting. */
  sendOrder(request: OrderRequest): Promise<OpenedOrder>;
  /** Lets dev account `user` deposit on `chain` (done on its first order otherwise). */
  approve(chain: WorldChain, user: number): Promise<void>;
  /** sendOrder, then waits for the receipt. */
  openOrder(request: OrderRequest): Promise<OpenedOrder>;
  /** Filled logs of `orderId` on `dst`: more than one would be a double fill. */
  fillLogs(dst: WorldChain, orderId?: Hex): Promise<{ orderId: Hex; relayer: Address; repayment: Address }[]>;
  settleLogs(src: WorldChain, orderId?: Hex): Promise<{ orderId: Hex }[]>;
  /** `scripts/relayer.ts` as its own process on this world's data folder (asking the attester at `attesterUrl`). */
  spawnRelayer(env?: Record<string, string>): ChildProcess;
  /** `scripts/attester.ts` as its own process on this world's data folder, listening on `port`. */
  spawnAttester(port: number, env?: Record<string, string>): ChildProcess;
  /** Where spawned relayers reach the attester (set by whoever starts one; default ATTESTER_URL). */
  attesterUrl: string | undefined;
  stop(): Promise<void>;
};

/** The relayer's default fee (RELAYER_FEE_BPS 10, RELAYER_GAS_FEE_USD_CENTS 50) in the devnet's 6-decimal USDC. */
export const RELAYER_FEE = { bps: 10, gas: 500_000n };

/** `who`'s balance of the chain's bridge USDC. */
export const usdcOf = (chain: WorldChain, who: Address): Promise<bigint> =>
  chain.client.readContract({ address: chain.usdc, abi: testERC20Abi, functionName: 'balanceOf', args: [who] });

/** `activity`: the devnet's live swaps on both chains (blocks every 2–5 s), as under `npm start`; default off. */
export async function startCrossChainWorld(dataDir: string, options: { activity?: boolean } = {}): Promise<CrossChainWorld> {
  const devnet = await startDevnet({ dataDir, ports: 'free', history: 'none', activity: options.activity ?? false });
  const configs = loadChains(path.join(dataDir, 'chains.json'));
  const signer = privateKeyToAccount(loadOrCreateKeyFile(path.join(dataDir, QUOTE_SIGNER_KEY_FILE)));
  const chains = configs.map((config) => {
    const dev = devClients(config.id, config.rpcUrl);
    if (!config.swapRouter || !config.destinationSettler || !config.bridgeToken) throw new Error(`chain ${config.id} has no cross-chain contracts`);
    return { id: config.id, rpcUrl: config.rpcUrl, config, dev, client: dev.publicClient, router: config.swapRouter, settler: config.destinationSettler, usdc: config.bridgeToken };
  }) as [WorldChain, WorldChain];
  const approved = new Map<string, Promise<void>>();
  const queues = new Map<string, Promise<unknown>>();
  const nonces = new Map<string, number>();
  let quoteCounter = 0;

  async function rpc(chain: WorldChain, method: string, params: unknown[] = []): Promise<unknown> {
    const res = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  }

  function approveOnce(chain: WorldChain, user: number): Promise<void> {
    const key = `${chain.id}:${user}`;
    let done = approved.get(key);
    if (!done) {
      done = (async () => {
        const hash = await chain.dev.wallet(user).writeContract({
          address: chain.usdc, abi: testERC20Abi, functionName: 'approve', args: [chain.router, maxUint256], account: devAccount(user), chain: chain.dev.chain,
        });
        await waitMined(chain.client, hash);
      })();
      approved.set(key, done);
    }
    return done;
  }

  async function sendOrder(request: OrderRequest): Promise<OpenedOrder> {
    const { src, dst, user = 1, amountIn, fillWindowSec = 120, recipient, heads, nativeIn = false, nativeOut = false } = request;
    if (!nativeIn) await approveOnce(src, user);
    const account = devAccount(user);
    const to = recipient ?? account.address;
    const [dstHead, srcHead] = heads
      ? [{ timestamp: heads.dst }, { timestamp: heads.src }]
      : await Promise.all([dst.client.getBlock(), src.client.getBlock()]);
    const fee = request.relayerFee ?? RELAYER_FEE;
    const bridgeAmount = nativeIn
      ? ((await src.client.readContract({ address: src.config.router02, abi: uniswapV2Router02Abi, functionName: 'getAmountsOut', args: [amountIn, [src.config.weth, src.usdc]] })).at(-1) ?? 0n)
      : amountIn;
    const dstBridgeAmount = request.dstBridgeAmount ?? bridgeAmount - relayerFeeOf(bridgeAmount, fee.bps, fee.gas);
    const quote: CrossChainQuote = {
      quoteId: keccak256(toHex(`relayer-test-${process.pid}-${Date.now()}-${quoteCounter++}`)),
      sender: account.address, recipient: to, tokenIn: nativeIn ? zeroAddress : src.usdc, amountIn, feeAmount: 0n,
      srcLegs: nativeIn ? [{ amountIn, path: [src.config.weth, src.usdc] }] : [], bridgeAmount, minBridgeAmount: nativeIn ? (bridgeAmount * 99n) / 100n : amountIn,
      relayerFeeBps: fee.bps, relayerGasFee: fee.gas,
      srcChainId: BigInt(src.id), dstChainId: BigInt(dst.id), dstSettler: dst.settler, dstBridgeToken: dst.usdc, dstBridgeAmount,
      tokenOut: nativeOut ? zeroAddress : dst.usdc, minAmountOut: request.minAmountOut ?? (nativeOut ? 1n : dstBridgeAmount),
      dstLegs: nativeOut ? [{ amountIn: dstBridgeAmount, path: [dst.usdc, dst.config.weth] }] : [],
      // From the later of the two clocks: a chain without blocks for a while has an old head.
      fillDeadline: Math.max(Number(dstHead.timestamp), Number(srcHead.timestamp)) + fillWindowSec, deadline: srcHead.timestamp + 600n,
      exclusiveFiller: request.exclusiveFiller ?? zeroAddress, exclusivityDeadline: request.exclusivityDeadline ?? 0,
    };
    const signature = await signCrossChainQuote(signer, src.id, src.router, quote);
    // The order id binds the escrow: what the pool gives at the price just read (a test trades nothing in between).
    const { orderId } = fillOrderOf(quote, src.router);
    // Orders from one account go out in nonce order without waiting for each other's receipts.
    const key = `${src.id}:${user}`;
    const send = (queues.get(key) ?? Promise.resolve()).then(async () => {
      const nonce = nonces.get(key) ?? (await src.client.getTransactionCount({ address: account.address, blockTag: 'pending' }));
      const hash = await src.dev.wallet(user).sendTransaction({
        to: src.router, data: encodeOpenCalldata(quote, signature), value: nativeIn ? amountIn : 0n, account, chain: src.dev.chain, gas: 1_500_000n, nonce,
      });
      nonces.set(key, nonce + 1);
      return hash;
    });
    queues.set(key, send.catch(() => nonces.delete(key)));
    const openTx = await send;
    return { orderId, quoteId: quote.quoteId, openTx, user: account.address, recipient: to, amountIn, dstBridgeAmount };
  }

  function spawnScript(script: string, env: Record<string, string>, stdio: 'inherit' | 'pipe' = 'inherit'): ChildProcess {
    // One process (node with tsx's loader, not the tsx CLI, which would fork): a SIGKILL reaches the script itself.
    const { NODE_OPTIONS: _ignored, ...rest } = process.env;
    return spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', script], {
      cwd: ROOT, stdio: ['ignore', stdio, stdio],
      env: { ...rest, SWAPDESK_DATA_DIR: dataDir, CHAINS_CONFIG: path.join(dataDir, 'chains.json'), LOG_LEVEL: 'warn', RELAYER_POLL_MS: '50', JOB_LEASE_TTL_MS: '1000', ...env },
    });
  }

  const world: CrossChainWorld = {
    devnet,
    dataDir,
    chains,
    signer,
    rpc,
    sendOrder,
    approve: approveOnce,
    async openOrder(request) {
      const order = await sendOrder(request);
      const receipt = await waitMined(request.src.client, order.openTx);
      if (receipt.status !== 'success') {
        // Replayed at the block before, the call says why.
        const tx = await request.src.client.getTransaction({ hash: order.openTx });
        const why = await request.src.client.call({ account: tx.from, to: tx.to, data: tx.input, value: tx.value, blockNumber: receipt.blockNumber - 1n })
          .then(() => 'no revert when replayed', (error: unknown) => (error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error)));
        throw new Error(`open reverted: ${order.openTx}: ${why}`);
      }
      return order;
    },
    async fillLogs(dst, orderId) {
      const logs = await dst.client.getLogs({ address: dst.settler, event: FILLED, args: orderId ? { orderId } : {}, fromBlock: 0n, toBlock: 'latest' });
      return logs.map((l) => ({ orderId: l.args.orderId as Hex, relayer: l.args.filler as Address, repayment: l.args.repayment as Address }));
    },
    async settleLogs(src, orderId) {
      const logs = await src.client.getLogs({ address: src.router, event: SETTLED, args: orderId ? { orderId } : {}, fromBlock: 0n, toBlock: 'latest' });
      return logs.map((l) => ({ orderId: l.args.orderId as Hex }));
    },
    attesterUrl: undefined,
    spawnRelayer(env = {}) {
      return spawnScript('scripts/relayer.ts', { ...(world.attesterUrl ? { ATTESTER_URL: world.attesterUrl } : {}), ...env });
    },
    spawnAttester(port, env = {}) {
      return spawnScript('scripts/attester.ts', { ATTESTER_PORT: String(port), ...env });
    },
    stop: () => devnet.stop(),
  };
  return world;
}

