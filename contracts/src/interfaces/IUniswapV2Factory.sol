// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice The part of the Uniswap V2 factory the router reads: the canonical pair of two tokens.
interface IUniswapV2Factory {
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}
