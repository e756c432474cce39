// Reads an address's ERC-20 metadata from the chain, tolerating the odd shapes real tokens have: a bytes32
// symbol or name (MKR, SAI), no name at all, zero decimals. An address with no code, or whose contract does not
// answer decimals, totalSupply and balanceOf like a token, is not a token.
import { decodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, hexToString, size, trim, type Address, type Hex, type PublicClient } from 'viem';

export type TokenMetadata = { address: Address; symbol: string; name: string; decimals: number };

/** Longer texts are cut: a token's own strings end up in the page and in search results. */
const MAX_TEXT = 64;
const MAX_DECIMALS = 255;

async function call(client: PublicClient, address: Address, data: Hex): Promise<Hex | undefined> {
  try {
    return (await client.call({ to: address, data })).data;
  } catch {
    return undefined;
  }
}

/** Printable text only: control characters (a bytes32's padding, say) go, whitespace collapses. */
export function cleanText(text: string): string {
  return Array.from(text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '').replace(/\s+/g, ' ').trim()).slice(0, MAX_TEXT).join('');
}

/** A `string` return value, else a `bytes32` one; undefined when neither decodes. */
export function decodeText(data: Hex | undefined): string | undefined {
  if (data === undefined || data === '0x') return undefined;
  if (size(data) === 32) {
    // A bytes32: the text in its leading bytes, zero-padded on the right.
    const trimmed = trim(data, { dir: 'right' });
    if (trimmed === '0x00') return '';
    try {
      return cleanText(hexToString(trimmed));
    } catch {
      return undefined;
    }
  }
  try {
    const [text] = decodeAbiParameters([{ type: 'string' }], data);
    return cleanText(text);
  } catch {
    return undefined;
  }
}

function decodeUint(data: Hex | undefined): bigint | undefined {
  if (data === undefined || size(data) < 32) return undefined;
  try {
    const [n] = decodeAbiParameters([{ type: 'uint256' }], data);
    return n;
  } catch {
    return undefined;
  }
}

const selector = (functionName: 'symbol' | 'name' | 'decimals' | 'totalSupply') => encodeFunctionData({ abi: erc20Abi, functionName });

/** The token's metadata, or null when the address is not an ERC-20 contract. RPC failures throw. */
export async function readTokenMetadata(client: PublicClient, address: Address): Promise<TokenMetadata | null> {
  const code = await client.getCode({ address });
  if (code === undefined || code === '0x') return null;
  const balanceCall = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const [decimalsData, supplyData, balanceData, symbolData, nameData] = await Promise.all([
    call(client, address, selector('decimals')),
    call(client, address, selector('totalSupply')),
    call(client, address, balanceCall),
    call(client, address, selector('symbol')),
    call(client, address, selector('name')),
  ]);
  const decimals = decodeUint(decimalsData);
  if (decimals === undefined || decimals > BigInt(MAX_DECIMALS) || decodeUint(supplyData) === undefined || decodeUint(balanceData) === undefined) return null;
  const checksummed = getAddress(address);
  const symbol = decodeText(symbolData) || checksummed.slice(0, 8);
  return { address: checksummed, symbol, name: decodeText(nameData) ?? '', decimals: Number(decimals) };
}
