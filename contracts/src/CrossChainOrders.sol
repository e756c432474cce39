// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Leg} from "./LegSwapper.sol";

/// @notice A firm cross-chain quote, signed by the quote signer (EIP-712, the SwapRouter domain of the source chain).
/// Source: take `amountIn` of `tokenIn` from `sender`, hold `feeAmount` until the order settles (then it is the
/// service's) or is refunded (then it goes back with the escrow), swap `srcLegs` to the source bridge asset (empty
/// when `tokenIn` is the bridge asset) and escrow what they give: at least `minBridgeAmount`, `bridgeAmount` as
/// quoted. Destination: the filler pays `dstBridgeAmount` of `dstBridgeToken`, swapped along `dstLegs` (empty when
/// `tokenOut` is the bridge asset) so that `recipient` receives at least `minAmountOut` of `tokenOut`, before
/// `fillDeadline` on the destination clock. `dstBridgeAmount` and `dstLegs` are the destination at the quoted escrow:
/// `open` scales them with the escrow the source swap actually produced, less the relayer's fee on it
/// (`relayerFeeBps` of the escrow, rounded up, plus `relayerGasFee`), so the trader's slippage covers the whole route
/// and the relayer's fee stays whole. `tokenIn`/`tokenOut` are address(0) for the native coin. Until
/// `exclusivityDeadline` (inclusive, destination clock) only `exclusiveFiller` may fill; after it anyone may (zero
/// `exclusiveFiller`: anyone at once).
struct CrossChainQuote {
    bytes32 quoteId;
    address sender;
    address recipient;
    address tokenIn;
    uint256 amountIn;
    uint256 feeAmount;
    Leg[] srcLegs;
    uint256 bridgeAmount;
    uint256 minBridgeAmount;
    uint16 relayerFeeBps;
    uint256 relayerGasFee;
    uint64 srcChainId;
    uint64 dstChainId;
    address dstSettler;
    address dstBridgeToken;
    uint256 dstBridgeAmount;
    address tokenOut;
    uint256 minAmountOut;
    Leg[] dstLegs;
    uint32 fillDeadline;
    uint64 deadline;
    address exclusiveFiller;
    uint32 exclusivityDeadline;
}

/// @notice What the destination settler needs to fill an order: ERC-7683 `originData = abi.encode(FillOrder)` and
/// `orderId = keccak256(originData)`, so every field is bound to the order and a changed field is another order.
/// `dstBridgeAmount` and `dstLegs` are as scaled to the escrow at `open`; the exclusivity is the quote's.
struct FillOrder {
    uint64 originChainId;
    address originSettler;
    bytes32 quoteId;
    address user;
    address recipient;
    uint64 dstChainId;
    address dstSettler;
    address dstBridgeToken;
    uint256 dstBridgeAmount;
    address tokenOut;
    uint256 minAmountOut;
    Leg[] dstLegs;
    uint32 fillDeadline;
    uint64 openDeadline;
    address exclusiveFiller;
    uint32 exclusivityDeadline;
}
