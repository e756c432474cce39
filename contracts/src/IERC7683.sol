// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

// ERC-7683 v1 (Cross Chain Intents): the standard's order structs, Open event and settler interfaces, as the ERC
// defines them, so that any filler that speaks it can read our orders and fill them.

/// @notice Standard order struct to be signed by users, disseminated to fillers, and submitted to origin settler
/// contracts by fillers.
struct GaslessCrossChainOrder {
    address originSettler;
    address user;
    uint256 nonce;
    uint256 originChainId;
    uint32 openDeadline;
    uint32 fillDeadline;
    bytes32 orderDataType;
    bytes orderData;
}

/// @notice Standard order struct for user-opened orders, where the user submits the order creation transaction.
struct OnchainCrossChainOrder {
    uint32 fillDeadline;
    bytes32 orderDataType;
    bytes orderData;
}

/// @notice An implementation-generic representation of an order intended for filler consumption.
struct ResolvedCrossChainOrder {
    address user;
    uint256 originChainId;
    uint32 openDeadline;
    uint32 fillDeadline;
    bytes32 orderId;
    Output[] maxSpent;
    Output[] minReceived;
    FillInstruction[] fillInstructions;
}

/// @notice Tokens that must be received for a valid order fulfillment (address(0) for the native token).
struct Output {
    bytes32 token;
    uint256 amount;
    bytes32 recipient;
    uint256 chainId;
}

/// @notice Instructions to parameterize each leg of the fill.
struct FillInstruction {
    uint256 destinationChainId;
    bytes32 destinationSettler;
    bytes originData;
}

/// @title IOriginSettler
/// @notice Standard interface for settlement contracts on the origin chain.
interface IOriginSettler {
    /// @notice Signals that an order has been opened.
    event Open(bytes32 indexed orderId, ResolvedCrossChainOrder resolvedOrder);

    function openFor(GaslessCrossChainOrder calldata order, bytes calldata signature, bytes calldata originFillerData)
        external
        payable;

    function open(OnchainCrossChainOrder calldata order) external payable;

    function resolveFor(GaslessCrossChainOrder calldata order, bytes calldata originFillerData)
        external
        view
        returns (ResolvedCrossChainOrder memory);

    function resolve(OnchainCrossChainOrder calldata order) external view returns (ResolvedCrossChainOrder memory);
}

/// @title IDestinationSettler
/// @notice Standard interface for settlement contracts on the destination chain.
interface IDestinationSettler {
    function fill(bytes32 orderId, bytes calldata originData, bytes calldata fillerData) external payable;
}
