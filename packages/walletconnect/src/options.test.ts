import type { WalletConnectConfig } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { parseConfig, parseEnvironment } from './options.js'

const config: WalletConnectConfig = {
  projectId: 'p',
  relayUrl: 'ws://127.0.0.1:4000',
  verifyUrl: 'http://127.0.0.1:4000/',
  metadata: { name: 'Dapp', description: '', url: 'https://dapp.example', icons: [] },
  optionalNamespaces: {
    eip155: {
      chains: ['eip155:1'],
      methods: ['personal_sign'],
      events: ['chainChanged'],
      rpcMap: { '1': 'https://rpc.example' },
    },
  },
  storagePrefix: 'latch',
}

describe('parseConfig', () => {
  it('accepts core config and drops the trailing slash of the verify URL', () => {
    expect(parseConfig(config).verifyUrl).toBe('http://127.0.0.1:4000')
  })

  it.each([
    ['an empty project id', { projectId: '' }],
    ['a relay URL that is not a WebSocket', { relayUrl: 'https://relay.example' }],
    // Core's rule, the same one createLatch applies: plain text only on this machine.
    ['a plain-text relay on another host', { relayUrl: 'ws://relay.example' }],
    ['a plain-text verify service on another host', { verifyUrl: 'http://verify.example' }],
    ['a relay URL with credentials', { relayUrl: 'wss://user:secret@relay.example' }],
    ['a verify URL with another scheme', { verifyUrl: 'javascript:alert(1)' }],
    [
      'an RPC URL that is not http(s)',
      {
        optionalNamespaces: {
          eip155: { ...config.optionalNamespaces.eip155!, rpcMap: { '1': 'file:///etc/passwd' } },
        },
      },
    ],
    [
      'a chain that is not CAIP-2',
      {
        optionalNamespaces: {
          eip155: { ...config.optionalNamespaces.eip155!, chains: ['mainnet'] },
        },
      },
    ],
  ])('refuses %s', (_, change) => {
    expect(() => parseConfig({ ...config, ...change } as WalletConnectConfig)).toThrow(
      /Invalid WalletConnect config/,
    )
  })

  it('names each problem in zod’s English words, with its path', () => {
    const bad = {
      ...config,
      projectId: '',
      optionalNamespaces: { EIP: config.optionalNamespaces.eip155! },
    }
    expect(() => parseConfig(bad)).toThrow(
      'Invalid WalletConnect config: projectId: Too small: expected string to have >=1 characters; ' +
        'optionalNamespaces.EIP: Invalid key in record',
    )
  })
})

describe('parseEnvironment', () => {
  it('refuses a storage missing methods and an unknown log level', () => {
    expect(() => parseEnvironment({ storage: {} as never })).toThrow(/storage/)
    expect(() => parseEnvironment({ logger: 'loud' as never })).toThrow(/logger/)
    expect(parseEnvironment({})).toEqual({})
  })
})
