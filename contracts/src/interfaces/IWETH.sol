// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice Wrapped native coin (WETH9): wraps native input and unwraps native output.
interface IWETH {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}
