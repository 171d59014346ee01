// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Ledger} from "./ERC20Base.sol";

/// @title TestUSDC
/// @notice A 6-decimal ERC-20 standing in for USDC on the devnet, so amounts that are not 18
///         decimals (formatting, parsing, swap quotes) are exercised against a real token.
contract TestUSDC is ERC20Ledger {
    uint8 public constant decimals = 6;
    string public name;
    string public symbol;

    /// @dev One amount per holder, unlike ERC20Base: the test accounts get equal amounts and the
    ///      devnet's liquidity account exactly what its pools take.
    constructor(
        string memory name_,
        string memory symbol_,
        address[] memory holders,
        uint256[] memory amounts
    ) {
        require(holders.length == amounts.length, "TestUSDC: one amount per holder");
        name = name_;
        symbol = symbol_;
        for (uint256 i = 0; i < holders.length; i++) {
            _mint(holders[i], amounts[i]);
        }
    }
}
