import { describe, expect, it } from 'vitest'
import { defineNetwork } from '../network/network.js'
import { proposalNamespaces } from './namespaces.js'

const evm = (id: number) =>
  defineNetwork({
    id,
    chainNamespace: 'eip155',
    name: `Chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${8000 + id}`] } },
  })
const solana = defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
})

describe('proposal namespaces (CAIP-25, from the configured networks)', () => {
  it('lists every network of a served namespace, with its RPC URL', () => {
    const result = proposalNamespaces([evm(1), evm(10)], ['eip155'])
    expect(Object.keys(result)).toEqual(['eip155'])
    expect(result.eip155!.chains).toEqual(['eip155:1', 'eip155:10'])
    expect(result.eip155!.rpcMap).toEqual({
      1: 'http://127.0.0.1:8001',
      10: 'http://127.0.0.1:8010',
    })
    expect(result.eip155!.methods).toContain('personal_sign')
    expect(result.eip155!.methods).toContain('wallet_switchEthereumChain')
    expect(result.eip155!.events).toEqual(['chainChanged', 'accountsChanged'])
  })

  it('leaves out namespaces that no adapter serves', () => {
    expect(Object.keys(proposalNamespaces([evm(1), solana], ['eip155']))).toEqual(['eip155'])
    expect(Object.keys(proposalNamespaces([evm(1), solana], ['eip155', 'solana']))).toEqual([
      'eip155',
      'solana',
    ])
  })
})

describe('the solana namespace', () => {
  const localnet = defineNetwork({
    id: 'localnet',
    caipNetworkId: 'solana:localnet',
    chainNamespace: 'solana',
    name: 'Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  })

  it('asks for the methods the Solana adapter calls, and its events, on every Solana network', () => {
    const { solana: entry } = proposalNamespaces([evm(1), solana, localnet], ['eip155', 'solana'])
    expect(entry!.chains).toEqual(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:localnet'])
    for (const method of [
      'solana_getAccounts',
      'solana_requestAccounts',
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
    ]) {
      expect(entry!.methods).toContain(method)
    }
    expect(entry!.events).toEqual(['accountsChanged', 'chainChanged'])
    // The universal provider reads rpcMap by chain reference.
    expect(entry!.rpcMap).toEqual({
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'http://127.0.0.1:8899',
      localnet: 'http://127.0.0.1:8899',
    })
  })

  it('is not proposed when no Solana network is configured', () => {
    expect(proposalNamespaces([evm(1)], ['eip155', 'solana']).solana).toBeUndefined()
  })
})
