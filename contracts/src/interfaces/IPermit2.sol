// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice The part of Uniswap's Permit2 (SignatureTransfer) the router uses: one signed, single-use transfer whose
/// signature also covers a witness struct of the spender's choosing.
interface IPermit2 {
    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitTransferFrom {
        TokenPermissions permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    function permitWitnessTransferFrom(
        PermitTransferFrom calldata permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;
}
