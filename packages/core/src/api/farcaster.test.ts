import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  FARCASTER_API_PATHS,
  FARCASTER_RELAY_PATHS,
  farcasterConnectResponseSchema,
  farcasterErrorSchema,
  farcasterResultResponseSchema,
  farcasterStartRequestSchema,
  farcasterStartResponseSchema,
} from './index.js'

const flowId = '0b7a1c2e-4f5d-4e6a-9b8c-7d6e5f4a3b2c'
const channelToken = 'q'.repeat(43)

describe('Farcaster schemas', () => {
  it('put the relay under the server’s relay path, at the paths auth-client calls', () => {
    expect(FARCASTER_RELAY_PATHS).toEqual({
      channel: `${FARCASTER_API_PATHS.relay}/v1/channel`,
      authenticate: `${FARCASTER_API_PATHS.relay}/v1/channel/authenticate`,
      status: `${FARCASTER_API_PATHS.relay}/v1/channel/status`,
    })
  })

  it('take an empty start and answer a link (https, the app’s scheme, or a local page)', () => {
    expect(z.safeParse(farcasterStartRequestSchema, {}).success).toBe(true)
    expect(z.safeParse(farcasterStartRequestSchema, { provider: 'x' }).success).toBe(false)
    for (const url of [
      `https://farcaster.xyz/~/siwf?channelToken=${channelToken}`,
      `farcaster://siwf?channelToken=${channelToken}`,
      `http://localhost:5173/farcaster-app.html?channelToken=${channelToken}`,
    ]) {
      expect(z.safeParse(farcasterStartResponseSchema, { url, channelToken, flowId }).success).toBe(
        true,
      )
    }
    const bad = [
      { url: 'javascript:alert(1)', channelToken, flowId },
      { url: 'https://farcaster.xyz/~/siwf', channelToken: 'short', flowId },
      { url: 'https://farcaster.xyz/~/siwf', channelToken, flowId: 'not-a-uuid' },
    ]
    for (const value of bad) {
      expect(z.safeParse(farcasterStartResponseSchema, value).success).toBe(false)
    }
  })

  it('read a result as pending, ready, or an expired flow', () => {
    for (const result of [
      { status: 'pending' },
      { status: 'ready' },
      { status: 'error', code: 'FLOW_EXPIRED', message: 'too long' },
    ]) {
      expect(z.parse(farcasterResultResponseSchema, result)).toEqual(result)
    }
    const unknown = { status: 'error', code: 'ACCESS_DENIED', message: 'no' }
    expect(z.safeParse(farcasterResultResponseSchema, unknown).success).toBe(false)
  })

  it('answer a connect with the session, a positive integer fid and a username', () => {
    const session = {
      accessToken: 'token',
      refreshToken: 'r'.repeat(43),
      expiresIn: 900,
      user: { id: flowId },
      fid: 3,
      username: 'dwr',
    }
    expect(z.parse(farcasterConnectResponseSchema, session)).toEqual(session)
    for (const fid of [0, -1, 1.5, '3']) {
      expect(z.safeParse(farcasterConnectResponseSchema, { ...session, fid }).success).toBe(false)
    }
    expect(z.safeParse(farcasterConnectResponseSchema, { ...session, username: '' }).success).toBe(
      false,
    )
  })

  it('read the refusals’ codes, the auth calls’ included', () => {
    for (const code of ['FARCASTER_NOT_CONFIGURED', 'FLOW_USED', 'RATE_LIMITED']) {
      expect(z.safeParse(farcasterErrorSchema, { error: 'no', code }).success).toBe(true)
    }
    expect(z.safeParse(farcasterErrorSchema, { error: 'no', code: 'NOPE' }).success).toBe(false)
  })
})
