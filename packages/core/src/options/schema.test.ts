import { allFeaturesOff, builtSocials, popupSocials } from '../test/option-fixtures.js'
import { describe, it, expect } from 'vitest'
import type { ChainAdapter } from '../adapter/contract.js'
import type { Network } from '../network/network.js'
import { safeParseWith } from '../validation/parse.js'
import { chainAdapterFunctions } from './runtime-shapes.js'
import { optionalFeatures } from './available-features.js'
import { latchOptionsSchema, latchOptionsSchemaFor, type LatchOptions } from './schema.js'

const mainnet: Network = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.example.org'] } },
}
const polygon: Network = { ...mainnet, id: 137, caipNetworkId: 'eip155:137', name: 'Polygon' }

function fakeAdapter(namespace: string): ChainAdapter {
  const members = Object.fromEntries(chainAdapterFunctions.map((name) => [name, () => undefined]))
  return { ...members, namespace } as unknown as ChainAdapter
}

type Input = Partial<LatchOptions> & Record<string, unknown>

function parse(input: Input, schema = latchOptionsSchema) {
  return safeParseWith(schema, { projectId: 'p1', networks: [mainnet], ...input })
}

function issuesOf(input: Input, schema = latchOptionsSchema) {
  const result = parse(input, schema)
  return result.success ? [] : result.issues
}

/** The options of a build that has social login and Farcaster, for the rules of its list. */
const withSocials = latchOptionsSchemaFor(['socials', 'farcaster'])

describe('latchOptionsSchema defaults', () => {
  it('fills every default from the brief and the SPEC', () => {
    const result = parse({})
    expect(result.success).toBe(true)
    if (!result.success) return
    const { data } = result
    expect(data.metadata).toEqual({ name: '', description: '', url: '', icons: [] })
    expect(data.adapters).toEqual([])
    // This build has Activity, Send, Receive, email, social login and Farcaster (on by
    // default); every other switch is off.
    expect(data.features).toEqual({
      ...allFeaturesOff,
      activity: true,
      send: true,
      receive: true,
      email: true,
      socials: [...builtSocials],
    })
    expect(data.siwx).toBeUndefined()
    expect(data.siweConfig).toBeUndefined()
    expect(data.connectorTypeOrder).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
    expect(data.themeMode).toBe('light')
    expect(data.themeVariables).toEqual({
      '--latch-font-size-master': '10px',
      '--latch-border-radius-master': '4px',
      '--latch-z-index': 999,
    })
    expect(data).toMatchObject({
      featuredWalletIds: [],
      includeWalletIds: [],
      excludeWalletIds: [],
      allowUnsupportedChain: false,
      enableNetworkSwitch: true,
      manualWalletControl: false,
      embedded: false,
      enableReconnect: true,
      storageKeyPrefix: '@latch/',
    })
  })

  it('a build with every feature gives the usual defaults: on, except analytics', () => {
    const result = parse({}, latchOptionsSchemaFor(optionalFeatures))
    if (!result.success) throw new Error('expected success')
    expect(result.data.features).toEqual({
      email: true,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
      swaps: true,
      onramp: true,
      activity: true,
      send: true,
      receive: true,
      analytics: false,
      branding: true,
    })
  })

  it('gives each parse its own default objects (two instances share nothing)', () => {
    const first = parse({}, withSocials)
    const second = parse({}, withSocials)
    if (!first.success || !second.success) throw new Error('expected both to parse')
    expect(first.data.metadata.icons).not.toBe(second.data.metadata.icons)
    expect(first.data.features.socials).not.toBe(second.data.features.socials)
    expect(first.data.adapters).not.toBe(second.data.adapters)
  })

  it('keeps the host network and adapter objects as they are', () => {
    const viemLike = { ...mainnet, contracts: { multicall3: { address: '0xca11' } } }
    const adapter = fakeAdapter('eip155')
    const result = parse({ networks: [viemLike], adapters: [adapter] })
    if (!result.success) throw new Error('expected success')
    expect(result.data.networks[0]).toBe(viemLike)
    expect(result.data.adapters[0]).toBe(adapter)
  })
})

describe('latchOptionsSchema rules', () => {
  it('rejects unknown top-level keys (a typo is not ignored)', () => {
    expect(issuesOf({ themMode: 'dark' })).toEqual([
      { path: '(root)', message: 'Unrecognized key: "themMode"' },
    ])
  })

  it('accepts an empty description, url and icons list, and rejects a non-http url', () => {
    expect(parse({ metadata: { name: 'App', description: '', url: '', icons: [] } }).success).toBe(
      true,
    )
    expect(parse({ metadata: { name: 'App', url: 'https://app.example' } }).success).toBe(true)
    expect(issuesOf({ metadata: { name: 'App', url: 'javascript:alert(1)' } })).toEqual([
      { path: 'metadata.url', message: 'Invalid URL' },
    ])
  })

  it('needs at least one network, each valid, with unique caipNetworkIds', () => {
    expect(issuesOf({ networks: [] })).toEqual([
      { path: 'networks', message: 'At least one network is required' },
    ])
    const { name: _name, ...nameless } = mainnet
    expect(issuesOf({ networks: [nameless as Network] })).toEqual([
      { path: 'networks.0.name', message: 'Required' },
    ])
    expect(issuesOf({ networks: [mainnet, { ...polygon, caipNetworkId: 'eip155:1' }] })).toEqual([
      { path: 'networks.1.caipNetworkId', message: 'Duplicate caipNetworkId "eip155:1"' },
    ])
  })

  it('requires defaultNetwork to be one of networks', () => {
    expect(parse({ networks: [mainnet, polygon], defaultNetwork: polygon }).success).toBe(true)
    expect(issuesOf({ defaultNetwork: polygon })).toEqual([
      {
        path: 'defaultNetwork',
        message: 'Must be one of networks (no network has caipNetworkId "eip155:137")',
      },
    ])
  })

  it('checks adapters against the ChainAdapter contract, one per namespace', () => {
    const broken = { ...fakeAdapter('eip155'), connect: 'nope', subscribe: undefined }
    expect(issuesOf({ adapters: [broken as unknown as ChainAdapter] })).toEqual([
      {
        path: 'adapters.0',
        message: 'Expected a ChainAdapter (not a function: connect, subscribe)',
      },
    ])
    expect(issuesOf({ adapters: [fakeAdapter('eip155'), fakeAdapter('eip155')] })).toEqual([
      { path: 'adapters.1', message: 'Duplicate adapter for namespace "eip155"' },
    ])
    expect(parse({ adapters: [fakeAdapter('eip155'), fakeAdapter('solana')] }).success).toBe(true)
  })

  it('limits socials to the SPEC §9 options, or false', () => {
    expect(parse({ features: { socials: false } }, withSocials).success).toBe(true)
    expect(parse({ features: { socials: ['farcaster', 'github'] } }, withSocials).success).toBe(
      true,
    )
    expect(
      issuesOf({ features: { socials: ['google', 'myspace' as 'google'] } }, withSocials),
    ).toEqual([
      {
        path: 'features.socials.1',
        message:
          'Invalid option: expected one of "google"|"x"|"discord"|"farcaster"|"github"|"apple"|"facebook"',
      },
    ])
  })

  it('refuses Farcaster by name in a build with social login but not Farcaster', () => {
    const build = latchOptionsSchemaFor(['socials'])
    expect(issuesOf({ features: { socials: ['github', 'farcaster'] } }, build)).toEqual([
      {
        path: 'features.socials.farcaster',
        message: 'Not available in this version of Latch: features.socials.farcaster',
      },
    ])
    const result = parse({}, build)
    if (!result.success) throw new Error('expected success')
    expect(result.data.features.socials).toEqual([...popupSocials])
  })

  it('requires unique entries in connectMethodsOrder and connectorTypeOrder', () => {
    expect(parse({ features: { connectMethodsOrder: ['wallet', 'email'] } }).success).toBe(true)
    expect(issuesOf({ features: { connectMethodsOrder: ['wallet', 'wallet'] } })).toEqual([
      { path: 'features.connectMethodsOrder.1', message: 'Duplicate value "wallet"' },
    ])
    expect(issuesOf({ connectorTypeOrder: ['recent', 'injected', 'recent'] })).toEqual([
      { path: 'connectorTypeOrder.2', message: 'Duplicate value "recent"' },
    ])
  })

  it('checks theme mode and theme variables, rejecting unknown variables', () => {
    expect(issuesOf({ themeMode: 'blue' as 'dark' })).toEqual([
      { path: 'themeMode', message: 'Invalid option: expected one of "light"|"dark"' },
    ])
    expect(issuesOf({ themeVariables: { '--latch-color-mix-strength': 101 } })[0]?.path).toBe(
      'themeVariables.--latch-color-mix-strength',
    )
    expect(issuesOf({ themeVariables: { '--latch-accnet': 'red' } as never })).toEqual([
      { path: 'themeVariables', message: 'Unrecognized key: "--latch-accnet"' },
    ])
    expect(
      issuesOf({ themeVariables: { '--latch-accent': 'red; } body { display:none' } }),
    ).toEqual([
      {
        path: 'themeVariables.--latch-accent',
        message: 'Must be a single CSS value (no ; { } < >)',
      },
    ])
  })

  it('checks the shape of an injected storage', () => {
    const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined }
    expect(issuesOf({ storage: storage as never })).toEqual([
      {
        path: 'storage',
        message:
          'Expected a storage with getItem, setItem, removeItem and keys (not a function: keys)',
      },
    ])
  })
})

describe('latchOptionsSchema: walletConnect', () => {
  const load = async () => ({}) as never

  it('accepts wss: and https:, and ws: / http: only on a loopback host', () => {
    expect(
      issuesOf({
        walletConnect: {
          relayUrl: 'wss://relay.example.org',
          verifyUrl: 'https://v.example.org',
          load,
        },
      }),
    ).toEqual([])
    expect(
      issuesOf({
        walletConnect: {
          relayUrl: 'ws://127.0.0.1:4001',
          verifyUrl: 'http://localhost:4001',
          load,
        },
      }),
    ).toEqual([])
  })

  it('rejects a plain-text relay or verify service on another host, naming the field', () => {
    const issues = issuesOf({
      walletConnect: {
        relayUrl: 'ws://relay.example.org',
        verifyUrl: 'javascript:alert(1)',
        load,
      },
    })
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      'walletConnect.relayUrl',
      'walletConnect.verifyUrl',
    ])
    expect(issues.find((i) => i.path === 'walletConnect.relayUrl')?.message).toBe(
      'Must use wss: unless the host is a loopback address',
    )
  })

  it('refuses credentials in either URL', () => {
    expect(
      issuesOf({ walletConnect: { relayUrl: 'wss://user:secret@relay.example.org', load } }),
    ).toEqual([
      { path: 'walletConnect.relayUrl', message: 'Must not contain a user name or password' },
    ])
  })

  it('needs the loader walletConnect() makes, and names a misspelt key', () => {
    expect(issuesOf({ walletConnect: { relayUrl: 'wss://relay.example.org' } as never })).toEqual([
      {
        path: 'walletConnect.load',
        message: 'Expected a function (pass walletConnect() from @latch/walletconnect)',
      },
    ])
    expect(issuesOf({ walletConnect: { relayURL: 'wss://r.example.org', load } as never })).toEqual(
      [{ path: 'walletConnect', message: 'Unrecognized key: "relayURL"' }],
    )
  })

  it('keeps the host’s loader as it is', () => {
    const result = parse({ walletConnect: { load } })
    if (!result.success) throw new Error('expected success')
    expect(result.data.walletConnect?.load).toBe(load)
  })
})

describe('latchOptionsSchema: embedded', () => {
  it('is off by default and refuses true in this build, naming the option', () => {
    expect(issuesOf({ embedded: false })).toEqual([])
    expect(issuesOf({ embedded: true })).toEqual([
      { path: 'embedded', message: 'Not available in this version of Latch: embedded' },
    ])
  })

  it('a build that draws the modal inline accepts it', () => {
    expect(issuesOf({ embedded: true }, latchOptionsSchemaFor(['embedded']))).toEqual([])
  })
})
