import { describe, expect, it } from 'vitest'
import { eventTypes, samples } from '../test/samples.js'
import { appEvents, eventSchemas, isAppEventType } from './event-map.js'
import { chainIdSchema, emailSchema, errorPayloadSchema, otpSchema } from './primitives.js'

// SPEC §7's list, written out once more: the map must have exactly these events.
const SPEC_EVENTS = [
  'SWITCH_NETWORK',
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_FARCASTER_URI',
  'CONNECT_FARCASTER',
  'GET_USER',
  'GET_SOCIAL_REDIRECT_URI',
  'SIGN_OUT',
  'IS_CONNECTED',
  'GET_CHAIN_ID',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'INIT_SMART_ACCOUNT',
  'SET_PREFERRED_ACCOUNT',
  'RPC_REQUEST',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'RELOAD',
  // Latch's own, beside SPEC §7's (issue 30): sign-in right after an embedded login.
  'SIGN_IN',
]

describe('the event map', () => {
  it('has exactly the app events of SPEC §7', () => {
    expect([...eventTypes].sort()).toEqual([...SPEC_EVENTS].sort())
  })

  it('knows its own names and nothing from the prototype', () => {
    expect(isAppEventType('CONNECT_EMAIL')).toBe(true)
    expect(isAppEventType('toString')).toBe(false)
    expect(isAppEventType('__proto__')).toBe(false)
    expect(isAppEventType(7)).toBe(false)
  })

  it('gives each event its own schemas', () => {
    for (const type of eventTypes) expect(eventSchemas(type)).toBe(appEvents[type])
  })
})

describe.each(eventTypes)('%s', (type) => {
  const sample = samples[type]
  const schemas = eventSchemas(type)

  it('accepts the sample request and success payloads unchanged', () => {
    expect(schemas.request.parse(sample.request)).toEqual(sample.request)
    expect(schemas.success.parse(sample.success)).toEqual(sample.success)
  })

  it.each(sample.invalidRequests.map((payload, index) => [index, payload]))(
    'refuses invalid request payload #%i',
    (_index, payload) => {
      expect(schemas.request.safeParse(payload).success).toBe(false)
    },
  )

  it('refuses a malformed success payload', () => {
    expect(schemas.success.safeParse(sample.invalidSuccess).success).toBe(false)
  })
})

describe('the shared values', () => {
  it.each([1, 31337, 2_147_483_647, 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])(
    'accepts the chain id %j',
    (chainId) => expect(chainIdSchema.safeParse(chainId).success).toBe(true),
  )

  it.each([
    0,
    -1,
    1.5,
    2_147_483_648,
    '1',
    'eip155',
    'EIP155:1',
    'eip155:',
    `eip155:${'1'.repeat(33)}`,
  ])('refuses the chain id %j', (chainId) =>
    expect(chainIdSchema.safeParse(chainId).success).toBe(false),
  )

  it('checks emails and six-digit codes', () => {
    expect(emailSchema.safeParse('a@b.example').success).toBe(true)
    expect(emailSchema.safeParse('a@b').success).toBe(false)
    expect(otpSchema.safeParse('000000').success).toBe(true)
    expect(otpSchema.safeParse(' 00000').success).toBe(false)
  })

  it('lets an error carry any message, empty included', () => {
    expect(errorPayloadSchema.safeParse({ message: '' }).success).toBe(true)
    expect(errorPayloadSchema.safeParse({}).success).toBe(false)
  })
})
