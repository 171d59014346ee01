import { describe, expect, it } from 'vitest'
import { generateAppleDeveloperKey, localClients } from './local-clients.js'
import { DEFAULT_USERS, parseOptions } from './options.js'

const clients = localClients((id) => `http://127.0.0.1:8787/callback/${id}`)

describe('the options', () => {
  it('default to 127.0.0.1, a free port and the three scripted users', () => {
    const settings = parseOptions({ clients: { github: clients.github } })
    expect(settings).toEqual({
      host: '127.0.0.1',
      port: 0,
      clients: { github: clients.github },
      users: DEFAULT_USERS,
    })
    // A copy: the caller cannot change the defaults.
    expect(settings.users[0]).not.toBe(DEFAULT_USERS[0])
  })

  it('name every wrong field at once', () => {
    const wrong = {
      host: '0.0.0.0',
      port: 70_000,
      clients: {
        github: { clientId: '', clientSecret: 's', redirectUris: ['ftp://x/cb'] },
        myspace: clients.github,
      },
      users: [{ sub: 'alice', username: 'a b', name: 'A' }],
    }
    const message = (() => {
      try {
        parseOptions(wrong)
        return ''
      } catch (error) {
        return error instanceof Error ? error.message : ''
      }
    })()
    expect(message).toMatch(/^invalid identity provider options: /)
    for (const field of [
      'host: must be 127.0.0.1 or localhost',
      'port: ',
      'clients.github.clientId: ',
      'clients.github.redirectUris.0: must be an http: or https: URL',
      'clients: Unrecognized key: "myspace"',
      "users.0.sub: must be digits (at most 15): GitHub's id is a JSON number",
      'users.0.username: must be 1-39 letters, digits, _ . or -',
    ]) {
      expect(message).toContain(field)
    }
  })

  it('refuse users that share a sub or a username', () => {
    const alice = DEFAULT_USERS[0] ?? { sub: '1', username: 'a', name: 'A' }
    expect(() => parseOptions({ clients, users: [alice, { ...alice, sub: '99' }] })).toThrow(
      'users.1.username: is not unique',
    )
  })

  it("take Apple's developer key as a PEM or a public JWK, for the apple client only", async () => {
    const key = await generateAppleDeveloperKey()
    const jwk = { ...key.verify, publicKey: key.publicJwk }
    expect(() =>
      parseOptions({ clients: { apple: { ...clients.apple, appleClientSecretKey: key.verify } } }),
    ).not.toThrow()
    expect(() =>
      parseOptions({ clients: { apple: { ...clients.apple, appleClientSecretKey: jwk } } }),
    ).not.toThrow()
    expect(() =>
      parseOptions({
        clients: { google: { ...clients.google, appleClientSecretKey: key.verify } },
      }),
    ).toThrow('clients.google.appleClientSecretKey: only the apple client signs its secret')
    expect(() =>
      parseOptions({
        clients: {
          apple: {
            ...clients.apple,
            appleClientSecretKey: { ...jwk, publicKey: { ...key.publicJwk, d: 'x' } },
          },
        },
      }),
    ).toThrow(/must be the public key/)
  })
})
