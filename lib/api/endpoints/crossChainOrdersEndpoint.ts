// GET /v1/crosschain/orders: open ERC-7683 orders for fillers, defined once for route() and the OpenAPI document.
import { defineEndpoint } from '../openapi';
import { CrossChainOrderDTO, CrossChainOrdersPage, CrossChainOrdersQuery, CrossChainOrdersStreamQuery } from '../schemas/crosschainOrders';

const EXAMPLE_ORDER = {
  order_id: '0x8f3c1b2a4d6e8f0a1c3e5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b', origin_chain_id: 31337, destination_chain_id: 31338,
  origin_settler: '0x5FbDB2315678afecb367f032d93F642f64180aa3', destination_settler: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  origin_data: '0x…', fill_deadline: 1795500372, exclusive_filler: '0xcE0042bC5e1771eA354D4a08280c5F53ce13eA3c', exclusivity_deadline: 1795500072,
  input: { token: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', amount: '500000000' },
  output: { token: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', min_amount: '499000000', recipient: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', bridge_token: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0', bridge_amount: '499000000' },
  status: 'open' as const, filler: null, fill_tx_hash: null, settle_tx_hash: null, opened_at: 1795500010,
};

export const crossChainOrdersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/crosschain/orders',
  summary: 'Cross-chain orders any filler may fill, newest first',
  description:
    'Swapdesk\'s ERC-7683 orders as the origin chains opened them. A filler calls `fill(order_id, origin_data, fillerData)` on `destination_settler` on `destination_chain_id`, paying `output.bridge_amount` of `output.bridge_token` from its own inventory '
    + '(`fillerData` = `abi.encode(address repayment, uint256 extra)`, or empty to be repaid at the filling address), and is repaid `input.amount` on the origin chain: Swapdesk\'s relayer settles every fill it sees, or the filler settles itself with `GET /v1/crosschain/orders/attestation`. '
    + 'Until `exclusivity_deadline` (destination clock) only `exclusive_filler` may fill; a second fill of one order reverts. `status=open` lists what is still fillable. Pass `next_cursor` as `cursor` for older orders.',
  tags: ['crosschain'],
  query: CrossChainOrdersQuery,
  response: CrossChainOrdersPage,
  example: { query: { status: 'open', limit: 1 }, response: { orders: [EXAMPLE_ORDER], next_cursor: 'MTc5NTUwMDAxMC4weDhm' } },
  errors: [],
});

export const crossChainOrdersStreamEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/crosschain/orders/stream',
  summary: 'Cross-chain orders as they open and change (server-sent events)',
  description:
    'A `text/event-stream` of `order` events, each one CrossChainOrder of `GET /v1/crosschain/orders` as JSON in `data`: the open orders at once (oldest first), then every order when it opens or its status, filler or settlement changes. '
    + 'Comment lines (`: heartbeat`) keep the connection alive every 15 s; `retry` tells EventSource how soon to reconnect.',
  tags: ['crosschain'],
  query: CrossChainOrdersStreamQuery,
  response: CrossChainOrderDTO,
  example: { query: { destination_chain_id: 31338 }, response: EXAMPLE_ORDER },
  contentType: 'text/event-stream',
  envelope: false,
  errors: [],
});
