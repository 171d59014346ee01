// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Base} from "./ERC20Base.sol";

/// @title Bytes32Token
/// @notice An ERC-20 whose `name()` and `symbol()` return bytes32, as MKR's do: reading them as
///         `string` fails, which exercises the wallet's bytes32 symbol fallback (SPEC §5).
contract Bytes32Token is ERC20Base {
    bytes32 public immutable name;
    bytes32 public immutable symbol;

    constructor(
        bytes32 name_,
        bytes32 symbol_,
        address[] memory holders,
        uint256 amountEach
    ) ERC20Base(holders, amountEach) {
        name = name_;
        symbol = symbol_;
    }
}
