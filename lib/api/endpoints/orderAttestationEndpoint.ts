// GET /v1/crosschain/orders/attestation: a fill's attestation, for a filler that settles its own fills.
import { defineEndpoint } from '../openapi';
import { OrderAttestation, OrderAttestationQuery } from '../schemas/crosschainOrders';

export const orderAttestationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/crosschain/orders/attestation',
  summary: 'Attestation of a cross-chain order\'s fill',
  description:
    'Any filler may fill a Swapdesk ERC-7683 order (`GET /v1/crosschain/orders`) and be repaid on the origin chain. This answers the settlement attester\'s signature of what the destination chain shows for the order at its confirmation depth: '
    + '`filled` with the filler and the repayment address the fill recorded (`fillerData`), or `expired`, with `calldata` (settle or refund) that any account may send to `origin_settler` on `origin_chain_id`. '
    + 'The escrow only ever goes to the recorded repayment address; Swapdesk\'s relayer also settles every fill it sees, so a filler need not. `pending` means the fill is not deep enough yet (ask again).',
  tags: ['crosschain'],
  query: OrderAttestationQuery,
  response: OrderAttestation,
  example: {
    query: { order_id: '0x8f3c1b2a4d6e8f0a1c3e5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b' },
    response: {
      order_id: '0x8f3c1b2a4d6e8f0a1c3e5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a3c5e7b', origin_chain_id: 31337, destination_chain_id: 31338,
      origin_settler: '0x5FbDB2315678afecb367f032d93F642f64180aa3', status: 'filled',
      filler: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', repayment: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
      signature: `0x${'1b'.repeat(65)}`, calldata: '0x…', at_block: 812, reason: null,
    },
  },
  errors: ['NOT_FOUND', 'CHAIN_UNAVAILABLE'],
});
