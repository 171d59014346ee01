import { FARCASTER_CHANNEL_TTL_SECONDS } from '@latch/core/api'
import { describe, expect, it } from 'vitest'
import { parseServerConfig } from '../config/load.js'
import { serverConfigSchema } from '../config/schema.js'
import { FARCASTER_SIGN_IN_URL, OP_MAINNET_RPC_URL } from './farcaster-config.js'

const project = { id: 'demo', allowedOrigins: ['https://app.example'] }
const auth = {
  publicUrl: 'https://latch.example',
  smtp: { host: 'smtp.example', port: 587, from: 'login@latch.example' },
}

/** The refused fields of a configuration, as `path: message` pairs. */
const issuesOf = (value: unknown) =>
  (serverConfigSchema.safeParse(value).error?.issues ?? []).map(({ path, message }) => ({
    path: path.join('.'),
    message,
  }))

describe('the farcaster section', () => {
  it('is on with Farcaster’s real defaults when present, off when absent', () => {
    const config = parseServerConfig({ projects: [project], auth, farcaster: {} })
    expect(config.farcaster).toEqual({
      rpcUrls: [OP_MAINNET_RPC_URL],
      signInUrl: FARCASTER_SIGN_IN_URL,
      channelTtlSeconds: FARCASTER_CHANNEL_TTL_SECONDS,
      openRelay: true,
      rateLimits: expect.objectContaining({
        startPerIp: { requests: 30, windowSeconds: 600 },
        statusPerIp: { requests: 900, windowSeconds: 600 },
      }),
    })
    expect(parseServerConfig({ projects: [project], auth }).farcaster).toBeUndefined()
  })

  it('takes the devnet, a stand-in page for the phone and the app’s own scheme', () => {
    for (const signInUrl of [
      'http://localhost:5173/farcaster-app.html',
      'http://127.0.0.1:5173/phone',
      'farcaster://siwf',
      'https://warpcast.com/~/sign-in-with-farcaster',
    ]) {
      const config = parseServerConfig({
        projects: [project],
        auth,
        farcaster: { rpcUrls: ['http://127.0.0.1:8545'], signInUrl },
      })
      expect(config.farcaster?.signInUrl).toBe(signInUrl)
    }
  })

  it('names each wrong field: no auth, a link in the clear, bad URLs and lifetimes', () => {
    expect(
      issuesOf({
        projects: [project],
        farcaster: {
          rpcUrls: ['ws://node.example'],
          signInUrl: 'http://phone.example/siwf',
          channelTtlSeconds: 5,
          openRelay: 'yes',
        },
      }),
    ).toEqual([
      { path: 'farcaster.rpcUrls.0', message: 'Must be an http(s) URL' },
      {
        path: 'farcaster.signInUrl',
        message: 'Must be https or farcaster: (http only on localhost or 127.0.0.1)',
      },
      { path: 'farcaster.channelTtlSeconds', message: expect.stringMatching(/>=30/) },
      { path: 'farcaster.openRelay', message: expect.stringMatching(/boolean/) },
    ])
    expect(issuesOf({ projects: [project], farcaster: {} })).toEqual([
      { path: 'farcaster', message: 'Farcaster needs auth (its sessions are the same)' },
    ])
    expect(issuesOf({ projects: [project], auth, farcaster: { rpcUrls: [] } })).toEqual([
      { path: 'farcaster.rpcUrls', message: expect.stringMatching(/>=1/) },
    ])
  })
})
