import { assertEvmChainId, type Network } from '@latch/core'

/** The EVM chain id of a Network; SPEC §5: it must be below 2147483648. */
export function chainIdOf(network: Network): number {
  return assertEvmChainId(network.id)
}

/**
 * The chain id as EIP-1193 wants it (`0x7a69`). Plain code rather than viem's numberToHex: the
 * id is a checked integer below 2^31, and switching networks must not wait for viem to load.
 */
export function chainIdHex(network: Network): `0x${string}` {
  return `0x${chainIdOf(network).toString(16)}`
}

/** SPEC §7 wallet_addEthereumChain params: chainId, chainName, nativeCurrency, rpcUrls, blockExplorerUrls, iconUrls. */
export function addEthereumChainParams(network: Network, iconUrl?: string) {
  return {
    chainId: chainIdHex(network),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls.default.http,
    blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : [],
    iconUrls: iconUrl ? [iconUrl] : [],
  }
}
