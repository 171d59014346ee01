// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Reverter
/// @notice Always reverts, with and without a reason string, for revert-reason tests.
contract Reverter {
    /// @dev Written before each revert so the functions are state-changing: a transaction to
    ///      them is a real write that reverts on chain, not a call the compiler could mark view.
    uint256 public attempts;

    function revertWithReason() external {
        attempts += 1;
        revert("Latch: always reverts");
    }

    function revertWithoutReason() external {
        attempts += 1;
        revert();
    }
}
