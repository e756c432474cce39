// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice The part of a Uniswap V3 pool the router swaps through; the pool is paid in `uniswapV3SwapCallback`.
interface IUniswapV3Pool {
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}
