// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice The part of a Uniswap V2 pair the router uses to swap through it.
interface IUniswapV2Pair {
    function token0() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}
