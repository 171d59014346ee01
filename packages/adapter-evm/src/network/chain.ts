import type { Network } from '@latch/core'
import { LatchError } from '@latch/core'
import { defineChain, numberToHex, type Chain } from 'viem'

/** The EVM chain id of a Network; SPEC §5: it must be below 2147483648. */
export function chainIdOf(network: Network): number {
  const id = typeof network.id === 'number' ? network.id : Number(network.id)
  if (!Number.isSafeInteger(id) || id < 0 || id >= 2147483648)
    throw new LatchError('INVALID_CHAIN_ID')
  return id
}

/** core's Network follows viem's Chain shape, so this is a straight conversion. */
export function toViemChain(network: Network): Chain {
  return defineChain({
    id: chainIdOf(network),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet !== undefined ? { testnet: network.testnet } : {}),
  })
}

/** SPEC §7 wallet_addEthereumChain params: chainId, chainName, nativeCurrency, rpcUrls, blockExplorerUrls, iconUrls. */
export function addEthereumChainParams(network: Network, iconUrl?: string) {
  return {
    chainId: numberToHex(chainIdOf(network)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls.default.http,
    blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : [],
    iconUrls: iconUrl ? [iconUrl] : [],
  }
}
