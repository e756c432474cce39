// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IUniswapV2Factory} from "./interfaces/IUniswapV2Factory.sol";
import {IUniswapV2Pair} from "./interfaces/IUniswapV2Pair.sol";
import {IUniswapV3Pool} from "./interfaces/IUniswapV3Pool.sol";

/// @notice One leg of a route: `amountIn` of `path[0]` swapped hop by hop to `path[path.length - 1]`.
/// Legs execute in array order; a path lists ERC20s only (WETH stands for a native end). `fees` names each hop's pool:
/// 0 the Uniswap V2 pair, otherwise the Uniswap V3 pool of that fee tier (millionths); empty means every hop is V2.
struct Leg {
    uint256 amountIn;
    address[] path;
    uint24[] fees;
}

/// @title LegSwapper
/// @notice Executes signed legs through Uniswap V2 pairs and Uniswap V3 pools. Pools are always derived (a V2 pair
/// from its factory, a V3 pool by CREATE2 from its factory, token pair and fee), never taken from calldata; every hop's
/// input is what actually arrived (fee-on-transfer safe). A V3 pool is paid in `uniswapV3SwapCallback` only while the
/// router is inside that pool's swap, only exactly the hop's input.
abstract contract LegSwapper {
    using SafeERC20 for IERC20;

    uint256 public constant MAX_HOPS = 3;
    uint256 public constant MAX_LEGS = 4;
    /// @dev keccak256 of UniswapV3Pool's creation code as shipped in @uniswap/v3-core (the same on every chain).
    bytes32 internal constant V3_POOL_INIT_CODE_HASH = 0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54;
    /// @dev TickMath.MIN_SQRT_RATIO + 1 and MAX_SQRT_RATIO - 1: no price limit of ours; a pool that runs out of
    /// liquidity asks for less than the hop's input and the callback refuses it.
    uint160 private constant MIN_SQRT_LIMIT = 4295128740;
    uint160 private constant MAX_SQRT_LIMIT = 1461446703485210103287273052203988822378723970341;

    address public immutable FACTORY;
    /// @notice Uniswap V3 factory whose pools V3 hops swap through; address(0) when the chain has none.
    address public immutable V3_FACTORY;
    address public immutable WETH;

    /// @dev The V3 swap in progress: the pool allowed to call back, who pays it, in what token and exactly how much.
    address private transient _v3Pool;
    address private transient _v3Payer;
    address private transient _v3Token;
    uint256 private transient _v3Amount;

    error ZeroAddress();
    error InvalidPath();
    error InvalidLegs();
    error LegAmountsMismatch(uint256 legsTotal, uint256 expected);
    error PairNotFound(address tokenA, address tokenB);
    error V3PoolNotFound(address tokenA, address tokenB, uint24 fee);
    error InsufficientLiquidity(address pool);
    /// @notice A pair's balance of the hop's input fell below its reserve (a token that took from the pair).
    error InputBelowReserve(address pair, uint256 balance, uint256 reserve);
    error UnexpectedCallback(address caller);
    error V3AmountMismatch(address pool, uint256 owed, uint256 amountIn);

    constructor(address factory, address v3Factory, address weth) {
        if (factory == address(0) || weth == address(0)) revert ZeroAddress();
        FACTORY = factory;
        V3_FACTORY = v3Factory;
        WETH = weth;
    }

    function _erc20Of(address token) internal view returns (address) {
        return token == address(0) ? WETH : token;
    }

    /// @dev Every leg runs from `tokenIn` to `tokenOut` in at most MAX_HOPS hops, names a pool per hop (or none: all
    /// V2), and the legs spend exactly `total`.
    function _checkLegs(Leg[] memory legs, address tokenIn, address tokenOut, uint256 total) internal pure {
        if (legs.length > MAX_LEGS) revert InvalidLegs();
        uint256 sum;
        for (uint256 i; i < legs.length; ++i) {
            address[] memory path = legs[i].path;
            uint256 n = path.length;
            if (n < 2 || n > MAX_HOPS + 1 || path[0] != tokenIn || path[n - 1] != tokenOut) revert InvalidPath();
            uint256 f = legs[i].fees.length;
            if (f != 0 && f != n - 1) revert InvalidPath();
            sum += legs[i].amountIn;
        }
        if (sum != total) revert LegAmountsMismatch(sum, total);
    }

    /// @dev Runs every leg: its input comes from `payer` (this contract: its own balance), the last hop pays `to`.
    /// Returns the sum of the last hops' outputs.
    function _swapLegs(Leg[] memory legs, address payer, address to) internal returns (uint256 amountOut) {
        for (uint256 i; i < legs.length; ++i) {
            amountOut += _swapLeg(legs[i], payer, to);
        }
    }

    function _feeOf(Leg memory leg, uint256 hop) private pure returns (uint24) {
        return leg.fees.length == 0 ? 0 : leg.fees[hop];
    }

    /// @dev A V2 hop is paid before its swap (input sent to the pair) and pays out to the next V2 pair directly; a V3
    /// hop is paid in its callback, so what precedes it pays out to this contract and its input is what arrived here.
    function _swapLeg(Leg memory leg, address payer, address to) private returns (uint256 amountOut) {
        address[] memory pools = new address[](leg.path.length - 1);
        for (uint256 i; i < pools.length; ++i) {
            pools[i] = _poolOf(leg.path[i], leg.path[i + 1], _feeOf(leg, i));
        }
        uint256 amount = leg.amountIn;
        if (_feeOf(leg, 0) == 0) _pay(leg.path[0], payer, pools[0], amount);
        for (uint256 i; i < pools.length; ++i) {
            (amountOut, amount) = _hop(leg, pools, i, amount, i == 0 ? payer : address(this), to);
        }
    }

    /// @dev Hop `i` of `leg`; `received` is what arrived here for the next hop when that one is V3.
    function _hop(Leg memory leg, address[] memory pools, uint256 i, uint256 amountIn, address payer, address to)
        private
        returns (uint256 amountOut, uint256 received)
    {
        bool intoV3 = i + 1 < pools.length && _feeOf(leg, i + 1) != 0;
        address hopTo = i + 1 == pools.length ? to : intoV3 ? address(this) : pools[i + 1];
        uint256 before = intoV3 ? IERC20(leg.path[i + 1]).balanceOf(address(this)) : 0;
        amountOut = _feeOf(leg, i) == 0
            ? _swapV2(pools[i], leg.path[i], leg.path[i + 1], hopTo)
            : _swapV3(pools[i], leg.path[i], leg.path[i + 1], amountIn, payer, hopTo);
        if (intoV3) received = _gain(before, IERC20(leg.path[i + 1]).balanceOf(address(this)));
    }

    /// @dev The V2 pair from the factory, or the V3 pool at its CREATE2 address; calldata never names a pool.
    function _poolOf(address a, address b, uint24 fee) private view returns (address pool) {
        if (fee == 0) {
            pool = IUniswapV2Factory(FACTORY).getPair(a, b);
            if (pool == address(0)) revert PairNotFound(a, b);
            return pool;
        }
        (address token0, address token1) = a < b ? (a, b) : (b, a);
        bytes32 salt = keccak256(abi.encode(token0, token1, fee));
        pool = address(uint160(uint256(keccak256(abi.encodePacked(hex"ff", V3_FACTORY, salt, V3_POOL_INIT_CODE_HASH)))));
        if (V3_FACTORY == address(0) || pool.code.length == 0) revert V3PoolNotFound(a, b, fee);
    }

    function _pay(address token, address payer, address to, uint256 amount) private {
        if (payer == address(this)) IERC20(token).safeTransfer(to, amount);
        else IERC20(token).safeTransferFrom(payer, to, amount);
    }

    /// @dev Router02's fee-on-transfer-safe hop: the input is what the pair actually received.
    function _swapV2(address pool, address input, address output, address to) private returns (uint256 amountOut) {
        IUniswapV2Pair pair = IUniswapV2Pair(pool);
        (uint256 reserve0, uint256 reserve1,) = pair.getReserves();
        bool zeroForOne = input < output;
        (uint256 reserveIn, uint256 reserveOut) = zeroForOne ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 balance = IERC20(input).balanceOf(pool);
        if (balance < reserveIn) revert InputBelowReserve(pool, balance, reserveIn);
        amountOut = _getAmountOut(balance - reserveIn, reserveIn, reserveOut);
        if (amountOut == 0) revert InsufficientLiquidity(pool);
        (uint256 amount0Out, uint256 amount1Out) = zeroForOne ? (uint256(0), amountOut) : (amountOut, uint256(0));
        pair.swap(amount0Out, amount1Out, to, new bytes(0));
    }

    /// @dev Exact input through a V3 pool with no price limit of ours; `payer` pays the pool in the callback.
    function _swapV3(address pool, address input, address output, uint256 amountIn, address payer, address to)
        private
        returns (uint256 amountOut)
    {
        if (amountIn == 0 || amountIn > uint256(type(int256).max)) revert InsufficientLiquidity(pool);
        bool zeroForOne = input < output;
        (_v3Pool, _v3Payer, _v3Token, _v3Amount) = (pool, payer, input, amountIn);
        (int256 amount0, int256 amount1) = IUniswapV3Pool(pool).swap(
            to, zeroForOne, int256(amountIn), zeroForOne ? MIN_SQRT_LIMIT : MAX_SQRT_LIMIT, ""
        );
        _v3Pool = address(0);
        int256 out = zeroForOne ? amount1 : amount0;
        if (out >= 0) revert InsufficientLiquidity(pool);
        amountOut = uint256(-out);
    }

    /// @notice Pays the V3 pool whose swap this router is inside, exactly the hop's input; any other caller, a call
    /// outside a swap, a second call or another amount reverts.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        address pool = _v3Pool;
        if (pool == address(0) || msg.sender != pool) revert UnexpectedCallback(msg.sender);
        _v3Pool = address(0);
        int256 owed = amount0Delta > 0 ? amount0Delta : amount1Delta;
        uint256 amountIn = _v3Amount;
        if (owed <= 0 || uint256(owed) != amountIn) revert V3AmountMismatch(pool, owed > 0 ? uint256(owed) : 0, amountIn);
        _pay(_v3Token, _v3Payer, pool, amountIn);
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
