import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, encodeEventTopics, getAbiItem, keccak256, pad, zeroAddress, type Address, type Hex, type Log } from 'viem';
import { decodeOriginData } from '@/lib/contracts/crossChainQuote';
import { decodeDeposits } from './decodeDeposits';
import { originSettlerAbi } from '@/lib/crosschain/settlerAbi';

const CHAIN = 31337;
const SETTLER: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const USER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const RECIPIENT: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const USDC_A: Address = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const USDC_B: Address = '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const QUOTE_ID: Hex = `0x${'ab'.repeat(32)}`;
const FILL_DEADLINE = 1_795_000_600;


function originData(over: { originChainId?: bigint; originSettler?: Address } = {}): Hex {
  return encodeAbiParameters(
    [{
      type: 'tuple',
      components: [
        { name: 'originChainId', type: 'uint64' }, { name: 'originSettler', type: 'address' }, { name: 'quoteId', type: 'bytes32' },
        { name: 'user', type: 'address' }, { name: 'recipient', type: 'address' }, { name: 'dstChainId', type: 'uint64' },
        { name: 'dstSettler', type: 'address' }, { name: 'dstBridgeToken', type: 'address' }, { name: 'dstBridgeAmount', type: 'uint256' },
        { name: 'tokenOut', type: 'address' }, { name: 'minAmountOut', type: 'uint256' },
        { name: 'dstLegs', type: 'tuple[]', components: [{ name: 'amountIn', type: 'uint256' }, { name: 'path', type: 'address[]' }, { name: 'fees', type: 'uint24[]' }] },
        { name: 'fillDeadline', type: 'uint32' }, { name: 'openDeadline', type: 'uint64' },
      ],
    }],
    [{
      originChainId: over.originChainId ?? BigInt(CHAIN), originSettler: over.originSettler ?? SETTLER, quoteId: QUOTE_ID, user: USER,
      recipient: RECIPIENT, dstChainId: 31338n, dstSettler: OTHER, dstBridgeToken: USDC_B, dstBridgeAmount: 998_000_000n,
      tokenOut: zeroAddress, minAmountOut: 400_000_000_000_000_000n, dstLegs: [{ amountIn: 998_000_000n, path: [USDC_B, OTHER], fees: [] }],
      fillDeadline: FILL_DEADLINE, openDeadline: 1_795_000_300n,
    }],
  );
}

const base = { blockHash: `0x${'11'.repeat(32)}`, blockNumber: 42n, logIndex: 0, transactionIndex: 0, transactionHash: `0x${'22'.repeat(32)}`, removed: false } as const;

function openLog(data: Hex, orderId: Hex = keccak256(data), address: Address = SETTLER): Log {
  const resolved = {
    user: USER, originChainId: BigInt(CHAIN), openDeadline: 1_795_000_300, fillDeadline: FILL_DEADLINE, orderId,
    maxSpent: [{ token: pad(zeroAddress), amount: 1n, recipient: pad(RECIPIENT), chainId: 31338n }],
    minReceived: [{ token: pad(USDC_A), amount: 1_000_000_000n, recipient: pad(zeroAddress), chainId: BigInt(CHAIN) }],
    fillInstructions: [{ destinationChainId: 31338n, destinationSettler: pad(OTHER), originData: data }],
  };
  const topics = encodeEventTopics({ abi: originSettlerAbi, eventName: 'Open', args: { orderId } });
  const item = getAbiItem({ abi: originSettlerAbi, name: 'Open' });
  const encoded = encodeAbiParameters([item.inputs[1]], [resolved]);
  return { ...base, address, topics: topics as Log['topics'], data: encoded };
}

function escrowLog(orderId: Hex, address: Address = SETTLER): Log {
  const topics = encodeEventTopics({ abi: originSettlerAbi, eventName: 'OrderEscrowed', args: { orderId, quoteId: QUOTE_ID, user: USER } });
  return { ...base, address, logIndex: 1, topics: topics as Log['topics'], data: encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [USDC_A, 1_000_000_000n]) };
}

describe('decodeDeposits', () => {
  it('turns an Open with its OrderEscrowed into an order row, with everything a fill needs', () => {
    const data = originData();
    const orderId = keccak256(data);
    const { orders, rejected } = decodeDeposits(CHAIN, SETTLER, [escrowLog(orderId), openLog(data)]);
    expect(rejected).toEqual([]);
    expect(orders).toEqual([{
      order_id: orderId, quote_id: QUOTE_ID, src_chain_id: CHAIN, dst_chain_id: 31338, origin_settler: SETTLER, user_address: USER,
      recipient: RECIPIENT, escrow_token: USDC_A, escrow_amount: '1000000000', dst_bridge_amount: '998000000', fill_deadline: FILL_DEADLINE,
      origin_data: data, open_tx_hash: base.transactionHash, open_block: 42,
    }]);
    expect(decodeOriginData(data)).toMatchObject({ dstSettler: OTHER, dstBridgeToken: USDC_B, minAmountOut: 400_000_000_000_000_000n });
  });

  it('ignores other contracts, and names Opens whose data is not an order of this settler on this chain', () => {
    const good = originData();
    const wrongChain = originData({ originChainId: 31338n });
    const wrongSettler = originData({ originSettler: OTHER });
    const noEscrow = originData({ originSettler: SETTLER, originChainId: BigInt(CHAIN) }) + '00' as Hex;
    const { orders, rejected } = decodeDeposits(CHAIN, SETTLER, [
      openLog(good, keccak256(good), OTHER), escrowLog(keccak256(good), OTHER),
      openLog(good, `0x${'cd'.repeat(32)}`), escrowLog(`0x${'cd'.repeat(32)}`),
      openLog(wrongChain), escrowLog(keccak256(wrongChain)),
      openLog(wrongSettler), escrowLog(keccak256(wrongSettler)),
      openLog(noEscrow),
    ]);
    expect(orders).toEqual([]);
    expect(rejected.map((r) => r.reason)).toEqual([
      'originData does not hash to the order id', 'order names another origin', 'order names another origin', 'no OrderEscrowed beside the Open',
    ]);
  });
});
