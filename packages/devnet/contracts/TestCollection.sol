// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title TestCollection
/// @notice A minimal ERC-721 for the devnet's NFT gallery: tokens 1..n minted at deployment, each
///         with its own token URI (the devnet passes inline `data:` URIs, so nothing is fetched).
///         `safeTransferFrom` does not call `onERC721Received`: devnet accounts are plain keys.
contract TestCollection {
    string public name;
    string public symbol;
    mapping(uint256 => address) private owners;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;
    mapping(uint256 => string) private uris;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(
        string memory name_,
        string memory symbol_,
        address[] memory holders,
        string[] memory tokenUris
    ) {
        require(holders.length == tokenUris.length, "TestCollection: one URI per token");
        name = name_;
        symbol = symbol_;
        for (uint256 i = 0; i < holders.length; i++) {
            uint256 id = i + 1;
            owners[id] = holders[i];
            balanceOf[holders[i]] += 1;
            uris[id] = tokenUris[i];
            emit Transfer(address(0), holders[i], id);
        }
    }

    function ownerOf(uint256 id) public view returns (address owner) {
        owner = owners[id];
        require(owner != address(0), "ERC721: invalid token ID");
    }

    function tokenURI(uint256 id) external view returns (string memory) {
        ownerOf(id);
        return uris[id];
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        // ERC-165, ERC-721, ERC-721 Metadata.
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
    }

    function approve(address to, uint256 id) external {
        address owner = ownerOf(id);
        require(msg.sender == owner || isApprovedForAll[owner][msg.sender], "ERC721: not allowed");
        getApproved[id] = to;
        emit Approval(owner, to, id);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 id) public {
        require(ownerOf(id) == from, "ERC721: transfer from incorrect owner");
        require(to != address(0), "ERC721: transfer to the zero address");
        require(
            msg.sender == from || getApproved[id] == msg.sender || isApprovedForAll[from][msg.sender],
            "ERC721: caller is not token owner or approved"
        );
        delete getApproved[id];
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        owners[id] = to;
        emit Transfer(from, to, id);
    }

    function safeTransferFrom(address from, address to, uint256 id) external {
        transferFrom(from, to, id);
    }

    function safeTransferFrom(address from, address to, uint256 id, bytes calldata) external {
        transferFrom(from, to, id);
    }
}
