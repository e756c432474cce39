// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IUniswapV2Factory} from "./interfaces/IUniswapV2Factory.sol";
import {IUniswapV2Pair} from "./interfaces/IUniswapV2Pair.sol";

/// @notice One leg of a route: `amountIn` of `path[0]` swapped hop by hop to `path[path.length - 1]`.
/// Legs execute in array order; a path lists ERC20s only (WETH stands for a native end).
struct Leg {
    uint256 amountIn;
    address[] path;
}

/// @title V2LegSwapper
/// @notice Executes signed legs through the factory's Uniswap V2 pairs. Pairs are always derived from the factory,
/// never taken from calldata, and every hop's input is what its pair actually received (fee-on-transfer safe).
abstract contract V2LegSwapper {
    using SafeERC20 for IERC20;

    uint256 public constant MAX_HOPS = 3;
    uint256 public constant MAX_LEGS = 4;

    address public immutable FACTORY;
    address public immutable WETH;

    error ZeroAddress();
    error InvalidPath();
    error InvalidLegs();
    error LegAmountsMismatch(uint256 legsTotal, uint256 expected);
    error PairNotFound(address tokenA, address tokenB);
    error InsufficientLiquidity(address pair);

    constructor(address factory, address weth) {
        if (factory == address(0) || weth == address(0)) revert ZeroAddress();
        FACTORY = factory;
        WETH = weth;
    }

    function _erc20Of(address token) internal view returns (address) {
        return token == address(0) ? WETH : token;
    }

    /// @dev Every leg runs from `tokenIn` to `tokenOut` in at most MAX_HOPS hops, and the legs spend exactly `total`.
    function _checkLegs(Leg[] memory legs, address tokenIn, address tokenOut, uint256 total) internal pure {
        if (legs.length > MAX_LEGS) revert InvalidLegs();
        uint256 sum;
        for (uint256 i; i < legs.length; ++i) {
            address[] memory path = legs[i].path;
            uint256 n = path.length;
            if (n < 2 || n > MAX_HOPS + 1 || path[0] != tokenIn || path[n - 1] != tokenOut) revert InvalidPath();
            sum += legs[i].amountIn;
        }
        if (sum != total) revert LegAmountsMismatch(sum, total);
    }

    /// @dev Runs every leg: its input goes from `payer` (this contract: its own balance) straight to the leg's first
    /// pair, and the last hop pays `to`. Returns the sum of the last hops' outputs.
    function _swapLegs(Leg[] memory legs, address payer, address to) internal returns (uint256 amountOut) {
        for (uint256 i; i < legs.length; ++i) {
            address[] memory path = legs[i].path;
            address[] memory pairs = _pairsOf(path);
            IERC20 input = IERC20(path[0]);
            if (payer == address(this)) input.safeTransfer(pairs[0], legs[i].amountIn);
            else input.safeTransferFrom(payer, pairs[0], legs[i].amountIn);
            amountOut += _swapHops(path, pairs, to);
        }
    }

    /// @dev Every hop's pair comes from the factory; calldata never names a pair.
    function _pairsOf(address[] memory path) private view returns (address[] memory pairs) {
        pairs = new address[](path.length - 1);
        for (uint256 i; i < pairs.length; ++i) {
            address pair = IUniswapV2Factory(FACTORY).getPair(path[i], path[i + 1]);
            if (pair == address(0)) revert PairNotFound(path[i], path[i + 1]);
            pairs[i] = pair;
        }
    }

    /// @dev Router02's fee-on-transfer-safe loop: each hop's input is what its pair actually received.
    function _swapHops(address[] memory path, address[] memory pairs, address to) private returns (uint256 amountOut) {
        for (uint256 i; i < pairs.length; ++i) {
            (address input, address output) = (path[i], path[i + 1]);
            IUniswapV2Pair pair = IUniswapV2Pair(pairs[i]);
            (uint256 reserve0, uint256 reserve1,) = pair.getReserves();
            bool zeroForOne = input < output;
            (uint256 reserveIn, uint256 reserveOut) = zeroForOne ? (reserve0, reserve1) : (reserve1, reserve0);
            uint256 amountIn = IERC20(input).balanceOf(address(pair)) - reserveIn;
            amountOut = _getAmountOut(amountIn, reserveIn, reserveOut);
            if (amountOut == 0) revert InsufficientLiquidity(address(pair));
            address hopTo = i + 1 < pairs.length ? pairs[i + 1] : to;
            (uint256 amount0Out, uint256 amount1Out) = zeroForOne ? (uint256(0), amountOut) : (amountOut, uint256(0));
            pair.swap(amount0Out, amount1Out, hopTo, new bytes(0));
        }
    }

    /// @dev UniswapV2Library.getAmountOut: 0.3 % pool fee, rounded down.
    function _getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) private pure returns (uint256) {
        if (amountIn == 0 || reserveIn == 0 || reserveOut == 0) return 0;
        uint256 amountInWithFee = amountIn * 997;
        return (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    function _gain(uint256 before, uint256 afterwards) internal pure returns (uint256) {
        return afterwards > before ? afterwards - before : 0;
    }
}
