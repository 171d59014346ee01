import { describe, expect, it } from 'vitest'
import { parseConnectionQuery, readJwtIssuer } from './connection-query.js'
import { fakeAuthJwt } from './test/raw-client.js'

const DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK'

describe('parseConnectionQuery', () => {
  it("reads the client's did:key from the auth JWT, plus projectId and ua", () => {
    const url = `/?auth=${fakeAuthJwt(DID)}&ua=wc-2%2Fjs-2.25.0%2Fnode&projectId=test&useOnCloseEvent=true`
    expect(parseConnectionQuery(url, 'anonymous:1')).toEqual({
      clientKey: DID,
      authenticated: true,
      projectId: 'test',
      userAgent: 'wc-2/js-2.25.0/node',
    })
  })

  it.each([
    ['no query', '/'],
    ['a garbage auth', '/?auth=not.a.jwt'],
    [
      'a JWT without iss',
      `/?auth=${Buffer.from('{}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.c2ln`,
    ],
    ['an iss with control characters', `/?auth=${fakeAuthJwt('did:key:\n<x>')}`],
    ['a broken percent-encoding', '/?auth=%E0%A4%A'],
    ['an over-long URL', `/?auth=${'a'.repeat(10_000)}`],
  ])('falls back to the connection key for %s', (_label, url) => {
    expect(parseConnectionQuery(url, 'anonymous:7')).toMatchObject({
      clientKey: 'anonymous:7',
      authenticated: false,
    })
  })

  it('does not require a projectId', () => {
    expect(parseConnectionQuery('/?ua=x', 'anonymous:2')).toEqual({
      clientKey: 'anonymous:2',
      authenticated: false,
      userAgent: 'x',
    })
  })
})

describe('readJwtIssuer', () => {
  it('returns undefined for anything but a three-part JWT with a string iss', () => {
    expect(readJwtIssuer(null)).toBeUndefined()
    expect(readJwtIssuer('a.b')).toBeUndefined()
    expect(readJwtIssuer(fakeAuthJwt(DID))).toBe(DID)
  })
})
