// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IdRegistry
/// @notice The part of Farcaster's IdRegistry (OP mainnet) that "Sign in with Farcaster" reads:
///         `idOf(custody)` (what the Farcaster auth client's viem connector checks a signer against)
///         and `custodyOf(fid)`. The devnet installs this runtime code at the canonical address
///         with `anvil_setCode`, so auth-client's connector works unchanged against the devnet.
/// @dev    Registration is open and free, for tests: the caller becomes the custody address of
///         the next fid, as the real registry's (gated, paid) registration makes it.
contract IdRegistry {
    /// @notice The last fid handed out; the first registration gets 1.
    uint256 public idCounter;

    /// @notice The fid a custody address holds; 0 for none.
    mapping(address => uint256) public idOf;

    /// @notice The custody address of an fid; the zero address for none.
    mapping(uint256 => address) public custodyOf;

    /// @notice Emitted for each new fid, as the real registry does (without a recovery address).
    event Register(address indexed to, uint256 indexed id, address recovery);

    /// @notice The caller already holds an fid: one custody address holds at most one.
    error HasId();

    /// @notice Registers the caller as the custody address of a new fid.
    /// @return fid The new fid.
    function register() external returns (uint256 fid) {
        if (idOf[msg.sender] != 0) revert HasId();
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        emit Register(msg.sender, fid, address(0));
    }
}
