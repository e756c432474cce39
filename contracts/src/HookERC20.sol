// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice A mintable test token that, on its next transfer, calls a target (once) and keeps how that ended instead of
/// failing: a token in a route trying to make the router pay from inside a swap, or taking from a pool mid-route.
contract HookERC20 is ERC20 {
    address public hookTarget;
    bytes public hookData;
    bool public hookCalled;
    bool public hookSucceeded;
    bytes public hookResult;

    constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// Anyone can burn anyone's tokens: a token that can take from a pool behind its back.
    function burnFrom(address from, uint256 amount) external {
        _burn(from, amount);
    }

    function setHook(address target, bytes calldata data) external {
        (hookTarget, hookData, hookCalled) = (target, data, false);
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (hookTarget != address(0) && !hookCalled && from != address(0)) {
            hookCalled = true;
            (hookSucceeded, hookResult) = hookTarget.call(hookData);
        }
    }
}
