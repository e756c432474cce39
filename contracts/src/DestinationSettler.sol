// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {FillOrder} from "./CrossChainOrders.sol";
import {IDestinationSettler} from "./IERC7683.sol";
import {LegAmounts} from "./LegAmounts.sol";
import {IWETH} from "./interfaces/IWETH.sol";
import {LegSwapper} from "./LegSwapper.sol";

/// @title Swapdesk DestinationSettler
/// @notice ERC-7683 destination settler: a filler pays an order's bridge amount from its own inventory, which is
/// swapped along the order's destination legs so that the recipient receives at least the order's minimum. Each order
/// fills at most once, only here, only on its destination chain and not after its fill deadline (this chain's
/// clock). The record of fills is the single arbiter of filled or not; the contract holds nothing afterwards.
/// @notice Any address may fill, except that until an order's `exclusivityDeadline` (inclusive) only its
/// `exclusiveFiller` may. `fillerData` is empty or `abi.encode(address repayment, uint256 extraBridgeAmount)`:
/// `repayment` is where the origin settler pays the escrow for this fill (zero, or empty fillerData: the filler itself),
/// and the extra is bridge asset the filler adds from its own inventory to the order's `dstBridgeAmount` (the legs
/// scaled to the sum), so that it can still deliver the recipient's minimum after the destination pools moved against
/// the order. The record names both the filler and its repayment address; the attester reads the latter.
contract DestinationSettler is IDestinationSettler, ReentrancyGuard, LegSwapper {
    using SafeERC20 for IERC20;

    struct Fill {
        address filler;
        uint256 amountOut;
        uint64 filledAt;
        address repayment;
    }

    /// @notice The fill of each order: who paid, what the recipient received, when, and where the origin repays it
    /// (zero when unfilled).
    mapping(bytes32 orderId => Fill) public fills;

    event Filled(
        bytes32 indexed orderId,
        address indexed filler,
        address indexed recipient,
        address tokenOut,
        uint256 amountOut,
        address repayment
    );

    error OrderIdMismatch(bytes32 orderId, bytes32 originDataHash);
    error WrongChain(uint256 expectedChainId, uint256 actualChainId);
    error WrongSettler(address expected, address actual);
    error FillDeadlinePassed(uint32 fillDeadline, uint256 timestamp);
    error AlreadyFilled(bytes32 orderId);
    error NotExclusiveFiller(address exclusiveFiller, uint32 exclusivityDeadline);
    error InvalidRecipient(address recipient);
    error InvalidValue(uint256 expected, uint256 actual);
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    error NativeTransferFailed(address to, uint256 amount);
    error UnexpectedNativeSender(address from);

    constructor(address factory, address v3Factory, address weth) LegSwapper(factory, v3Factory, weth) {}

    /// @dev Native coin arrives only when WETH unwraps native output.
    receive() external payable {
        if (msg.sender != WETH) revert UnexpectedNativeSender(msg.sender);
    }

    /// @notice Fills `orderId` from the caller's inventory: pulls `dstBridgeAmount` of `dstBridgeToken` (approved to
    /// this contract) plus any extra the filler adds in `fillerData`, swaps it along `dstLegs` and pays the recipient.
    function fill(bytes32 orderId, bytes calldata originData, bytes calldata fillerData) external payable nonReentrant {
        if (msg.value != 0) revert InvalidValue(0, msg.value);
        bytes32 hash = keccak256(originData);
        if (hash != orderId) revert OrderIdMismatch(orderId, hash);
        FillOrder memory o = abi.decode(originData, (FillOrder));
        if (o.dstChainId != block.chainid) revert WrongChain(o.dstChainId, block.chainid);
        if (o.dstSettler != address(this)) revert WrongSettler(o.dstSettler, address(this));
        if (block.timestamp > o.fillDeadline) revert FillDeadlinePassed(o.fillDeadline, block.timestamp);
        if (fills[orderId].filledAt != 0) revert AlreadyFilled(orderId);
        if (o.exclusiveFiller != address(0) && block.timestamp <= o.exclusivityDeadline && msg.sender != o.exclusiveFiller) {
            revert NotExclusiveFiller(o.exclusiveFiller, o.exclusivityDeadline);
        }
        address out = _erc20Of(o.tokenOut);
        if (o.recipient == address(0) || o.recipient == address(this) || o.recipient == out) {
            revert InvalidRecipient(o.recipient);
        }
        address repayment;
        uint256 extra;
        if (fillerData.length != 0) (repayment, extra) = abi.decode(fillerData, (address, uint256));
        if (repayment == address(0)) repayment = msg.sender;
        // Recorded before any external call: no call below can see this order as unfilled.
        fills[orderId] = Fill(msg.sender, 0, uint64(block.timestamp), repayment);

        uint256 amountOut = _deliver(o, out, extra);
        if (amountOut < o.minAmountOut) revert InsufficientOutput(amountOut, o.minAmountOut);
        fills[orderId].amountOut = amountOut;
        emit Filled(orderId, msg.sender, o.recipient, o.tokenOut, amountOut, repayment);
    }

    /// @dev Pays the recipient from the caller's bridge asset (`dstBridgeAmount + extra`); returns the recipient's
    /// balance increase.
    function _deliver(FillOrder memory o, address out, uint256 extra) private returns (uint256) {
        bool native = o.tokenOut == address(0);
        address to = native ? address(this) : o.recipient;
        uint256 before = native ? o.recipient.balance : IERC20(out).balanceOf(o.recipient);
        uint256 wrapped;
        if (o.dstLegs.length == 0) {
            // Without legs the bridge asset is the output itself.
            if (out != o.dstBridgeToken) revert InvalidLegs();
            IERC20(out).safeTransferFrom(msg.sender, to, o.dstBridgeAmount + extra);
            wrapped = o.dstBridgeAmount + extra;
        } else {
            _checkLegs(o.dstLegs, o.dstBridgeToken, out, o.dstBridgeAmount);
            LegAmounts.scale(o.dstLegs, o.dstBridgeAmount, o.dstBridgeAmount + extra);
            wrapped = _swapLegs(o.dstLegs, msg.sender, to);
        }
        if (!native) return _gain(before, IERC20(out).balanceOf(o.recipient));
        IWETH(WETH).withdraw(wrapped);
        (bool ok,) = o.recipient.call{value: wrapped}("");
        if (!ok) revert NativeTransferFailed(o.recipient, wrapped);
        return _gain(before, o.recipient.balance);
    }
}
