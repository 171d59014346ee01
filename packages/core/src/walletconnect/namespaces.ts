import type { ChainNamespace } from '../identifiers/types.js'
import type { Network } from '../network/network.js'
import type { ProposalNamespace } from './contract.js'

/** What Latch may ask a wallet per namespace: the methods its adapters and flows call. */
const METHODS: Partial<Record<ChainNamespace, readonly string[]>> = {
  eip155: [
    'eth_accounts',
    'eth_requestAccounts',
    'eth_sendRawTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData',
    'eth_signTypedData_v3',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'personal_sign',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getPermissions',
    'wallet_requestPermissions',
    'wallet_watchAsset',
    'wallet_getCallsStatus',
    'wallet_sendCalls',
    'wallet_getCapabilities',
    'wallet_getAssets',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_requestAccounts',
    'solana_getAccounts',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
  ],
  bip122: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
}

const EVENTS: Partial<Record<ChainNamespace, readonly string[]>> = {
  eip155: ['chainChanged', 'accountsChanged'],
  // The Solana adapter follows a session's account and cluster changes like a wallet's events.
  solana: ['accountsChanged', 'chainChanged'],
  bip122: ['bip122_addressesChanged'],
}

/**
 * CAIP-25 optional namespaces from the configured networks: every network of a namespace Latch
 * can serve, with its RPC URL so the provider's reads stay on the host's own endpoints. Optional,
 * not required: a wallet that lacks a chain still pairs, and the unsupported-network rules apply.
 */
export function proposalNamespaces(
  networks: readonly Network[],
  namespaces: readonly ChainNamespace[],
): Record<string, ProposalNamespace> {
  const result: Record<string, ProposalNamespace> = {}
  for (const network of networks) {
    const namespace = network.chainNamespace
    if (!namespaces.includes(namespace)) continue
    const entry = (result[namespace] ??= {
      chains: [],
      methods: [...(METHODS[namespace] ?? [])],
      events: [...(EVENTS[namespace] ?? [])],
      rpcMap: {},
    })
    entry.chains.push(network.caipNetworkId)
    const rpc = network.rpcUrls.default.http[0]
    if (rpc) entry.rpcMap[String(network.id)] = rpc
  }
  return result
}
