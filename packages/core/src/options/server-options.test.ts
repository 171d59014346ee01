import { describe, expect, it } from 'vitest'
import { defineNetwork, type HostNetwork } from '../network/network.js'
import { devnetA } from '../testing/networks.js'
import { resolveNetworks } from './network-rpc.js'
import { LatchOptionsError } from './options-error.js'
import { parseOptions } from './parse-options.js'

function thrownBy(run: () => unknown): LatchOptionsError {
  try {
    run()
  } catch (error) {
    if (error instanceof LatchOptionsError) return error
    throw error
  }
  throw new Error('expected parseOptions to throw')
}

/** A network the host passes without rpcUrls: the server's RPC is its default. */
const serverChain: HostNetwork = defineNetwork({
  id: 31338,
  chainNamespace: 'eip155',
  name: 'Server Chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})

describe('the serverUrl option', () => {
  it.each([
    'https://latch.example.com',
    'https://latch.example.com/',
    'https://example.com/latch/',
    'http://127.0.0.1:4000',
    'http://localhost:4000/latch',
    'http://[::1]:4000',
  ])('accepts %s (https, or http on a loopback host)', (serverUrl) => {
    const { options } = parseOptions({ projectId: 'p', networks: [devnetA], serverUrl })
    expect(options.serverUrl).toBe(serverUrl)
  })

  it('is optional: no server', () => {
    expect(parseOptions({ projectId: 'p', networks: [devnetA] }).options.serverUrl).toBeUndefined()
  })

  it.each([
    ['http://latch.example.com', 'Must use https: unless the host is a loopback address'],
    ['http://10.0.0.2:4000', 'Must use https: unless the host is a loopback address'],
    ['https://user:secret@latch.example.com', 'Must not contain a user name or password'],
    ['https://latch.example.com/?projectId=x', 'Must not contain a query or a fragment'],
    ['https://latch.example.com/#top', 'Must not contain a query or a fragment'],
  ])('refuses %s, naming serverUrl', (serverUrl, message) => {
    const error = thrownBy(() => parseOptions({ projectId: 'p', networks: [devnetA], serverUrl }))
    expect(error.code).toBe('INVALID_OPTIONS')
    expect(error.issues).toEqual([{ path: 'serverUrl', message }])
    expect(error.message).toContain(`serverUrl: ${message}`)
  })

  it.each(['wss://latch.example.com', 'ftp://latch.example.com', 'latch.example.com', 42, ''])(
    'refuses %s, naming serverUrl',
    (serverUrl) => {
      const error = thrownBy(() => parseOptions({ projectId: 'p', networks: [devnetA], serverUrl }))
      expect(error.issues.map((issue) => issue.path)).toEqual(['serverUrl'])
    },
  )
})

describe('the default RPC of a network without rpcUrls (SPEC §7 /v1/?chainId&projectId)', () => {
  it("is the server's RPC endpoint, and networks with their own keep theirs, as passed", () => {
    const { options } = parseOptions({
      projectId: 'demo',
      serverUrl: 'https://latch.example.com/',
      networks: [devnetA, serverChain],
      defaultNetwork: serverChain,
    })
    expect(options.networks[0]).toBe(devnetA)
    expect(options.networks[1]!.rpcUrls.default.http).toEqual([
      'https://latch.example.com/v1/?chainId=eip155%3A31338&projectId=demo',
    ])
    expect(options.networks[1]).toMatchObject({ name: 'Server Chain', id: 31338 })
    // The default network is the resolved entry, with the same RPC.
    expect(options.defaultNetwork).toBe(options.networks[1])
  })

  it('is refused without serverUrl, naming the field', () => {
    const error = thrownBy(() => parseOptions({ projectId: 'p', networks: [devnetA, serverChain] }))
    expect(error.code).toBe('INVALID_OPTIONS')
    expect(error.issues).toEqual([
      {
        path: 'networks.1.rpcUrls',
        message: 'Required without serverUrl (the Latch server gives a network its default RPC)',
      },
    ])
  })

  it('is refused without a project id, which the endpoint needs', () => {
    const error = thrownBy(() =>
      parseOptions({ serverUrl: 'http://127.0.0.1:4000', networks: [serverChain] }),
    )
    expect(error.issues).toEqual([
      {
        path: 'networks.0.rpcUrls',
        message: 'Required without projectId (the default RPC is per project)',
      },
    ])
  })

  it('a wrong serverUrl is reported once, on serverUrl alone', () => {
    const error = thrownBy(() =>
      parseOptions({ projectId: 'p', serverUrl: 'http://x.example', networks: [serverChain] }),
    )
    expect(error.issues.map((issue) => issue.path)).toEqual(['serverUrl'])
  })

  it('resolveNetworks refuses on its own too, when called without a server', () => {
    expect(() => resolveNetworks([serverChain], undefined, { projectId: 'p' })).toThrow(
      LatchOptionsError,
    )
  })

  it('defineNetwork keeps working with rpcUrls, and without them', () => {
    expect(defineNetwork({ ...serverChain, rpcUrls: devnetA.rpcUrls }).rpcUrls).toEqual(
      devnetA.rpcUrls,
    )
    expect(serverChain.rpcUrls).toBeUndefined()
    expect(serverChain.caipNetworkId).toBe('eip155:31338')
  })
})
