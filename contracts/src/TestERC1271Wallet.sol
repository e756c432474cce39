// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice A minimal smart-contract wallet for tests: its owner (an EOA) makes it call anything (e.g. approve Permit2),
/// and it answers ERC-1271's isValidSignature for a 65-byte ECDSA signature of the hash by that owner.
contract TestERC1271Wallet {
    bytes4 internal constant ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant ERC1271_INVALID = 0xffffffff;
    /// secp256k1n / 2: a larger s is the malleable twin of a valid signature.
    uint256 internal constant MAX_S = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    error NotOwner();
    error CallFailed(bytes result);

    constructor(address owner_) {
        owner = owner_;
    }

    function execute(address target, bytes calldata data) external returns (bytes memory) {
        if (msg.sender != owner) revert NotOwner();
        (bool ok, bytes memory result) = target.call(data);
        if (!ok) revert CallFailed(result);
        return result;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return ERC1271_INVALID;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > MAX_S) return ERC1271_INVALID;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? ERC1271_MAGIC_VALUE : ERC1271_INVALID;
    }
}
