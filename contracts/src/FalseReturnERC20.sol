// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Mintable ERC20 that, once switched to failing, answers transfers with `false` instead of reverting
/// (as some old tokens do), for tests only.
contract FalseReturnERC20 is ERC20 {
    bool public failing;

    constructor(string memory name_, string memory symbol_) ERC20(name_, symbol_) {}

    /// Anyone can mint: the token exists to fund test accounts.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function setFailing(bool failing_) external {
        failing = failing_;
    }

    function transfer(address to, uint256 amount) public override returns (bool) {
        if (failing) return false;
        return super.transfer(to, amount);
    }

    function transferFrom(address from, address to, uint256 amount) public override returns (bool) {
        if (failing) return false;
        return super.transferFrom(from, to, amount);
    }
}
