// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {Leg} from "./LegSwapper.sol";

/// @notice Rescales the amounts of signed legs to another total, keeping their shares: every leg but the last gets
/// its amount × `to` / `from` (rounded down) and the last one the rest, so the legs spend exactly `to`.
library LegAmounts {
    /// @dev In place (the legs are a memory copy of calldata); no-op when the totals agree.
    function scale(Leg[] memory legs, uint256 from, uint256 to) internal pure {
        if (from == to || legs.length == 0) return;
        uint256 last = legs.length - 1;
        uint256 spent;
        for (uint256 i; i < last; ++i) {
            uint256 amount = Math.mulDiv(legs[i].amountIn, to, from);
            legs[i].amountIn = amount;
            spent += amount;
        }
        legs[last].amountIn = to - spent;
    }
}
