import { describe, expect, it } from 'vitest'
import { parseWalletOptions, type WcWalletOptions } from './options.js'

const valid: WcWalletOptions = {
  relayUrl: 'ws://127.0.0.1:4000',
  accountIndex: 0,
  rpcUrls: { 31337: 'http://127.0.0.1:8545', 31338: 'http://localhost:8546' },
}

describe('parseWalletOptions', () => {
  it('accepts loopback relay and rpc urls', () => {
    expect(parseWalletOptions(valid).rpcUrls).toEqual({
      '31337': 'http://127.0.0.1:8545',
      '31338': 'http://localhost:8546',
    })
  })

  it('refuses any host other than the loopback, naming the option', () => {
    expect(() =>
      parseWalletOptions({ ...valid, relayUrl: 'wss://relay.walletconnect.org' }),
    ).toThrow(
      'Invalid createWcWallet options: relayUrl: must be a ws/wss URL on 127.0.0.1 (this wallet never reaches other hosts)',
    )
    expect(() =>
      parseWalletOptions({ ...valid, rpcUrls: { 1: 'https://eth.example.org' } }),
    ).toThrow('rpcUrls.1: must be a http/https URL on 127.0.0.1')
  })

  it('needs exactly one of privateKey and accountIndex, and a known chainId', () => {
    const { accountIndex: _, ...keyless } = valid
    expect(() => parseWalletOptions(keyless)).toThrow(
      'give exactly one of privateKey and accountIndex',
    )
    expect(() => parseWalletOptions({ ...valid, privateKey: `0x${'11'.repeat(32)}` })).toThrow(
      'give exactly one of privateKey and accountIndex',
    )
    expect(() => parseWalletOptions({ ...valid, accountIndex: 10 })).toThrow('accountIndex')
    expect(() => parseWalletOptions({ ...valid, chainId: 1 })).toThrow(
      'chainId: chainId must be one of the rpcUrls chains',
    )
    expect(() => parseWalletOptions({ ...valid, rpcUrls: {} })).toThrow('needs at least one chain')
  })

  it('refuses an unknown policy', () => {
    expect(() =>
      parseWalletOptions({ ...valid, policy: { requests: 'sometimes' as never } }),
    ).toThrow('policy.requests')
  })

  it('takes an optional Solana key: a loopback rpc url, 64 bytes, CAIP-2 Solana chains', () => {
    const solana = { rpcUrl: 'http://127.0.0.1:8899', secretKey: new Uint8Array(64) }
    expect(parseWalletOptions({ ...valid, solana }).solana?.rpcUrl).toBe(solana.rpcUrl)
    expect(() =>
      parseWalletOptions({
        ...valid,
        solana: { ...solana, rpcUrl: 'https://api.devnet.solana.com' },
      }),
    ).toThrow('solana.rpcUrl: must be a http/https URL on 127.0.0.1')
    expect(() =>
      parseWalletOptions({ ...valid, solana: { ...solana, secretKey: new Uint8Array(32) } }),
    ).toThrow('solana.secretKey: must be a 64-byte Solana secret key')
    expect(() =>
      parseWalletOptions({ ...valid, solana: { ...solana, chains: ['eip155:1'] } }),
    ).toThrow('solana.chains.0: must be a CAIP-2 Solana chain id')
  })
})
