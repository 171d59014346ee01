import { describe, expect, it } from 'vitest'
import { parseServerConfig } from '../config/load.js'
import { serverConfigSchema } from '../config/schema.js'
import { configuredProviders, SOCIAL_DEFAULT_ENDPOINTS } from './social-config.js'

const project = { id: 'demo', allowedOrigins: ['https://app.example'] }
const auth = {
  publicUrl: 'https://latch.example',
  smtp: { host: 'smtp.example', port: 587, from: 'login@latch.example' },
}
const github = { clientId: 'gh-client', clientSecret: 'gh-secret' }

/** The refused fields of a configuration, as `path: message` pairs. */
const issuesOf = (value: unknown) =>
  (serverConfigSchema.safeParse(value).error?.issues ?? []).map(({ path, message }) => ({
    path: path.join('.'),
    message,
  }))

describe('the social section', () => {
  it('turns on the providers with credentials, on their real endpoints by default', () => {
    const config = parseServerConfig({
      projects: [
        { ...project, features: [{ id: 'socials', isEnabled: true, config: ['github'] }] },
      ],
      auth,
      social: { providers: { github } },
    })
    expect(configuredProviders(config.social)).toEqual(['github'])
    expect(config.social?.flowTtlSeconds).toBe(600)
    expect(config.social?.rateLimits.startPerIp).toEqual({ requests: 30, windowSeconds: 600 })
    expect(configuredProviders(undefined)).toEqual([])
    expect(SOCIAL_DEFAULT_ENDPOINTS.google.issuer).toBe('https://accounts.google.com')
    expect(SOCIAL_DEFAULT_ENDPOINTS.x.userInfoEndpoint).toBe('https://api.x.com/2/users/me')
  })

  it('refuses a project feature that offers a provider the server cannot log in with', () => {
    const issues = issuesOf({
      projects: [
        {
          ...project,
          features: [{ id: 'socials', isEnabled: true, config: ['github', 'google', 'farcaster'] }],
        },
        // Enabled without a list offers all six.
        { ...project, id: 'other', features: [{ id: 'socials', isEnabled: true }] },
        // Off: it claims nothing.
        { ...project, id: 'third', features: [{ id: 'socials', isEnabled: false, config: ['x'] }] },
      ],
      auth,
      social: { providers: { github } },
    })
    expect(issues).toEqual([
      {
        path: 'projects.0.features.0.config',
        message: 'Social login is not configured for google (social.providers)',
      },
      {
        path: 'projects.1.features.0.config',
        message:
          'Social login is not configured for google, apple, facebook, x, discord (social.providers)',
      },
    ])
  })

  it('needs auth, safe endpoints, and Apple key fields that are a key', () => {
    const issues = issuesOf({
      projects: [project],
      social: {
        publicUrl: 'https://latch.example/path',
        providers: {
          github: { ...github, endpoints: { tokenEndpoint: 'http://github.example/token' } },
          apple: { clientId: 'apple', teamId: 'TEAM', keyId: 'KEY', privateKey: 'not a key' },
        },
      },
    })
    expect(issues.map((issue) => issue.path)).toEqual([
      'social.publicUrl',
      'social.providers.github.endpoints.tokenEndpoint',
      'social.providers.apple.privateKey',
      'social',
    ])
    expect(issues.at(-1)?.message).toBe('Social login needs auth (its sessions are the same)')
  })

  it('takes Apple as a plain secret or as the developer key', () => {
    const key = '-----BEGIN PRIVATE KEY-----\nMIG...\n-----END PRIVATE KEY-----'
    const plain = parseServerConfig({
      projects: [project],
      auth,
      social: { providers: { apple: { clientId: 'a', clientSecret: 's' } } },
    })
    const signed = parseServerConfig({
      projects: [project],
      auth,
      social: { providers: { apple: { clientId: 'a', teamId: 'T', keyId: 'K', privateKey: key } } },
    })
    expect(plain.social?.providers.apple).toEqual({ clientId: 'a', clientSecret: 's' })
    expect(signed.social?.providers.apple).toMatchObject({ teamId: 'T', keyId: 'K' })
  })
})
