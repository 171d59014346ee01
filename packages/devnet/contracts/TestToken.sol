// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Base} from "./ERC20Base.sol";

/// @title TestToken
/// @notice A plain ERC-20 with string metadata, minted to the devnet's test accounts at deployment.
contract TestToken is ERC20Base {
    string public name;
    string public symbol;

    constructor(
        string memory name_,
        string memory symbol_,
        address[] memory holders,
        uint256 amountEach
    ) ERC20Base(holders, amountEach) {
        name = name_;
        symbol = symbol_;
    }
}
