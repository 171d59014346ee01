// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A one-owner contract wallet, the smallest ERC-1271 signer: a signature is valid when the
/// owner's key signed the hash (65 bytes, r ‖ s ‖ v).
contract OwnedWallet {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// Deploys OwnedWallets at CREATE2 addresses: the factory an ERC-6492 signature names, so a
/// wallet not yet deployed (counterfactual) can sign in.
contract OwnedWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new OwnedWallet{salt: salt}(owner));
    }
}
