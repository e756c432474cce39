// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @notice Mintable ERC20 with configurable decimals and EIP-2612 `permit` (as real USDC and DAI-like tokens have), so
/// a wallet without native coin can approve Permit2 by signature. For devnets and tests only.
contract TestERC20 is ERC20, ERC20Permit {
    uint8 private immutable _decimals;

    /// The EIP-712 domain is `name_`, version "1" (EIP-5267 `eip712Domain()` states it).
    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) ERC20Permit(name_) {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    /// Anyone can mint: the token exists to fund devnet accounts.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
