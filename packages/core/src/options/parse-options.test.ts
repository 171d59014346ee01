import { describe, it, expect } from 'vitest'
import { LatchError } from '../errors/latch-error.js'
import type { Network } from '../network/network.js'
import { LatchOptionsError } from './options-error.js'
import { parseOptions } from './parse-options.js'
import type { SIWEConfig, SIWXConfig } from './sign-in.js'

const mainnet: Network = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.example.org'] } },
}

const siwx: SIWXConfig = {
  createMessage: async () => {
    throw new Error('unused')
  },
  addSession: async () => undefined,
  getSessions: async () => [],
  revokeSession: async () => undefined,
  setSessions: async () => undefined,
  getRequired: () => true,
}

const siweConfig: SIWEConfig = {
  getNonce: async () => 'nonce',
  createMessage: () => 'message',
  verifyMessage: async () => true,
  getSession: async () => null,
  signOut: async () => true,
}

function thrownBy(run: () => unknown): LatchOptionsError {
  try {
    run()
  } catch (error) {
    if (error instanceof LatchOptionsError) return error
    throw error
  }
  throw new Error('expected parseOptions to throw')
}

describe('parseOptions', () => {
  it('resolves valid options with no alerts', () => {
    const { options, alerts } = parseOptions({ projectId: 'abc', networks: [mainnet] })
    expect(alerts).toEqual([])
    expect(options.projectId).toBe('abc')
    expect(options.networks).toEqual([mainnet])
  })

  it.each([
    ['missing', {}],
    ['empty', { projectId: '' }],
    ['blank', { projectId: '   ' }],
  ])('does not throw for a %s projectId: it alerts Project ID Not Configured', (_, extra) => {
    const { options, alerts } = parseOptions({ networks: [mainnet], ...extra })
    expect(options.projectId).toBe('')
    expect(alerts).toEqual([
      {
        code: 'PROJECT_ID_NOT_CONFIGURED',
        severity: 'error',
        message: 'Project ID Not Configured',
      },
    ])
  })

  it('still rejects a projectId of the wrong type', () => {
    expect(thrownBy(() => parseOptions({ projectId: 42, networks: [mainnet] })).issues).toEqual([
      { path: 'projectId', message: 'Expected string received number' },
    ])
  })

  it('accepts siwx or siweConfig alone, keeping the host object', () => {
    expect(parseOptions({ projectId: 'p', networks: [mainnet], siwx }).options.siwx).toBe(siwx)
    expect(
      parseOptions({ projectId: 'p', networks: [mainnet], siweConfig }).options.siweConfig,
    ).toBe(siweConfig)
  })

  it("throws exactly 'Cannot set both `siweConfig` and `siwx` options' when that is the only problem", () => {
    const error = thrownBy(() =>
      parseOptions({ projectId: 'p', networks: [mainnet], siwx, siweConfig }),
    )
    expect(error).toBeInstanceOf(LatchError)
    expect(error.code).toBe('BOTH_SIWE_AND_SIWX')
    expect(error.message).toBe('Cannot set both `siweConfig` and `siwx` options')
  })

  it('lists the sign-in conflict among the other problems in one INVALID_OPTIONS error', () => {
    const error = thrownBy(() =>
      parseOptions({ projectId: 'p', networks: [mainnet], siwx, siweConfig, themeMode: 'blue' }),
    )
    expect(error.code).toBe('INVALID_OPTIONS')
    expect(error.message).toBe(
      'Invalid Latch options: themeMode: Invalid option: expected one of "light"|"dark"; ' +
        'siwx: Cannot set both `siweConfig` and `siwx` options',
    )
  })

  it('throws one INVALID_OPTIONS error naming every wrong field, with the structured list', () => {
    const { name: _name, ...nameless } = mainnet
    const error = thrownBy(() =>
      parseOptions({
        projectId: 'p',
        networks: [nameless],
        themeMode: 'blue',
        features: { email: 'yes' },
      }),
    )
    expect(error).toBeInstanceOf(LatchError)
    expect(error.code).toBe('INVALID_OPTIONS')
    expect(error.issues).toEqual([
      { path: 'networks.0.name', message: 'Required' },
      { path: 'features.email', message: 'Expected boolean received string' },
      { path: 'themeMode', message: 'Invalid option: expected one of "light"|"dark"' },
    ])
    expect(error.values.issues).toBe(
      'networks.0.name: Required; features.email: Expected boolean received string; ' +
        'themeMode: Invalid option: expected one of "light"|"dark"',
    )
    expect(error.message).toBe(`Invalid Latch options: ${error.values.issues}`)
  })

  it('rejects something that is not an options object at all', () => {
    expect(thrownBy(() => parseOptions(undefined)).issues).toEqual([
      { path: '(root)', message: 'Required' },
    ])
    expect(thrownBy(() => parseOptions([])).issues).toEqual([
      { path: '(root)', message: 'Expected object received array' },
    ])
  })

  it('does not change the input object', () => {
    const input = { projectId: '', networks: [mainnet] }
    parseOptions(input)
    expect(input).toEqual({ projectId: '', networks: [mainnet] })
  })
})
