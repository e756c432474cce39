// GET /v1/tokens on a devnet: search over the registry's and the pools' tokens with USD prices, and lookups by
// address read from the chain — odd tokens (bytes32 symbol and name, no name, zero decimals) compiled and deployed here.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, zeroAddress, type Abi, type Address, type Hex } from 'viem';
import { deployToken, deployUniswap, devAccount, devClients, POLLING_MS, type DevClients } from '@/lib/devnet/deployUniswap';
import { startAnvil, type Anvil } from '@/lib/devnet/startAnvil';
import { readyDb } from '@/lib/db/getDb';
import { useTempDataDir } from '@/test/tempDataDir';
import { GET } from './route';

const CHAIN_ID = 31337;
const E18 = 10n ** 18n;

/** Tokens as real contracts get them wrong, and a contract that is no token at all. */
const ODD_SOURCES = `
pragma solidity ^0.8.20;
contract Bytes32Token {
  bytes32 public constant symbol = "MKR";
  bytes32 public constant name = "Maker";
  uint8 public constant decimals = 18;
  uint256 public totalSupply = 1e27;
  function balanceOf(address) external pure returns (uint256) { return 0; }
}
contract NoNameZeroDecimals {
  string public constant symbol = "ZERO";
  uint8 public constant decimals = 0;
  uint256 public totalSupply = 1000;
  function balanceOf(address) external pure returns (uint256) { return 7; }
}
contract NotAToken {
  uint256 public counter;
  function bump() external { counter += 1; }
}`;

function compileOdd(): Record<string, { abi: Abi; bytecode: Hex }> {
  const solc = createRequire(import.meta.url)('solc') as { compile: (input: string) => string };
  const input = { language: 'Solidity', sources: { 'Odd.sol': { content: ODD_SOURCES } }, settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>> };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return Object.fromEntries(Object.entries(out.contracts['Odd.sol'] ?? {}).map(([name, c]) => [name, { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex }]));
}

type Token = { address: string; symbol: string; name: string; decimals: number; verified: boolean; price_usd: string | null };
async function tokens(query: string) {
  const res = await GET(new Request(`http://localhost/v1/tokens?${query}`));
  const body = await res.json() as { data: Token[] | null; error?: { type: string; field?: string } };
  return { status: res.status, body, rows: body.data ?? [] };
}

describe('GET /v1/tokens on a devnet', () => {
  let tmp: ReturnType<typeof useTempDataDir>;
  let anvil: Anvil;
  let c: DevClients;
  let weth: Address;
  let usdc: Address;
  let tkn: Address;
  let plain: Address;
  const odd: Record<string, Address> = {};

  beforeAll(async () => {
    tmp = useTempDataDir({ RPC_TIMEOUT_MS: '2000' });
    anvil = await startAnvil({ chainId: CHAIN_ID });
    c = devClients(CHAIN_ID, anvil.rpcUrl);
    const stack = await deployUniswap(c);
    weth = getAddress(stack.weth);
    usdc = getAddress(await deployToken(c, 'USD Coin', 'USDC', 6));
    tkn = getAddress(await deployToken(c, 'Pool Only Token', 'TKN', 18));
    plain = getAddress(await deployToken(c, 'Fresh Listing', 'FRESH', 9));
    const deployer = c.wallet(0);
    for (const [name, artifact] of Object.entries(compileOdd())) {
      const hash = await deployer.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, account: devAccount(0), chain: c.chain });
      const receipt = await c.publicClient.waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
      if (!receipt.contractAddress) throw new Error(`${name} not deployed`);
      odd[name] = getAddress(receipt.contractAddress);
    }
    writeFileSync(path.join(tmp.dir, 'chains.json'), JSON.stringify({ chains: [{
      id: CHAIN_ID, name: 'Devnet A', rpcUrl: anvil.rpcUrl, nativeSymbol: 'ETH', factory: stack.factory, router02: stack.router02,
      weth, stablecoins: [usdc], tokens: [{ address: weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 }, { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
    }] }));
    // Two indexed pools (as the indexer stores them): WETH/USDC at 3000, TKN/WETH at 0.01 WETH.
    const db = await readyDb();
    await db.insertInto('market_pairs').values([
      { pair_id: 1, chain_id: CHAIN_ID, pool: `0x${'a'.repeat(40)}`, base: weth, quote: usdc, base_symbol: 'WETH', quote_symbol: 'USDC', base_decimals: 18, quote_decimals: 6,
        base_is_token0: 1, pair_name: 'WETH/USDC', reserve_base: (100n * E18).toString(), reserve_quote: (300_000n * 10n ** 6n).toString(), reserves_block: 1 },
      { pair_id: 2, chain_id: CHAIN_ID, pool: `0x${'b'.repeat(40)}`, base: tkn, quote: weth, base_symbol: 'TKN', quote_symbol: 'WETH', base_decimals: 18, quote_decimals: 18,
        base_is_token0: 1, pair_name: 'TKN/WETH', reserve_base: (10_000n * E18).toString(), reserve_quote: (100n * E18).toString(), reserves_block: 1 },
    ]).execute();
  }, 120_000);

  afterAll(async () => {
    await anvil?.stop();
    tmp?.cleanup();
  });

  it('lists the native coin, the registry\'s tokens (verified) and the pools\' tokens (not verified), with USD prices', async () => {
    const { status, rows } = await tokens(`chainId=${CHAIN_ID}`);
    expect(status).toBe(200);
    const by = (a: string) => rows.find((t) => t.address === a);
    expect(rows.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'WETH', 'TKN']);
    expect(by(usdc)).toEqual({ address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, verified: true, price_usd: '1' });
    expect(by(zeroAddress)).toMatchObject({ symbol: 'ETH', verified: true, decimals: 18 });
    // Priced from the pools' holdings (no trades): a little under 3000 (a small sale after the 0.3 % fee).
    const wethUsd = Number(by(weth)?.price_usd);
    expect(wethUsd).toBeGreaterThan(2980);
    expect(wethUsd).toBeLessThan(3000);
    expect(Number(by(zeroAddress)?.price_usd)).toBe(wethUsd);
    expect(by(tkn)).toMatchObject({ symbol: 'TKN', verified: false, decimals: 18 });
    expect(Number(by(tkn)?.price_usd)).toBeCloseTo(wethUsd * 0.01 * 0.997, 0);
  });

  it('searches by symbol or name (any case) and by address prefix; limit cuts the answer', async () => {
    expect((await tokens(`chainId=${CHAIN_ID}&q=usd`)).rows.map((t) => t.symbol)).toEqual(['USDC']);
    expect((await tokens(`chainId=${CHAIN_ID}&q=wrapped`)).rows.map((t) => t.symbol)).toEqual(['WETH']);
    expect((await tokens(`chainId=${CHAIN_ID}&q=t`)).rows.map((t) => t.symbol)).toEqual(['ETH', 'WETH', 'TKN']);
    expect((await tokens(`chainId=${CHAIN_ID}&q=${tkn.slice(0, 10).toLowerCase()}`)).rows.map((t) => t.address)).toEqual([tkn]);
    expect((await tokens(`chainId=${CHAIN_ID}&limit=2`)).rows).toHaveLength(2);
    expect((await tokens(`chainId=${CHAIN_ID}&q=nothing-like-it`)).rows).toEqual([]);
  });

  it('looks up a listed token by address without the chain, and an unlisted ERC-20 on-chain, keeping what it read', async () => {
    expect((await tokens(`chainId=${CHAIN_ID}&address=${usdc}`)).rows).toEqual([expect.objectContaining({ address: usdc, verified: true })]);
    const fresh = await tokens(`chainId=${CHAIN_ID}&address=${plain.toLowerCase()}`);
    expect(fresh.status).toBe(200);
    expect(fresh.rows).toEqual([{ address: plain, symbol: 'FRESH', name: 'Fresh Listing', decimals: 9, verified: false, price_usd: null }]);
    const kept = await (await readyDb()).selectFrom('market_tokens').selectAll().where('address', '=', plain).execute();
    expect(kept.map((k) => [k.symbol, k.name, Number(k.decimals)])).toEqual([['FRESH', 'Fresh Listing', 9]]);
  });

  it('reads a bytes32 symbol and name, and a token with no name and zero decimals', async () => {
    const mkr = await tokens(`chainId=${CHAIN_ID}&address=${odd.Bytes32Token}`);
    expect(mkr.rows).toEqual([{ address: odd.Bytes32Token, symbol: 'MKR', name: 'Maker', decimals: 18, verified: false, price_usd: null }]);
    const zero = await tokens(`chainId=${CHAIN_ID}&address=${odd.NoNameZeroDecimals}`);
    expect(zero.rows).toEqual([{ address: odd.NoNameZeroDecimals, symbol: 'ZERO', name: '', decimals: 0, verified: false, price_usd: null }]);
  });

  it('answers 404 for a contract that is not a token and for an address without code, and keeps nothing', async () => {
    for (const address of [odd.NotAToken, devAccount(5).address]) {
      const r = await tokens(`chainId=${CHAIN_ID}&address=${address}`);
      expect([r.status, r.body.error?.type, r.body.error?.field]).toEqual([404, 'NOT_FOUND', 'address']);
    }
    const kept = await (await readyDb()).selectFrom('market_tokens').select('address').execute();
    expect(kept.map((k) => k.address)).not.toContain(odd.NotAToken);
  });

  it('refuses bad input naming the field', async () => {
    for (const [query, field] of [['', 'chainId'], [`chainId=${CHAIN_ID}&address=0x12`, 'address'], [`chainId=${CHAIN_ID}&q=`, 'q'], [`chainId=${CHAIN_ID}&limit=0`, 'limit'],
      [`chainId=${CHAIN_ID}&q=a&address=${usdc}`, 'q'], [`chainId=${CHAIN_ID}&sort=volume`, 'sort']] as const) {
      const r = await tokens(query);
      expect([r.status, r.body.error?.type, r.body.error?.field], query).toEqual([400, 'INVALID_ARGUMENT', field]);
    }
    expect((await tokens('chainId=5')).body.error?.type).toBe('UNSUPPORTED_CHAIN');
  });
});
