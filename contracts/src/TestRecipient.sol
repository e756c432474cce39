// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice A contract account for tests: it can reject native coin (always, or only in transactions that pay for gas,
/// which a simulation at gas price 0 does not see), call anything (to approve or to send a swap as its own sender),
/// and, while receiving native coin, try to re-enter a target and record how that ended.
contract TestRecipient {
    bool public rejectNative;
    bool public rejectPricedNative;
    address public reentryTarget;
    bytes public reentryData;
    bytes public lastReentryResult;
    bool public reentryAttempted;

    error NativeRejected();

    constructor(bool rejectNative_) {
        rejectNative = rejectNative_;
    }

    function setRejectNative(bool reject) external {
        rejectNative = reject;
    }

    function setRejectPricedNative(bool reject) external {
        rejectPricedNative = reject;
    }

    /// While receiving native coin, call `target` with `data` and keep its revert data instead of failing.
    function setReentry(address target, bytes calldata data) external {
        reentryTarget = target;
        reentryData = data;
    }

    function execute(address target, uint256 value, bytes calldata data) external payable returns (bytes memory) {
        (bool ok, bytes memory result) = target.call{value: value}(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(result, 0x20), mload(result))
            }
        }
        return result;
    }

    receive() external payable {
        if (rejectNative || (rejectPricedNative && tx.gasprice > 0)) revert NativeRejected();
        if (reentryTarget != address(0) && !reentryAttempted) {
            reentryAttempted = true;
            (, bytes memory result) = reentryTarget.call(reentryData);
            lastReentryResult = result;
        }
    }
}
