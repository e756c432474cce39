// Gasless cross-chain orders end to end on two devnets: a firm quote with `gasless: true` answers the ERC-7683
// GaslessCrossChainOrder to sign through Permit2, POST /v1/orders takes the signature, the submitter sends `openFor`,
// and the relayer fills on the destination and settles, all in this process through the route handlers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, getAddress, maxUint256, parseEther, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { destinationSettlerAbi } from '@/contracts/generated/destinationSettler';
import { signAccessToken } from '@/lib/auth/signAccessToken';
import { attesterClient } from '@/lib/attester/attesterClient';
import { startAttesterServer, type AttesterServer } from '@/lib/attester/attesterServer';
import { createAttester } from '@/lib/attester/createAttester';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { loadChains } from '@/lib/chains/loadChains';
import { stopFollowers } from '@/lib/chainstate/quoteFollowers';
import { attesterAccount } from '@/lib/contracts/attesterAccount';
import { fillOrderOf } from '@/lib/contracts/crossChainQuote';
import { decodeOpenForCalldata } from '@/lib/contracts/gaslessOrder';
import { PERMIT2_ADDRESS, type Permit2Eip712 } from '@/lib/contracts/permit2';
import { relayerAccount } from '@/lib/contracts/relayerAccount';
import { submitterAccount } from '@/lib/contracts/submitterAccount';
import { crosschainDb } from '@/lib/crosschain/crosschainDb';
import { readyDb } from '@/lib/db/getDb';
import { devAccount, devClients, type DevClients } from '@/lib/devnet/deployUniswap';
import { startDevnet, type Devnet } from '@/lib/devnet/startDevnet';
import { waitMined } from '@/lib/devnet/waitMined';
import { createSubmitter, type Submitter } from '@/lib/gasless/createSubmitter';
import { GASLESS_PERMIT_GAS, type PermitEip712 } from '@/lib/gasless/gaslessApproval';
import { GASLESS_OPEN_BASE_GAS } from '@/lib/gasless/gaslessGasFee';
import type { GaslessTables } from '@/lib/gasless/gaslessTables';
import { chainClient } from '@/lib/indexer/chainClient';
import type { QuoteTables } from '@/lib/quote/quotesTable';
import { createRelayer, type Relayer } from '@/lib/relayer/createRelayer';
import { useTempDataDir } from '@/test/tempDataDir';
import { POST as firmPost } from '../quote/firm/route';
import { GET as statusGet } from '../quote/status/route';
import { POST as ordersPost } from './route';

const FUNDER = 1;
const FEE_BPS = 20n;

type Envelope<T> = { code: number; msg: string; data: T | null; error?: { type: string; field?: string; status?: string } };
type Firm = {
  quote_id: Hex; calldata: Hex; router_address: Address; value: string; allowance_target: Address | null; amount_in: string; amount_out: string;
  min_amount_out: string; fee_amount: string; order_id: Hex; fill_deadline: number; deadline: number; relayer_fee: { amount: string };
  permit2?: unknown; gasless?: { eip712: Permit2Eip712; gas_fee_amount: string; gas_fee_token: string; approval?: { eip712: PermitEip712 } };
};
type Status = { quote_id: string; status: string; src_tx_hash: string | null; dst_tx_hash: string | null; amount_out_actual: string | null; order_id?: string | null };

describe('gasless cross-chain orders on two devnets', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let devnet: Devnet;
  let relayer: Relayer;
  let attester: AttesterServer;
  let submitter: Submitter;
  let blockTicker: NodeJS.Timeout | undefined;
  let token: string;
  let A: ChainConfig;
  let B: ChainConfig;
  let a: DevClients;
  let b: DevClients;
  const usdcOn = (chain: ChainConfig) => getAddress(chain.tokens.find((t) => t.symbol === 'USDC')?.address ?? zeroAddress);

  const call = async <T>(handler: (req: Request) => Promise<Response>, url: string, init: RequestInit = {}) => {
    await new Promise((resolve) => setImmediate(resolve));
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    const res = await handler(new Request(`http://test${url}`, { ...init, headers }));
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
  const post = <T>(handler: (req: Request) => Promise<Response>, url: string, body: unknown) =>
    call<T>(handler, url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const postOrder = (quoteId: string, signature: string, approvalSignature?: string) =>
    post<{ quote_id: string; status: string }>(ordersPost, '/v1/orders', { quote_id: quoteId, signature, ...(approvalSignature ? { approval_signature: approvalSignature } : {}) });
  const status = async (quoteId: string) => (await call<Status>(statusGet, `/v1/quote/status?quote_id=${quoteId}`)).body.data as Status;
  const waitForStatus = async (quoteId: string, wanted: string[], timeoutMs = 45_000) => {
    const deadline = Date.now() + timeoutMs;
    const seen: string[] = [];
    for (;;) {
      const now = await status(quoteId);
      if (seen[seen.length - 1] !== now.status) seen.push(now.status);
      if (wanted.includes(now.status) || Date.now() > deadline) return { now, seen };
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const usdcBalance = (who: Address) => a.publicClient.readContract({ address: usdcOn(A), abi: erc20Abi, functionName: 'balanceOf', args: [who] });
  const sign = (eip712: Permit2Eip712, signer: { signTypedData: ReturnType<typeof privateKeyToAccount>['signTypedData'] }) => {
    const { EIP712Domain: _domain, ...types } = eip712.types;
    return signer.signTypedData({ domain: eip712.domain, types, primaryType: eip712.primaryType, message: eip712.message });
  };

  beforeAll(async () => {
    tmp = useTempDataDir({
      RPC_TIMEOUT_MS: '2000', QUOTE_POLL_MS: '100', QUOTE_STALE_MS: '5000', RATE_LIMIT_QUOTE_PER_MIN: '1000000', RATE_LIMIT_PUBLIC_PER_MIN: '1000000',
      CROSSCHAIN_FILL_WINDOW_SEC: '300', FEE_BPS: FEE_BPS.toString(),
    });
    devnet = await startDevnet({ dataDir: tmp.dir, ports: 'free', history: 'none', activity: false });
    const chains = loadChains();
    [A, B] = [chains.find((c) => c.id === 31337) as ChainConfig, chains.find((c) => c.id === 31338) as ChainConfig];
    [a, b] = [devClients(A.id, A.rpcUrl), devClients(B.id, B.rpcUrl)];
    token = (await signAccessToken({ sub: 'gasless-crosschain', scopes: ['quote:indicative', 'quote:firm'], ttlSec: 3600 })).access_token;
    // Deposits and fills count a block deep (the registry's `confirmations`): blocks keep coming.
    blockTicker = setInterval(() => {
      for (const c of [a, b]) void c.publicClient.request({ method: 'evm_mine' as never, params: [] as never }).catch(() => undefined);
    }, 400);
    attester = await startAttesterServer(createAttester({ account: attesterAccount(), chains: () => loadChains(), rpcTimeoutMs: 2_000 }), '127.0.0.1', 0);
    relayer = createRelayer({
      db: await crosschainDb(), chains: () => loadChains(), account: relayerAccount(), attester: attesterClient(attester.url, 5_000),
      pollMs: 100, confirmations: 0, rpcTimeoutMs: 2_000,
    });
    relayer.start();
    await relayer.pass();
    const db = await readyDb();
    submitter = createSubmitter({ db: db.withTables<GaslessTables & QuoteTables>(), chains: () => loadChains(), client: chainClient, account: submitterAccount(), pollMs: 50 });
  }, 240_000);

  afterAll(async () => {
    clearInterval(blockTicker);
    await submitter?.stop();
    await relayer?.stop();
    await attester?.close();
    stopFollowers();
    await devnet?.stop();
    tmp?.cleanup();
  });

  it('a fresh account with only USDC on Devnet A and 0 ETH (its one Permit2 approval set up by the test) swaps USDC(A) → ETH(B): it signs, Swapdesk opens, the relayer fills once', async () => {
    const trader = privateKeyToAccount(generatePrivateKey());
    const usdcA = usdcOn(A);
    // One-time setup: USDC from a funded account, and the Permit2 approval paid with ETH the test then takes back.
    const funded = await a.wallet(FUNDER).writeContract({ address: usdcA, abi: erc20Abi, functionName: 'transfer', args: [trader.address, parseUnits('5000', 6)], account: devAccount(FUNDER), chain: a.chain });
    await waitMined(a.publicClient, funded);
    await a.publicClient.request({ method: 'anvil_setBalance' as never, params: [trader.address, '0x2386f26fc10000'] as never });
    const approval = await a.wallet(FUNDER).writeContract({ address: usdcA, abi: erc20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS, maxUint256], account: trader, chain: a.chain });
    await waitMined(a.publicClient, approval);
    await a.publicClient.request({ method: 'anvil_setBalance' as never, params: [trader.address, '0x0'] as never });
    expect(await a.publicClient.getBalance({ address: trader.address })).toBe(0n);
    expect(await b.publicClient.getBalance({ address: trader.address })).toBe(0n);

    const amountIn = parseUnits('2500', 6);
    const quoted = await post<Firm>(firmPost, '/v1/quote/firm', {
      src_chain_id: A.id, dst_chain_id: B.id, token_in: usdcA, token_out: zeroAddress, amount_in: amountIn.toString(),
      from_address: trader.address, to_address: trader.address, slippage: 1, expiry_time_sec: 120, gasless: true,
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const q = quoted.body.data as Firm;
    const gasFee = BigInt(q.gasless?.gas_fee_amount ?? '0');
    expect(gasFee).toBeGreaterThan(0n);
    expect(q.gasless?.gas_fee_token).toBe(usdcA);
    expect(q.allowance_target).toBe(PERMIT2_ADDRESS);
    expect(q.value).toBe('0');
    expect(q.permit2).toBeUndefined();
    // The calldata is openFor of the order the answer names; the gas fee is inside the fee the router holds.
    const { order, quote } = decodeOpenForCalldata(q.calldata);
    expect(order).toMatchObject({ originSettler: q.router_address, user: trader.address, originChainId: BigInt(A.id), openDeadline: q.deadline, fillDeadline: q.fill_deadline, nonce: BigInt(q.quote_id) });
    expect(quote.feeAmount).toBe((amountIn * FEE_BPS) / 10_000n + gasFee);
    expect(BigInt(q.fee_amount)).toBe(quote.feeAmount + BigInt(q.relayer_fee.amount));
    expect(fillOrderOf(quote, q.router_address).orderId).toBe(q.order_id);
    expect(q.gasless?.eip712.message).toMatchObject({ spender: q.router_address, nonce: BigInt(q.quote_id).toString(), deadline: String(q.deadline), permitted: { token: usdcA, amount: q.amount_in } });

    // Anyone else's signature is 400 naming signature, and nothing is stored.
    const stranger = await postOrder(q.quote_id, await sign(q.gasless?.eip712 as Permit2Eip712, privateKeyToAccount(generatePrivateKey())));
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'signature' });
    expect((await status(q.quote_id)).status).toBe('issued');

    const signature = await sign(q.gasless?.eip712 as Permit2Eip712, trader);
    const posted = await postOrder(q.quote_id, signature);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.data).toEqual({ quote_id: q.quote_id, status: 'submitted' });
    expect((await status(q.quote_id)).status).toBe('submitted');
    const again = await postOrder(q.quote_id, signature);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ type: 'ORDER_EXISTS', field: 'quote_id', status: 'submitted' });

    submitter.start();
    const { now: done, seen } = await waitForStatus(q.quote_id, ['settled']);
    expect(done.status).toBe('settled');
    expect(seen.slice(0, 1)).toEqual(['submitted']);
    expect(seen).not.toContain('failed');
    expect(done.order_id).toBe(q.order_id);
    // The submitter sent openFor from its own account, within the gas the quote charged for (before the margin).
    const openTx = done.src_tx_hash as Hex;
    const [tx, receipt] = await Promise.all([a.publicClient.getTransaction({ hash: openTx }), a.publicClient.getTransactionReceipt({ hash: openTx })]);
    expect(getAddress(tx.from)).toBe(submitterAccount().address);
    expect(receipt.gasUsed).toBeLessThanOrEqual(GASLESS_OPEN_BASE_GAS);
    // The trader paid exactly amount_in of USDC and no ETH anywhere; it received at least min_amount_out on B.
    expect(parseUnits('5000', 6) - (await usdcBalance(trader.address))).toBe(amountIn);
    expect(await a.publicClient.getBalance({ address: trader.address })).toBe(0n);
    const received = await b.publicClient.getBalance({ address: trader.address });
    expect(received).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
    expect(done.amount_out_actual).toBe(received.toString());
    // Filled once.
    const fills = await b.publicClient.getContractEvents({ address: B.destinationSettler as Address, abi: destinationSettlerAbi, eventName: 'Filled', args: { orderId: q.order_id }, fromBlock: 0n });
    expect(fills).toHaveLength(1);
    expect((await postOrder(q.quote_id, signature)).status).toBe(409);
  }, 120_000);

  it('a fresh account with only USDC on Devnet A, 0 ETH and no Permit2 approval swaps USDC(A) → ETH(B) by signing only: Swapdesk sends its permit, then openFor', async () => {
    const trader = privateKeyToAccount(generatePrivateKey());
    const usdcA = usdcOn(A);
    const funded = await a.wallet(FUNDER).writeContract({ address: usdcA, abi: erc20Abi, functionName: 'transfer', args: [trader.address, parseUnits('5000', 6)], account: devAccount(FUNDER), chain: a.chain });
    await waitMined(a.publicClient, funded);
    const allowance = () => a.publicClient.readContract({ address: usdcA, abi: erc20Abi, functionName: 'allowance', args: [trader.address, PERMIT2_ADDRESS] });
    expect(await allowance()).toBe(0n);
    expect(await a.publicClient.getBalance({ address: trader.address })).toBe(0n);

    const amountIn = parseUnits('2500', 6);
    const quoted = await post<Firm>(firmPost, '/v1/quote/firm', {
      src_chain_id: A.id, dst_chain_id: B.id, token_in: usdcA, token_out: zeroAddress, amount_in: amountIn.toString(),
      from_address: trader.address, to_address: trader.address, slippage: 1, expiry_time_sec: 120, gasless: true,
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const q = quoted.body.data as Firm;
    const approval = q.gasless?.approval?.eip712 as PermitEip712;
    expect(approval).toMatchObject({
      domain: { version: '1', chainId: A.id, verifyingContract: usdcA }, primaryType: 'Permit',
      message: { owner: trader.address, spender: PERMIT2_ADDRESS, value: maxUint256.toString(), nonce: '0', deadline: String(q.deadline) },
    });
    const { EIP712Domain: _domain, ...types } = approval.types;
    const signApproval = (signer: ReturnType<typeof privateKeyToAccount>) => signer.signTypedData({ domain: approval.domain, types, primaryType: 'Permit', message: approval.message });
    const signature = await sign(q.gasless?.eip712 as Permit2Eip712, trader);

    const stranger = await postOrder(q.quote_id, signature, await signApproval(privateKeyToAccount(generatePrivateKey())));
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval_signature' });
    const missing = await postOrder(q.quote_id, signature);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ type: 'INVALID_ARGUMENT', field: 'approval_signature' });
    expect((await status(q.quote_id)).status).toBe('issued');

    const approvalSignature = await signApproval(trader);
    const posted = await postOrder(q.quote_id, signature, approvalSignature);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    submitter.start();
    const { now: done, seen } = await waitForStatus(q.quote_id, ['settled']);
    expect(done.status).toBe('settled');
    expect(seen).not.toContain('failed');
    // The permit came from the submitter, within the gas the quote charged for it, and gave Permit2 its allowance.
    const row = await (await readyDb()).withTables<GaslessTables>().selectFrom('gasless_orders').selectAll().where('quote_id', '=', q.quote_id.toLowerCase()).executeTakeFirstOrThrow();
    const permit = await a.publicClient.getTransactionReceipt({ hash: row.approval_tx_hash as Hex });
    expect(permit).toMatchObject({ status: 'success', from: submitterAccount().address.toLowerCase(), to: usdcA.toLowerCase() });
    expect(permit.gasUsed).toBeLessThanOrEqual(GASLESS_PERMIT_GAS);
    expect(await allowance()).toBe(maxUint256);
    // Signatures only: amount_in of USDC paid, no ETH on A, at least min_amount_out received on B.
    expect(parseUnits('5000', 6) - (await usdcBalance(trader.address))).toBe(amountIn);
    expect(await a.publicClient.getBalance({ address: trader.address })).toBe(0n);
    expect(await b.publicClient.getBalance({ address: trader.address })).toBeGreaterThanOrEqual(BigInt(q.min_amount_out));
  }, 120_000);

  it('refuses a gasless cross-chain quote of native input, or of an amount whose gas fee would pass the router\'s fee cap', async () => {
    const body = { src_chain_id: A.id, dst_chain_id: B.id, token_out: zeroAddress, from_address: devAccount(FUNDER).address, to_address: devAccount(FUNDER).address, slippage: 1, expiry_time_sec: 120, gasless: true };
    const native = await post(firmPost, '/v1/quote/firm', { ...body, token_in: zeroAddress, token_out: usdcOn(B), amount_in: parseEther('1').toString() });
    expect(native.status).toBe(400);
    expect(native.body.error).toMatchObject({ field: 'gasless' });
    // 100 USDC: the router holds at most 1 USDC of fees, less than the submitter's gas at the devnet's gas price.
    const small = await post(firmPost, '/v1/quote/firm', { ...body, token_in: usdcOn(A), amount_in: parseUnits('100', 6).toString() });
    expect(small.status).toBe(422);
    expect(small.body.error).toMatchObject({ type: 'AMOUNT_TOO_SMALL', field: 'amount_in' });
    expect(small.body.msg).toMatch(/too small for a gasless order/);
  });
});
