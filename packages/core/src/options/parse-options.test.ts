import { describe, it, expect } from 'vitest'
import { LatchError } from '../errors/latch-error.js'
import type { Network } from '../network/network.js'
import { LatchOptionsError } from './options-error.js'
import { parseOptions, parseOptionsWith } from './parse-options.js'
import { latchOptionsSchemaFor } from './schema.js'
import { allFeaturesOff, siweFixture, siwxFixture, builtSocials } from '../test/option-fixtures.js'

const mainnet: Network = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.example.org'] } },
}

const siwx = siwxFixture
const siweConfig = siweFixture

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

describe('parseOptions: features this build lacks', () => {
  const base = { projectId: 'p', networks: [mainnet] }

  it.each([
    ['features.swaps', { features: { swaps: true } }],
    ['features.onramp', { features: { onramp: true } }],
    ['features.analytics', { features: { analytics: true } }],
    ['features.branding', { features: { branding: true } }],
  ])('refuses %s, naming it', (option, extra) => {
    const error = thrownBy(() => parseOptions({ ...base, ...extra }))
    expect(error).toBeInstanceOf(LatchError)
    expect(error.code).toBe('FEATURE_NOT_AVAILABLE')
    expect(error.message).toBe(`Not available in this version of Latch: ${option}`)
    expect(error.issues).toEqual([
      { path: option, message: `Not available in this version of Latch: ${option}` },
    ])
  })

  it('names every refused option in one error', () => {
    const error = thrownBy(() =>
      parseOptions({ ...base, features: { onramp: true, swaps: true, branding: true } }),
    )
    expect(error.code).toBe('FEATURE_NOT_AVAILABLE')
    expect(error.message).toBe(
      'Not available in this version of Latch: features.swaps, features.onramp, features.branding',
    )
    expect(error.values.feature).toBe('features.swaps, features.onramp, features.branding')
  })

  it('refuses sign-in options by name in a build without sign-in, without their conflict', () => {
    const noSignIn = latchOptionsSchemaFor([])
    const error = thrownBy(() => parseOptionsWith(noSignIn, { ...base, siwx, siweConfig }))
    expect(error.code).toBe('FEATURE_NOT_AVAILABLE')
    expect(error.message).toBe('Not available in this version of Latch: siwx, siweConfig')
  })

  it('lists a refused option among other problems in one INVALID_OPTIONS error', () => {
    const error = thrownBy(() =>
      parseOptions({ ...base, themeMode: 'blue', features: { onramp: true } }),
    )
    expect(error.code).toBe('INVALID_OPTIONS')
    expect(error.issues).toEqual([
      {
        path: 'features.onramp',
        message: 'Not available in this version of Latch: features.onramp',
      },
      { path: 'themeMode', message: 'Invalid option: expected one of "light"|"dark"' },
    ])
  })

  it('accepts each switch explicitly off, and defaults all off but the built ones', () => {
    const off = allFeaturesOff
    expect(parseOptions({ ...base, features: off }).options.features).toEqual(off)
    // Issues 15, 17 and 12: Activity, Send, Receive, email, social login and Farcaster are
    // built, so they default on.
    expect(parseOptions(base).options.features).toEqual({
      ...off,
      activity: true,
      send: true,
      receive: true,
      email: true,
      socials: [...builtSocials],
    })
    expect(parseOptions({ ...base, features: { socials: [] } }).options.features.socials).toEqual(
      [],
    )
  })
})

describe('parseOptions: sign-in, in a build that has it', () => {
  const signInBuild = latchOptionsSchemaFor(['signIn'])
  const parse = (input: Record<string, unknown>) =>
    parseOptionsWith(signInBuild, { projectId: 'p', networks: [mainnet], ...input })

  it('accepts siwx or siweConfig alone, keeping the host object', () => {
    expect(parse({ siwx }).options.siwx).toBe(siwx)
    expect(parse({ siweConfig }).options.siweConfig).toBe(siweConfig)
  })

  it("throws exactly 'Cannot set both `siweConfig` and `siwx` options' when that is the only problem", () => {
    const error = thrownBy(() => parse({ siwx, siweConfig }))
    expect(error).toBeInstanceOf(LatchError)
    expect(error.code).toBe('BOTH_SIWE_AND_SIWX')
    expect(error.message).toBe('Cannot set both `siweConfig` and `siwx` options')
  })

  it('lists the sign-in conflict among the other problems in one INVALID_OPTIONS error', () => {
    const error = thrownBy(() => parse({ siwx, siweConfig, themeMode: 'blue' }))
    expect(error.code).toBe('INVALID_OPTIONS')
    expect(error.message).toBe(
      'Invalid Latch options: themeMode: Invalid option: expected one of "light"|"dark"; ' +
        'siwx: Cannot set both `siweConfig` and `siwx` options',
    )
  })

  it('still checks the shape of a sign-in config', () => {
    expect(thrownBy(() => parse({ siwx: { createMessage: 1 } })).issues).toEqual([
      { path: 'siwx', message: 'Expected a SIWX config (not a function: createMessage)' },
      {
        path: 'siwx',
        message:
          'Needs serverUrl and projectId (the Latch server signs in), or createMessage, addSession, getSessions, revokeSession and setSessions',
      },
    ])
  })

  it('signs in through the Latch server with siwx: true, which needs its serverUrl', () => {
    const server = { serverUrl: 'http://127.0.0.1:8787' }
    expect(parse({ ...server, siwx: true }).options.siwx).toBe(true)
    expect(parse({ ...server, siwx: { required: true } }).options.siwx).toEqual({ required: true })
    expect(thrownBy(() => parse({ siwx: true })).issues).toEqual([
      {
        path: 'siwx',
        message:
          'Needs serverUrl and projectId (the Latch server signs in), or createMessage, addSession, getSessions, revokeSession and setSessions',
      },
    ])
  })

  it('leaves the other features off: each is turned on by its own name', () => {
    expect(() => parse({ siwx, features: { swaps: true } })).toThrow(
      'Not available in this version of Latch: features.swaps',
    )
  })
})
