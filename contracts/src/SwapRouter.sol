// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {CrossChainQuote, FillOrder} from "./CrossChainOrders.sol";
import {LegAmounts} from "./LegAmounts.sol";
import {
    FillInstruction,
    GaslessCrossChainOrder,
    IOriginSettler,
    OnchainCrossChainOrder,
    Output,
    ResolvedCrossChainOrder
} from "./IERC7683.sol";
import {IPermit2} from "./interfaces/IPermit2.sol";
import {IWETH} from "./interfaces/IWETH.sol";
import {Leg, LegSwapper} from "./LegSwapper.sol";

/// @title Swapdesk SwapRouter
/// @notice Settles one firm quote signed by the service: takes exactly the quoted input from the sender, pays the
/// quoted fee, swaps the rest along the quoted legs through Uniswap V2 pairs and V3 pools and delivers at least the
/// quoted minimum to the recipient. Each quote executes at most once, only by its sender, only on its chain and
/// before its deadline. With `swapPermit2` the input comes through Uniswap's Permit2 on the sender's own signature,
/// whose witness is the whole quote: then anyone may send the call, and it does exactly what the sender signed.
/// @notice It is also the ERC-7683 origin settler of cross-chain quotes: `open` does the same on the source side,
/// escrows the bridge asset (and holds the service fee) and emits `Open`; the escrow goes to the filler on an attested
/// fill (`settle`, the fee to the fee recipient) or back to the user with the fee on an attested expiry or, without the
/// service, after a grace period (`refund`). `openFor` opens the same order on the user's ERC-7683 gasless signature:
/// the input comes through Permit2 with the whole GaslessCrossChainOrder as witness, so anyone may send it. The attester changes only after ROLE_DELAY_SEC, longer than any order's
/// fill window plus the refund grace, so no open escrow can be settled by a key chosen after it was opened.
contract SwapRouter is EIP712, Ownable2Step, ReentrancyGuard, LegSwapper, IOriginSettler {
    using SafeERC20 for IERC20;

    /// @notice A firm quote. `tokenIn`/`tokenOut` are address(0) for the native coin; `legs` split the input after the
    /// fee across up to MAX_LEGS paths, executed in order (WETH stands for a native end). `minAmountOut` bounds the
    /// total output.
    struct Quote {
        bytes32 quoteId;
        address sender;
        address recipient;
        address tokenIn;
        address tokenOut;
        uint256 amountIn;
        uint256 feeAmount;
        uint256 minAmountOut;
        Leg[] legs;
        uint64 srcChainId;
        uint64 dstChainId;
        uint64 deadline;
    }

    enum OrderStatus {
        Unknown,
        Opened,
        Settled,
        Refunded
    }

    /// @notice An escrowed cross-chain order: the user's bridge asset, and the service fee they paid, held until
    /// settled (escrow to the filler, fee to the fee recipient) or refunded (both to the user).
    struct Escrow {
        address user;
        uint32 fillDeadline;
        OrderStatus status;
        address token;
        uint96 feeAmount;
        uint256 amount;
        address feeToken;
    }

    bytes32 public constant QUOTE_TYPEHASH = keccak256(
        "Quote(bytes32 quoteId,address sender,address recipient,address tokenIn,address tokenOut,uint256 amountIn,uint256 feeAmount,uint256 minAmountOut,Leg[] legs,uint64 srcChainId,uint64 dstChainId,uint64 deadline)Leg(uint256 amountIn,address[] path,uint24[] fees)"
    );
    /// @notice EIP-712 typehash of CrossChainQuote, and the ERC-7683 `orderDataType` of our orders.
    bytes32 public constant CROSS_CHAIN_QUOTE_TYPEHASH = keccak256(
        "CrossChainQuote(bytes32 quoteId,address sender,address recipient,address tokenIn,uint256 amountIn,uint256 feeAmount,Leg[] srcLegs,uint256 bridgeAmount,uint256 minBridgeAmount,uint16 relayerFeeBps,uint256 relayerGasFee,uint64 srcChainId,uint64 dstChainId,address dstSettler,address dstBridgeToken,uint256 dstBridgeAmount,address tokenOut,uint256 minAmountOut,Leg[] dstLegs,uint32 fillDeadline,uint64 deadline,address exclusiveFiller,uint32 exclusivityDeadline)Leg(uint256 amountIn,address[] path,uint24[] fees)"
    );
    /// @notice Permit2's witness type for `swapPermit2`: the quote, its referenced types in EIP-712 order.
    string private constant PERMIT2_WITNESS_TYPE =
        "Quote witness)Leg(uint256 amountIn,address[] path,uint24[] fees)Quote(bytes32 quoteId,address sender,address recipient,address tokenIn,address tokenOut,uint256 amountIn,uint256 feeAmount,uint256 minAmountOut,Leg[] legs,uint64 srcChainId,uint64 dstChainId,uint64 deadline)TokenPermissions(address token,uint256 amount)";
    /// @notice EIP-712 typehash of ERC-7683's GaslessCrossChainOrder (orderData hashed): the Permit2 witness of `openFor`.
    bytes32 public constant GASLESS_ORDER_TYPEHASH = keccak256(
        "GaslessCrossChainOrder(address originSettler,address user,uint256 nonce,uint256 originChainId,uint32 openDeadline,uint32 fillDeadline,bytes32 orderDataType,bytes orderData)"
    );
    /// @notice Permit2's witness type for `openFor`: the whole gasless order.
    string private constant PERMIT2_ORDER_WITNESS_TYPE =
        "GaslessCrossChainOrder witness)GaslessCrossChainOrder(address originSettler,address user,uint256 nonce,uint256 originChainId,uint32 openDeadline,uint32 fillDeadline,bytes32 orderDataType,bytes orderData)TokenPermissions(address token,uint256 amount)";
    bytes32 public constant LEG_TYPEHASH = keccak256("Leg(uint256 amountIn,address[] path,uint24[] fees)");
    uint8 public constant ATTESTATION_FILLED = 1;
    uint8 public constant ATTESTATION_EXPIRED = 2;
    /// @notice The fee can never exceed 1 % of the input, whatever the signer signs.
    uint256 public constant FEE_CAP_BPS = 100;
    uint256 public constant BPS = 10_000;

    /// @notice After `fillDeadline + REFUND_GRACE_SEC` anyone can return an unsettled escrow to its user.
    uint256 public immutable REFUND_GRACE_SEC;
    /// @notice The latest fill deadline an order may have, from the moment it is opened.
    uint256 public immutable MAX_FILL_WINDOW_SEC;
    /// @notice How long a proposed attester waits before it takes effect: longer than MAX_FILL_WINDOW_SEC plus
    /// REFUND_GRACE_SEC, so every escrow open when it is proposed is settled or refundable by then.
    uint256 public immutable ROLE_DELAY_SEC;
    /// @notice Uniswap's Permit2, through which `swapPermit2` takes the input.
    address public immutable PERMIT2;

    address public quoteSigner;
    address public feeRecipient;
    /// @dev The attester in effect until a proposed one's time comes (read `attester()`).
    address private _attester;
    /// @notice The attester proposed by the owner, and when it takes over (zero when none is pending).
    address public pendingAttester;
    uint64 public pendingAttesterAt;
    mapping(bytes32 quoteId => bool used) private _usedQuotes;
    mapping(bytes32 orderId => Escrow) public escrows;

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
    event OrderEscrowed(
        bytes32 indexed orderId, bytes32 indexed quoteId, address indexed user, address bridgeToken, uint256 amount
    );
    event OrderSettled(bytes32 indexed orderId, address indexed relayer, uint256 amount);
    event OrderRefunded(bytes32 indexed orderId, address indexed user, uint256 amount);
    event QuoteSignerUpdated(address indexed previousSigner, address indexed newSigner);
    event FeeRecipientUpdated(address indexed previousRecipient, address indexed newRecipient);
    event AttesterChangeProposed(address indexed currentAttester, address indexed nextAttester, uint256 effectiveAt);

    error InvalidSignature();
    error WrongChain(uint256 expectedChainId, uint256 actualChainId);
    error CrossChainNotSupported(uint256 dstChainId);
    error NotCrossChain(uint256 dstChainId);
    error WrongSender(address expected, address actual);
    error QuoteExpired(uint256 deadline, uint256 timestamp);
    error QuoteAlreadyUsed(bytes32 quoteId);
    error InvalidRecipient(address recipient);
    error ZeroAmountIn();
    error FeeTooHigh(uint256 feeAmount, uint256 maxFeeAmount);
    error InvalidValue(uint256 expected, uint256 actual);
    error InvalidFeeRecipient(address feeRecipient);
    error RenounceOwnershipDisabled();
    error InsufficientAllowance(address token, uint256 allowance, uint256 needed);
    error InsufficientBalance(address token, uint256 balance, uint256 needed);
    error InsufficientOutput(uint256 amountOut, uint256 minAmountOut);
    error InsufficientBridgeAmount(uint256 amount, uint256 minBridgeAmount);
    error NativeTransferFailed(address to, uint256 amount);
    error UnexpectedNativeSender(address from);
    error InvalidOrderDataType(bytes32 orderDataType);
    error FillDeadlineMismatch(uint32 orderFillDeadline, uint32 quoteFillDeadline);
    error InvalidFillDeadline(uint32 fillDeadline);
    error InvalidDestination();
    error WrongOriginSettler(address originSettler);
    error OpenDeadlineMismatch(uint32 orderOpenDeadline, uint64 quoteDeadline);
    error NativeInputNotGasless();
    error OrderNotOpen(bytes32 orderId, OrderStatus status);
    error InvalidAttestation();
    error RefundTooEarly(uint256 availableAt, uint256 timestamp);
    error RoleDelayTooShort(uint256 roleDelaySec, uint256 minimumSec);
    error FeeAmountTooLarge(uint256 feeAmount);
    error InputNotReceived(address token, uint256 received, uint256 amountIn);

    constructor(
        address factory,
        address v3Factory,
        address weth,
        address initialOwner,
        address initialSigner,
        address initialFeeRecipient,
        address initialAttester,
        uint256 refundGraceSec,
        uint256 maxFillWindowSec,
        uint256 roleDelaySec,
        address permit2
    ) EIP712("Swapdesk SwapRouter", "1") Ownable(initialOwner) LegSwapper(factory, v3Factory, weth) {
        _setQuoteSigner(initialSigner);
        _setFeeRecipient(initialFeeRecipient);
        if (initialAttester == address(0)) revert ZeroAddress();
        _attester = initialAttester;
        if (roleDelaySec <= maxFillWindowSec + refundGraceSec) {
            revert RoleDelayTooShort(roleDelaySec, maxFillWindowSec + refundGraceSec + 1);
        }
        REFUND_GRACE_SEC = refundGraceSec;
        MAX_FILL_WINDOW_SEC = maxFillWindowSec;
        ROLE_DELAY_SEC = roleDelaySec;
        PERMIT2 = permit2;
    }

    /// @dev Native coin arrives only when WETH unwraps native output; anything else would be stranded here.
    receive() external payable {
        if (msg.sender != WETH) revert UnexpectedNativeSender(msg.sender);
    }

    // ---------------------------------------------------------------- same-chain

    /// @notice Executes a signed quote. Returns the amount the recipient received (its balance increase).
    function swap(Quote calldata quote, bytes calldata signature)
        external
        payable
        nonReentrant
        returns (uint256 amountOut)
    {
        return _swap(quote, signature, msg.sender, "");
    }

    /// @notice Executes a signed quote whose token input comes through Permit2: `permitSignature` is the sender's
    /// `PermitWitnessTransferFrom` for exactly `amountIn` of `tokenIn` to this router, nonce `uint256(quoteId)`,
    /// deadline `deadline`, witness the quote (PERMIT2_WITNESS_TYPE). The sender's signature stands for the sender, so
    /// any account may send it; a change of any quote field, another spender, a used or cancelled nonce, an expired
    /// permit or another chain fails Permit2's check.
    function swapPermit2(Quote calldata quote, bytes calldata signature, bytes calldata permitSignature)
        external
        nonReentrant
        returns (uint256 amountOut)
    {
        if (permitSignature.length == 0) revert InvalidSignature();
        return _swap(quote, signature, quote.sender, permitSignature);
    }

    /// @dev `permitSignature` empty: the input comes from `caller` (msg.sender) by allowance; else through Permit2.
    function _swap(Quote calldata quote, bytes calldata signature, address caller, bytes memory permitSignature)
        private
        returns (uint256 amountOut)
    {
        bytes32 structHash = _checkQuote(quote, signature, caller);
        // Marked before any external call, so no call below can see this quote as still open.
        _usedQuotes[quote.quoteId] = true;
        address payer = permitSignature.length == 0
            ? _collectInput(quote.tokenIn, quote.amountIn, quote.feeAmount, feeRecipient)
            : _collectPermit2(quote, structHash, permitSignature);
        amountOut = _swapAndDeliver(quote.legs, payer, quote.recipient, quote.tokenOut);
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

    /// @dev Every check of a same-chain quote before funds move; returns its EIP-712 struct hash.
    function _checkQuote(Quote calldata quote, bytes calldata signature, address caller) private view returns (bytes32 structHash) {
        structHash = _structHash(quote);
        _authorise(quote.srcChainId, structHash, signature, quote.sender, caller, quote.deadline, quote.quoteId);
        if (quote.dstChainId != quote.srcChainId) revert CrossChainNotSupported(quote.dstChainId);
        _checkRecipient(quote.recipient, quote.tokenOut);
        _checkInput(quote.tokenIn, quote.amountIn, quote.feeAmount);
        if (quote.legs.length == 0) revert InvalidLegs();
        _checkLegs(quote.legs, _erc20Of(quote.tokenIn), _erc20Of(quote.tokenOut), quote.amountIn - quote.feeAmount);
    }

    // ---------------------------------------------------------------- cross-chain origin (ERC-7683)

    /// @notice Opens a cross-chain order: `order.orderData = abi.encode(CrossChainQuote, signature)`. Takes the input
    /// as `swap` does and holds the fee, swaps to the bridge asset, escrows all of it (at least `minBridgeAmount`),
    /// scales the destination to that escrow and emits `Open` with the order, and `OrderEscrowed` with the amount held.
    function open(OnchainCrossChainOrder calldata order) external payable nonReentrant {
        (CrossChainQuote memory q, bytes memory signature) =
            _decodeOrderData(order.orderDataType, order.orderData, order.fillDeadline);
        _open(q, signature, msg.sender, 0, 0, bytes32(0), "");
    }

    /// @notice Opens the order `order.user` signed (ERC-7683 gasless): the same order as `open` of `order.orderData`,
    /// whose quote's sender must be `order.user`, on this settler and chain. The token input (never native) comes from
    /// the user through Permit2: `signature` is their `PermitWitnessTransferFrom` for exactly `amountIn` of `tokenIn` to
    /// this router, nonce `order.nonce`, deadline `order.openDeadline` (the quote's deadline), witness the whole order
    /// (PERMIT2_ORDER_WITNESS_TYPE). The user's signature stands for the user, so any account may send it; the escrow is
    /// the user's whoever sends it, and a change of any order field, another spender, a used nonce, an expired permit or
    /// another chain fails Permit2's check. `originFillerData` is not used.
    function openFor(GaslessCrossChainOrder calldata order, bytes calldata signature, bytes calldata)
        external
        payable
        nonReentrant
    {
        if (signature.length == 0) revert InvalidSignature();
        (CrossChainQuote memory q, bytes memory quoteSignature) = _decodeGaslessOrder(order);
        _open(q, quoteSignature, order.user, order.nonce, order.openDeadline, _gaslessOrderHash(order), signature);
    }

    /// @dev `open` and `openFor`: `caller` is who stands for the sender (msg.sender, or the user whose Permit2
    /// signature `permitSignature` is); with a permit signature the input comes through Permit2, else by allowance.
    function _open(
        CrossChainQuote memory q,
        bytes memory signature,
        address caller,
        uint256 permitNonce,
        uint256 permitDeadline,
        bytes32 witness,
        bytes memory permitSignature
    ) private {
        _authorise(q.srcChainId, _crossChainStructHash(q), signature, q.sender, caller, q.deadline, q.quoteId);
        _checkCrossChainTerms(q);
        if (q.feeAmount > type(uint96).max) revert FeeAmountTooLarge(q.feeAmount);
        address bridgeToken = _srcBridgeToken(q);
        // Marked before any external call: the quote is spent.
        _usedQuotes[q.quoteId] = true;

        // The fee stays here with the escrow; both are measured as what arrived (a token may skim on transfer).
        address feeToken = _erc20Of(q.tokenIn);
        uint256 held = IERC20(bridgeToken).balanceOf(address(this));
        uint256 feeBefore = feeToken == bridgeToken ? held : IERC20(feeToken).balanceOf(address(this));
        address payer;
        if (permitSignature.length == 0) {
            payer = _collectInput(q.tokenIn, q.amountIn, q.feeAmount, address(this));
        } else {
            _pullPermit2(q.tokenIn, q.amountIn, q.sender, permitNonce, permitDeadline, witness, PERMIT2_ORDER_WITNESS_TYPE, permitSignature);
            payer = address(this);
        }
        // Input that arrived here whole (native, or exactly amountIn through Permit2) holds exactly the fee.
        uint256 feeHeld = payer == address(this) ? q.feeAmount : IERC20(feeToken).balanceOf(address(this)) - feeBefore;
        if (q.srcLegs.length > 0) _swapLegs(q.srcLegs, payer, address(this));
        else if (payer != address(this)) IERC20(bridgeToken).safeTransferFrom(payer, address(this), q.amountIn - q.feeAmount);
        uint256 escrowed = IERC20(bridgeToken).balanceOf(address(this)) - held - (feeToken == bridgeToken ? feeHeld : 0);
        if (escrowed < q.minBridgeAmount) revert InsufficientBridgeAmount(escrowed, q.minBridgeAmount);

        ResolvedCrossChainOrder memory resolved = _resolve(q, bridgeToken, _payout(q, escrowed));
        bytes32 orderId = resolved.orderId;
        escrows[orderId] =
            Escrow(q.sender, q.fillDeadline, OrderStatus.Opened, bridgeToken, uint96(feeHeld), escrowed, feeToken);

        emit Open(orderId, resolved);
        emit OrderEscrowed(orderId, q.quoteId, q.sender, bridgeToken, escrowed);
    }

    /// @notice The ResolvedCrossChainOrder that `open(order)` emits when the source swap escrows exactly the quoted
    /// `bridgeAmount` (another escrow scales the destination, and so the order and its id): maxSpent is what the
    /// filler pays on the destination (dstBridgeAmount of dstBridgeToken, swapped for the recipient), minReceived the
    /// escrow floor it is repaid on the origin, and the one fill instruction carries `originData = abi.encode(FillOrder)`.
    function resolve(OnchainCrossChainOrder calldata order) external view returns (ResolvedCrossChainOrder memory resolved) {
        (CrossChainQuote memory q,) = _decodeOrderData(order.orderDataType, order.orderData, order.fillDeadline);
        resolved = _resolve(q, _srcBridgeToken(q), q.dstBridgeAmount);
    }

    /// @notice The ResolvedCrossChainOrder that `openFor(order, …)` emits at the quoted escrow, as `resolve` answers for
    /// `open`: the same order and order id as `open` of the same quote.
    function resolveFor(GaslessCrossChainOrder calldata order, bytes calldata)
        external
        view
        returns (ResolvedCrossChainOrder memory resolved)
    {
        (CrossChainQuote memory q,) = _decodeGaslessOrder(order);
        resolved = _resolve(q, _srcBridgeToken(q), q.dstBridgeAmount);
    }

    /// @notice The relayer's fee on an escrow of `escrow`: `relayerFeeBps` of it, rounded up, plus `relayerGasFee`.
    function relayerFeeOf(uint256 escrow, uint16 relayerFeeBps, uint256 relayerGasFee) public pure returns (uint256) {
        return Math.mulDiv(escrow, relayerFeeBps, BPS, Math.Rounding.Ceil) + relayerGasFee;
    }

    /// @notice Pays the escrow to `relayer` (and the held fee to the fee recipient), given the attester's signature
    /// that it filled the order.
    function settle(bytes32 orderId, address relayer, bytes calldata attestation) external nonReentrant {
        if (relayer == address(0)) revert InvalidAttestation();
        _checkAttestation(orderId, ATTESTATION_FILLED, relayer, attestation);
        _release(orderId, OrderStatus.Settled, relayer);
    }

    /// @notice Returns the escrow and the fee to its user, given the attester's signature that the order expired unfilled.
    function refund(bytes32 orderId, bytes calldata attestation) external nonReentrant {
        _checkAttestation(orderId, ATTESTATION_EXPIRED, address(0), attestation);
        _release(orderId, OrderStatus.Refunded, escrows[orderId].user);
    }

    /// @notice Returns the escrow and the fee to its user without the service, once `fillDeadline + REFUND_GRACE_SEC` has passed
    /// on this chain's clock. Anyone may call it; the funds only ever go to the user.
    function refund(bytes32 orderId) external nonReentrant {
        uint256 availableAt = uint256(escrows[orderId].fillDeadline) + REFUND_GRACE_SEC + 1;
        if (escrows[orderId].status == OrderStatus.Opened && block.timestamp < availableAt) {
            revert RefundTooEarly(availableAt, block.timestamp);
        }
        _release(orderId, OrderStatus.Refunded, escrows[orderId].user);
    }

    function orderStatus(bytes32 orderId) external view returns (OrderStatus) {
        return escrows[orderId].status;
    }

    /// @notice The digest the attester signs (eth_sign of it): kind 1 = filled by `relayer`, 2 = expired (relayer 0).
    function attestationDigest(bytes32 orderId, uint8 kind, address relayer) public view returns (bytes32) {
        return MessageHashUtils.toEthSignedMessageHash(
            keccak256(abi.encode("SwapdeskAttestation", block.chainid, address(this), orderId, kind, relayer))
        );
    }

    // ---------------------------------------------------------------- owner

    function setQuoteSigner(address newSigner) external onlyOwner {
        _setQuoteSigner(newSigner);
    }

    function setFeeRecipient(address newRecipient) external onlyOwner {
        _setFeeRecipient(newRecipient);
    }

    /// @notice The key whose attestations `settle` and `refund` accept now: the proposed one once its time has come.
    function attester() public view returns (address) {
        address next = pendingAttester;
        return next != address(0) && block.timestamp >= pendingAttesterAt ? next : _attester;
    }

    /// @notice Proposes `next` as attester; it takes effect ROLE_DELAY_SEC from now (announced by the event, during
    /// which users whose orders are open can leave). Proposing the attester in effect withdraws a pending proposal.
    function proposeAttester(address next) external onlyOwner {
        if (next == address(0)) revert ZeroAddress();
        address current = attester();
        _attester = current;
        uint256 effectiveAt = block.timestamp;
        if (next == current) {
            delete pendingAttester;
            delete pendingAttesterAt;
        } else {
            effectiveAt += ROLE_DELAY_SEC;
            pendingAttester = next;
            pendingAttesterAt = uint64(effectiveAt);
        }
        emit AttesterChangeProposed(current, next, effectiveAt);
    }

    /// @notice Disabled: a router without an owner could never rotate a leaked quote signer or attester.
    function renounceOwnership() public override onlyOwner {
        revert RenounceOwnershipDisabled();
    }

    // ---------------------------------------------------------------- views

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

    /// @notice The EIP-712 digest the quote signer signs for a cross-chain quote opened on this router and chain.
    function hashCrossChainQuote(CrossChainQuote calldata quote) external view returns (bytes32) {
        return _hashTypedDataV4(_crossChainStructHash(quote));
    }

    // ---------------------------------------------------------------- internals

    function _setQuoteSigner(address newSigner) private {
        if (newSigner == address(0)) revert ZeroAddress();
        emit QuoteSignerUpdated(quoteSigner, newSigner);
        quoteSigner = newSigner;
    }

    /// @dev The router and WETH would hold the fee where nobody can take it out.
    function _setFeeRecipient(address newRecipient) private {
        if (newRecipient == address(0) || newRecipient == address(this) || newRecipient == WETH) {
            revert InvalidFeeRecipient(newRecipient);
        }
        emit FeeRecipientUpdated(feeRecipient, newRecipient);
        feeRecipient = newRecipient;
    }

    function _structHash(Quote calldata q) private pure returns (bytes32) {
        // Two encodings of static words concatenated equal one abi.encode, without a too-deep stack.
        return keccak256(
            bytes.concat(
                abi.encode(QUOTE_TYPEHASH, q.quoteId, q.sender, q.recipient, q.tokenIn, q.tokenOut, q.amountIn),
                abi.encode(q.feeAmount, q.minAmountOut, _hashLegs(q.legs), q.srcChainId, q.dstChainId, q.deadline)
            )
        );
    }

    function _crossChainStructHash(CrossChainQuote memory q) private pure returns (bytes32) {
        return keccak256(
            bytes.concat(
                abi.encode(
                    CROSS_CHAIN_QUOTE_TYPEHASH,
                    q.quoteId,
                    q.sender,
                    q.recipient,
                    q.tokenIn,
                    q.amountIn,
                    q.feeAmount,
                    _hashLegs(q.srcLegs),
                    q.bridgeAmount,
                    q.minBridgeAmount,
                    q.relayerFeeBps,
                    q.relayerGasFee,
                    q.srcChainId
                ),
                abi.encode(
                    q.dstChainId,
                    q.dstSettler,
                    q.dstBridgeToken,
                    q.dstBridgeAmount,
                    q.tokenOut,
                    q.minAmountOut,
                    _hashLegs(q.dstLegs),
                    q.fillDeadline,
                    q.deadline,
                    q.exclusiveFiller,
                    q.exclusivityDeadline
                )
            )
        );
    }

    /// @dev EIP-712 encoding of Leg[]: the keccak of the concatenated struct hashes of the legs.
    function _hashLegs(Leg[] memory legs) private pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](legs.length);
        for (uint256 i; i < legs.length; ++i) {
            hashes[i] = keccak256(
                abi.encode(
                    LEG_TYPEHASH,
                    legs[i].amountIn,
                    keccak256(abi.encodePacked(legs[i].path)),
                    keccak256(abi.encodePacked(legs[i].fees))
                )
            );
        }
        return keccak256(abi.encodePacked(hashes));
    }

    /// @dev A quote for another chain reads as WrongChain (the wallet is on the wrong network); on the right chain the
    /// signature is checked next, so that any other altered field reads as InvalidSignature.
    function _authorise(
        uint64 srcChainId,
        bytes32 structHash,
        bytes memory signature,
        address sender,
        address caller,
        uint64 deadline,
        bytes32 quoteId
    ) private view {
        if (srcChainId != block.chainid) revert WrongChain(srcChainId, block.chainid);
        (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecover(_hashTypedDataV4(structHash), signature);
        if (err != ECDSA.RecoverError.NoError || signer != quoteSigner) revert InvalidSignature();
        if (caller != sender) revert WrongSender(sender, caller);
        if (block.timestamp > deadline) revert QuoteExpired(deadline, block.timestamp);
        if (_usedQuotes[quoteId]) revert QuoteAlreadyUsed(quoteId);
    }

    /// @dev Native output sent to WETH would be credited to the router and stranded; a pair refuses to pay a token to
    /// the token's own contract. Either way the recipient cannot be the output's ERC20.
    function _checkRecipient(address recipient, address tokenOut) private view {
        if (recipient == address(0) || recipient == address(this) || recipient == _erc20Of(tokenOut)) {
            revert InvalidRecipient(recipient);
        }
    }

    function _checkInput(address tokenIn, uint256 amountIn, uint256 feeAmount) private view {
        if (amountIn == 0) revert ZeroAmountIn();
        uint256 maxFee = Math.mulDiv(amountIn, FEE_CAP_BPS, BPS);
        if (feeAmount > maxFee) revert FeeTooHigh(feeAmount, maxFee);
        uint256 expectedValue = tokenIn == address(0) ? amountIn : 0;
        if (msg.value != expectedValue) revert InvalidValue(expectedValue, msg.value);
    }

    function _checkCrossChainTerms(CrossChainQuote memory q) private view {
        if (q.dstChainId == q.srcChainId) revert NotCrossChain(q.dstChainId);
        // The recipient is checked on the destination against its own WETH; here only what is chain-independent.
        if (q.recipient == address(0)) revert InvalidRecipient(q.recipient);
        if (q.dstSettler == address(0) || q.dstBridgeToken == address(0) || q.dstBridgeAmount == 0) {
            revert InvalidDestination();
        }
        if (q.fillDeadline < block.timestamp || q.fillDeadline > block.timestamp + MAX_FILL_WINDOW_SEC) {
            revert InvalidFillDeadline(q.fillDeadline);
        }
        _checkInput(q.tokenIn, q.amountIn, q.feeAmount);
        address tokenIn = _erc20Of(q.tokenIn);
        address bridgeToken = _srcBridgeToken(q);
        // No legs only when the input is the bridge asset; legs never run from the bridge asset back to itself.
        if (q.srcLegs.length > 0) {
            if (bridgeToken == tokenIn) revert InvalidLegs();
            _checkLegs(q.srcLegs, tokenIn, bridgeToken, q.amountIn - q.feeAmount);
        }
    }

    /// @dev The bridge asset escrowed on this chain: where the source legs end, or the input itself without legs.
    function _srcBridgeToken(CrossChainQuote memory q) private view returns (address) {
        if (q.srcLegs.length == 0) return _erc20Of(q.tokenIn);
        address[] memory path = q.srcLegs[0].path;
        if (path.length == 0) revert InvalidPath();
        return path[path.length - 1];
    }

    function _decodeOrderData(bytes32 orderDataType, bytes calldata orderData, uint32 fillDeadline)
        private
        pure
        returns (CrossChainQuote memory q, bytes memory signature)
    {
        if (orderDataType != CROSS_CHAIN_QUOTE_TYPEHASH) revert InvalidOrderDataType(orderDataType);
        (q, signature) = abi.decode(orderData, (CrossChainQuote, bytes));
        if (fillDeadline != q.fillDeadline) revert FillDeadlineMismatch(fillDeadline, q.fillDeadline);
    }

    /// @dev A gasless order is one of ours for this settler and chain, by its quote's sender, opening no later than the
    /// quote may be opened, with token input (Permit2 moves no native coin).
    function _decodeGaslessOrder(GaslessCrossChainOrder calldata order)
        private
        view
        returns (CrossChainQuote memory q, bytes memory signature)
    {
        if (order.originSettler != address(this)) revert WrongOriginSettler(order.originSettler);
        if (order.originChainId != block.chainid) revert WrongChain(order.originChainId, block.chainid);
        (q, signature) = _decodeOrderData(order.orderDataType, order.orderData, order.fillDeadline);
        if (order.user != q.sender) revert WrongSender(q.sender, order.user);
        if (order.openDeadline != q.deadline) revert OpenDeadlineMismatch(order.openDeadline, q.deadline);
        if (q.tokenIn == address(0)) revert NativeInputNotGasless();
    }

    /// @dev EIP-712 struct hash of the whole gasless order, `orderData` hashed as EIP-712 hashes `bytes`.
    function _gaslessOrderHash(GaslessCrossChainOrder calldata o) private pure returns (bytes32) {
        return keccak256(
            abi.encode(
                GASLESS_ORDER_TYPEHASH,
                o.originSettler,
                o.user,
                o.nonce,
                o.originChainId,
                o.openDeadline,
                o.fillDeadline,
                o.orderDataType,
                keccak256(o.orderData)
            )
        );
    }

    /// @dev What the filler pays on the destination for an escrow of `escrowed`: the quoted `dstBridgeAmount` scaled
    /// by the escrow less the relayer's fee on it, over the quoted escrow less the fee on that (the two bridge assets
    /// may differ in decimals; the ratio does not). The relayer keeps its fee whole, the trader gets the rest.
    function _payout(CrossChainQuote memory q, uint256 escrowed) private pure returns (uint256 payout) {
        uint256 fee = relayerFeeOf(escrowed, q.relayerFeeBps, q.relayerGasFee);
        uint256 quotedFee = relayerFeeOf(q.bridgeAmount, q.relayerFeeBps, q.relayerGasFee);
        if (escrowed <= fee || q.bridgeAmount <= quotedFee) revert InsufficientBridgeAmount(escrowed, fee + 1);
        payout = Math.mulDiv(q.dstBridgeAmount, escrowed - fee, q.bridgeAmount - quotedFee);
        if (payout == 0) revert InsufficientBridgeAmount(escrowed, q.minBridgeAmount);
    }

    /// @dev The order this router and chain make of `q` when the filler pays `payout` (the destination legs scaled to
    /// it); its id is keccak256(abi.encode(FillOrder)), the originData.
    function _resolve(CrossChainQuote memory q, address bridgeToken, uint256 payout)
        private
        view
        returns (ResolvedCrossChainOrder memory resolved)
    {
        LegAmounts.scale(q.dstLegs, q.dstBridgeAmount, payout);
        FillOrder memory fillOrder = FillOrder({
            originChainId: uint64(block.chainid),
            originSettler: address(this),
            quoteId: q.quoteId,
            user: q.sender,
            recipient: q.recipient,
            dstChainId: q.dstChainId,
            dstSettler: q.dstSettler,
            dstBridgeToken: q.dstBridgeToken,
            dstBridgeAmount: payout,
            tokenOut: q.tokenOut,
            minAmountOut: q.minAmountOut,
            dstLegs: q.dstLegs,
            fillDeadline: q.fillDeadline,
            openDeadline: q.deadline,
            exclusiveFiller: q.exclusiveFiller,
            exclusivityDeadline: q.exclusivityDeadline
        });
        bytes memory originData = abi.encode(fillOrder);
        resolved.user = q.sender;
        resolved.originChainId = block.chainid;
        resolved.openDeadline = uint32(q.deadline);
        resolved.fillDeadline = q.fillDeadline;
        resolved.orderId = keccak256(originData);
        resolved.maxSpent = new Output[](1);
        resolved.maxSpent[0] = Output(_b32(q.dstBridgeToken), payout, _b32(q.recipient), q.dstChainId);
        resolved.minReceived = new Output[](1);
        resolved.minReceived[0] = Output(_b32(bridgeToken), q.minBridgeAmount, bytes32(0), block.chainid);
        resolved.fillInstructions = new FillInstruction[](1);
        resolved.fillInstructions[0] = FillInstruction(q.dstChainId, _b32(q.dstSettler), originData);
    }

    function _b32(address a) private pure returns (bytes32) {
        return bytes32(uint256(uint160(a)));
    }

    function _checkAttestation(bytes32 orderId, uint8 kind, address relayer, bytes calldata attestation) private view {
        (address signer, ECDSA.RecoverError err,) =
            ECDSA.tryRecoverCalldata(attestationDigest(orderId, kind, relayer), attestation);
        if (err != ECDSA.RecoverError.NoError || signer != attester()) revert InvalidAttestation();
    }

    /// @dev Opened → `status` once; the escrow leaves to `to` after the state is written, the held fee to the fee
    /// recipient on a settlement and to `to` (the user) on a refund.
    function _release(bytes32 orderId, OrderStatus status, address to) private {
        Escrow storage escrow = escrows[orderId];
        if (escrow.status != OrderStatus.Opened) revert OrderNotOpen(orderId, escrow.status);
        escrow.status = status;
        uint256 amount = escrow.amount;
        IERC20(escrow.token).safeTransfer(to, amount);
        uint256 fee = escrow.feeAmount;
        if (fee > 0) IERC20(escrow.feeToken).safeTransfer(status == OrderStatus.Settled ? feeRecipient : to, fee);
        if (status == OrderStatus.Settled) emit OrderSettled(orderId, to, amount);
        else emit OrderRefunded(orderId, to, amount);
    }

    /// @dev Token input moves straight from the sender to `feeTo` and each leg's first pair. Native input is wrapped
    /// whole and the fee paid in WETH, so a fee recipient cannot block a swap by refusing native coin (with `feeTo`
    /// this router, the WETH fee simply stays). Returns who pays the legs.
    function _collectInput(address tokenIn, uint256 amountIn, uint256 feeAmount, address feeTo) private returns (address payer) {
        if (tokenIn == address(0)) {
            IWETH(WETH).deposit{value: amountIn}();
            if (feeAmount > 0 && feeTo != address(this)) IERC20(WETH).safeTransfer(feeTo, feeAmount);
            return address(this);
        }
        IERC20 token = IERC20(tokenIn);
        // Said in the router's words, whatever error (or none) the token itself would give.
        uint256 allowance = token.allowance(msg.sender, address(this));
        if (allowance < amountIn) revert InsufficientAllowance(tokenIn, allowance, amountIn);
        uint256 balance = token.balanceOf(msg.sender);
        if (balance < amountIn) revert InsufficientBalance(tokenIn, balance, amountIn);
        if (feeAmount > 0) token.safeTransferFrom(msg.sender, feeTo, feeAmount);
        return msg.sender;
    }

    /// @dev Pulls exactly amountIn from the sender through Permit2 to this router (the witness binds the whole quote), pays
    /// the fee and leaves the rest for the legs. What arrived is measured: a token that skims on transfer must not make
    /// the legs spend tokens this router holds for escrowed orders.
    function _collectPermit2(Quote calldata quote, bytes32 witness, bytes memory permitSignature) private returns (address) {
        _pullPermit2(
            quote.tokenIn,
            quote.amountIn,
            quote.sender,
            uint256(quote.quoteId),
            quote.deadline,
            witness,
            PERMIT2_WITNESS_TYPE,
            permitSignature
        );
        if (quote.feeAmount > 0) IERC20(quote.tokenIn).safeTransfer(feeRecipient, quote.feeAmount);
        return address(this);
    }

    /// @dev Moves exactly `amount` of `token` from `owner` to this router on `owner`'s Permit2 signature, and checks that
    /// exactly that much arrived.
    function _pullPermit2(
        address token,
        uint256 amount,
        address owner,
        uint256 nonce,
        uint256 deadline,
        bytes32 witness,
        string memory witnessType,
        bytes memory permitSignature
    ) private {
        uint256 before = IERC20(token).balanceOf(address(this));
        IPermit2(PERMIT2).permitWitnessTransferFrom(
            IPermit2.PermitTransferFrom(IPermit2.TokenPermissions(token, amount), nonce, deadline),
            IPermit2.SignatureTransferDetails(address(this), amount),
            owner,
            witness,
            witnessType,
            permitSignature
        );
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        if (received != amount) revert InputNotReceived(token, received, amount);
    }

    /// @dev Output is what the recipient's balance gained, so a token that skims on transfer cannot overstate it.
    function _swapAndDeliver(Leg[] memory legs, address payer, address recipient, address tokenOut)
        private
        returns (uint256)
    {
        if (tokenOut == address(0)) {
            uint256 nativeBefore = recipient.balance;
            uint256 wrappedOut = _swapLegs(legs, payer, address(this));
            IWETH(WETH).withdraw(wrappedOut);
            _sendNative(recipient, wrappedOut);
            return _gain(nativeBefore, recipient.balance);
        }
        uint256 before = IERC20(tokenOut).balanceOf(recipient);
        _swapLegs(legs, payer, recipient);
        return _gain(before, IERC20(tokenOut).balanceOf(recipient));
    }

    function _sendNative(address to, uint256 amount) private {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed(to, amount);
    }
}
