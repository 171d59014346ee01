// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ERC20Ledger
/// @notice The balance and allowance half of ERC-20, shared by the devnet's tokens so that each
///         token only decides its metadata (how `name()` and `symbol()` are typed, its decimals)
///         and who its supply is minted to.
abstract contract ERC20Ledger {
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        // An infinite approval stays infinite, as in OpenZeppelin's ERC-20.
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "ERC20: transfer amount exceeds balance");
        balanceOf[from] = balance - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _mint(address to, uint256 value) internal {
        require(to != address(0), "ERC20: mint to the zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }
}

/// @title ERC20Base
/// @notice The ledger with 18 decimals and an equal amount minted to every holder, shared by
///         TestToken and Bytes32Token.
abstract contract ERC20Base is ERC20Ledger {
    uint8 public constant decimals = 18;

    /// @dev Every holder gets the same amount so tests can assert balances without bookkeeping.
    ///      A holder listed twice gets the amount twice (the devnet's liquidity account, see
    ///      src/uniswap.ts).
    constructor(address[] memory holders, uint256 amountEach) {
        for (uint256 i = 0; i < holders.length; i++) {
            _mint(holders[i], amountEach);
        }
    }
}
