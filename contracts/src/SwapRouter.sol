// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IUniswapV2Factory} from "./interfaces/IUniswapV2Factory.sol";
import {IUniswapV2Pair} from "./interfaces/IUniswapV2Pair.sol";
import {IWETH} from "./interfaces/IWETH.sol";

/// @title Swapdesk SwapRouter
/// @notice Settles one firm quote signed by the service: takes exactly the quoted input from the sender, pays the
/// quoted fee, swaps the rest through the factory's Uniswap V2 pairs and delivers at least the quoted minimum to the
/// recipient. Each quote executes at most once, only by its sender, only on its chain and before its deadline.
contract SwapRouter is EIP712, Ownable2Step, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice A firm quote. `tokenIn`/`tokenOut` are address(0) for the native coin; `path` lists the ERC20s of
    /// every hop (WETH stands for a native end).
    struct Quote {
        bytes32 quoteId;
        address sender;
        address recipient;
        address tokenIn;
        address tokenOut;
        uint256 amountIn;
        uint256 feeAmount;
        uint256 minAmountOut;
        address[] path;
        uint64 srcChainId;
        uint64 dstChainId;
        uint64 deadline;
    }

    bytes32 public constant QUOTE_TYPEHASH = keccak256(
        "Quote(bytes32 quoteId,address sender,address recipient,address tokenIn,address tokenOut,uint256 amountIn,uint256 feeAmount,uint256 minAmountOut,address[] path,uint64 srcChainId,uint64 dstChainId,uint64 deadline)"
    );
    /// @notice The fee can never exceed 1 % of the input, whatever the signer signs.
    uint256 public constant FEE_CAP_BPS = 100;
    uint256 public constant BPS = 10_000;
    uint256 public constant MAX_HOPS = 3;

    address public immutable FACTORY;
    address public immutable WETH;

    address public quoteSigner;
    address public feeRecipient;
    mapping(bytes32 quoteId => bool used) private _usedQuotes;

    event QuoteFilled(
        bytes32 indexed quoteId,
        address indexed sender,
        address indexed recipient,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut,
        uint256 feeAmount
    );
    event QuoteSignerUpdated(address indexed previousSigner, address indexed newSigner);
    event FeeRecipientUpdated(address indexed previousRecipient, address indexed newRecipient);

    error InvalidSignature();
    error WrongChain(uint256 expectedChainId, uint256 actualChainId);
    error CrossChainNotSupported(uint256 dstChainId);
    error WrongSender(address expected, address actual);
    error QuoteExpired(uint256 deadline, uint256 timestamp);
    error QuoteAlreadyUsed(bytes32 quoteId);
    error InvalidRecipient(address recipient);
    error ZeroAmountIn();
    error FeeTooHigh(uint256 feeAmount, uint256 maxFeeAmount);
    error InvalidValue(uint256 expected, uint256 actual);
    error InvalidPath();
    error PairNotFound(address tokenA, address tokenB);
    error InsufficientLiquidity(address pair);
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    error NativeTransferFailed(address to, uint256 amount);
    error UnexpectedNativeSender(address from);
    error ZeroAddress();

    constructor(address factory, address weth, address initialOwner, address initialSigner, address initialFeeRecipient)
        EIP712("Swapdesk SwapRouter", "1")
        Ownable(initialOwner)
    {
        if (factory == address(0) || weth == address(0)) revert ZeroAddress();
        FACTORY = factory;
        WETH = weth;
        _setQuoteSigner(initialSigner);
        _setFeeRecipient(initialFeeRecipient);
    }

    /// @dev Native coin arrives only when WETH unwraps native output; anything else would be stranded here.
    receive() external payable {
        if (msg.sender != WETH) revert UnexpectedNativeSender(msg.sender);
    }

    /// @notice Executes a signed quote. Returns the amount the recipient received (its balance increase).
    function swap(Quote calldata quote, bytes calldata signature)
        external
        payable
        nonReentrant
        returns (uint256 amountOut)
    {
        _checkAuthorised(quote, signature);
        _checkTerms(quote);
        // Marked before any external call, so no call below can see this quote as still open.
        _usedQuotes[quote.quoteId] = true;
        address[] memory pairs = _pairsOf(quote.path);
        _collectInput(quote, pairs[0]);
        amountOut = _swapAndDeliver(quote, pairs);
        if (amountOut < quote.minAmountOut) revert InsufficientOutput(amountOut, quote.minAmountOut);
        emit QuoteFilled(
            quote.quoteId,
            quote.sender,
            quote.recipient,
            quote.tokenIn,
            quote.tokenOut,
            quote.amountIn,
            amountOut,
            quote.feeAmount
        );
    }

    function setQuoteSigner(address newSigner) external onlyOwner {
        _setQuoteSigner(newSigner);
    }

    function setFeeRecipient(address newRecipient) external onlyOwner {
        _setFeeRecipient(newRecipient);
    }

    function isQuoteUsed(bytes32 quoteId) external view returns (bool) {
        return _usedQuotes[quoteId];
    }

    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    /// @notice The EIP-712 digest the quote signer signs for `quote` on this router and chain.
    function hashQuote(Quote calldata quote) external view returns (bytes32) {
        return _hashTypedDataV4(_structHash(quote));
    }

    function _setQuoteSigner(address newSigner) private {
        if (newSigner == address(0)) revert ZeroAddress();
        emit QuoteSignerUpdated(quoteSigner, newSigner);
        quoteSigner = newSigner;
    }

    function _setFeeRecipient(address newRecipient) private {
        if (newRecipient == address(0)) revert ZeroAddress();
        emit FeeRecipientUpdated(feeRecipient, newRecipient);
        feeRecipient = newRecipient;
    }

    function _structHash(Quote calldata q) private pure returns (bytes32) {
        // Two encodings of static words concatenated equal one abi.encode, without a too-deep stack.
        return keccak256(
            bytes.concat(
                abi.encode(QUOTE_TYPEHASH, q.quoteId, q.sender, q.recipient, q.tokenIn, q.tokenOut, q.amountIn),
                abi.encode(
                    q.feeAmount,
                    q.minAmountOut,
                    keccak256(abi.encodePacked(q.path)),
                    q.srcChainId,
                    q.dstChainId,
                    q.deadline
                )
            )
        );
    }

    /// @dev The signature is checked first so that any altered field reads as InvalidSignature.
    function _checkAuthorised(Quote calldata q, bytes calldata signature) private view {
        (address signer, ECDSA.RecoverError err,) =
            ECDSA.tryRecoverCalldata(_hashTypedDataV4(_structHash(q)), signature);
        if (err != ECDSA.RecoverError.NoError || signer != quoteSigner) revert InvalidSignature();
        if (q.srcChainId != block.chainid) revert WrongChain(q.srcChainId, block.chainid);
        if (q.dstChainId != q.srcChainId) revert CrossChainNotSupported(q.dstChainId);
        if (msg.sender != q.sender) revert WrongSender(q.sender, msg.sender);
        if (block.timestamp > q.deadline) revert QuoteExpired(q.deadline, block.timestamp);
        if (_usedQuotes[q.quoteId]) revert QuoteAlreadyUsed(q.quoteId);
    }

    function _checkTerms(Quote calldata q) private view {
        if (q.recipient == address(0) || q.recipient == address(this)) revert InvalidRecipient(q.recipient);
        if (q.amountIn == 0) revert ZeroAmountIn();
        uint256 maxFee = Math.mulDiv(q.amountIn, FEE_CAP_BPS, BPS);
        if (q.feeAmount > maxFee) revert FeeTooHigh(q.feeAmount, maxFee);
        uint256 expectedValue = q.tokenIn == address(0) ? q.amountIn : 0;
        if (msg.value != expectedValue) revert InvalidValue(expectedValue, msg.value);
        uint256 n = q.path.length;
        if (n < 2 || n > MAX_HOPS + 1) revert InvalidPath();
        if (q.path[0] != _erc20Of(q.tokenIn) || q.path[n - 1] != _erc20Of(q.tokenOut)) revert InvalidPath();
    }

    function _erc20Of(address token) private view returns (address) {
        return token == address(0) ? WETH : token;
    }

    /// @dev Every hop's pair comes from the factory; calldata never names a pair.
    function _pairsOf(address[] calldata path) private view returns (address[] memory pairs) {
        pairs = new address[](path.length - 1);
        for (uint256 i; i < pairs.length; ++i) {
            address pair = IUniswapV2Factory(FACTORY).getPair(path[i], path[i + 1]);
            if (pair == address(0)) revert PairNotFound(path[i], path[i + 1]);
            pairs[i] = pair;
        }
    }

    /// @dev Input goes straight from the sender (or the wrapped msg.value) to the fee recipient and the first pair.
    function _collectInput(Quote calldata q, address firstPair) private {
        uint256 swapAmount = q.amountIn - q.feeAmount;
        if (q.tokenIn == address(0)) {
            if (q.feeAmount > 0) _sendNative(feeRecipient, q.feeAmount);
            IWETH(WETH).deposit{value: swapAmount}();
            IERC20(WETH).safeTransfer(firstPair, swapAmount);
        } else {
            IERC20 token = IERC20(q.tokenIn);
            if (q.feeAmount > 0) token.safeTransferFrom(msg.sender, feeRecipient, q.feeAmount);
            token.safeTransferFrom(msg.sender, firstPair, swapAmount);
        }
    }

    /// @dev Output is what the recipient's balance gained, so a token that skims on transfer cannot overstate it.
    function _swapAndDeliver(Quote calldata q, address[] memory pairs) private returns (uint256) {
        if (q.tokenOut == address(0)) {
            uint256 nativeBefore = q.recipient.balance;
            uint256 wrappedOut = _swapHops(q.path, pairs, address(this));
            IWETH(WETH).withdraw(wrappedOut);
            _sendNative(q.recipient, wrappedOut);
            return _gain(nativeBefore, q.recipient.balance);
        }
        IERC20 tokenOut = IERC20(q.tokenOut);
        uint256 before = tokenOut.balanceOf(q.recipient);
        _swapHops(q.path, pairs, q.recipient);
        return _gain(before, tokenOut.balanceOf(q.recipient));
    }

    /// @dev Router02's fee-on-transfer-safe loop: each hop's input is what its pair actually received.
    function _swapHops(address[] calldata path, address[] memory pairs, address to) private returns (uint256 amountOut) {
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

    function _gain(uint256 before, uint256 afterwards) private pure returns (uint256) {
        return afterwards > before ? afterwards - before : 0;
    }

    function _sendNative(address to, uint256 amount) private {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed(to, amount);
    }
}
