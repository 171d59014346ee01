import { randomUUID } from 'node:crypto'
import { verifyMessage, type Hex } from 'viem'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Approver } from './approval.js'
import { USER_REJECTED } from './rpc.js'
import { SIGN_IN_GRANT_MS, isConsentedSignIn } from './sign-in.js'
import { newFrame, startWorld, TEST_PARENT_ORIGIN, type World } from './test/world.js'

// SIGN_IN (issue 30): the login's own sign-in is signed with no second prompt, once; any other
// waits for the visitor's approval. Against the real server and a real login by email.

let world: World
beforeAll(async () => {
  world = await startWorld()
})
afterAll(() => world?.stop())
afterEach(() => vi.useRealTimers())

/** A frame logged in by email just now; `asked` lists each approval the visitor saw. */
async function loggedIn(answer = true) {
  const asked: string[] = []
  const approve: Approver = async (request) => {
    asked.push(request.method)
    return answer
  }
  const frame = await newFrame(world, approve)
  const email = `siwx-${randomUUID().slice(0, 8)}@example.test`
  await frame.call('CONNECT_EMAIL', { email })
  await frame.call('CONNECT_OTP', { otp: await world.mailbox.latestCode(email) })
  const { address } = await frame.call('GET_USER', {})
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('not an EVM address')
  return { frame, address: address as Hex, asked }
}

/** An EIP-4361 message as the Latch server writes it, for the test page unless told. */
function siwe(address: Hex, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  const page = new URL(TEST_PARENT_ORIGIN)
  return createSiweMessage({
    address,
    chainId: world.devnet.chains[0]!.chainId,
    domain: page.host,
    uri: `${page.origin}/`,
    nonce: generateSiweNonce(),
    version: '1',
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 3_600_000),
    statement: 'Sign in to the test page.',
    ...overrides,
  })
}

describe('SIGN_IN in the frame', () => {
  it('signs the login’s own sign-in with no prompt, once; the next one asks the visitor', async () => {
    const { frame, address, asked } = await loggedIn()
    const message = siwe(address)
    const { signature } = await frame.call('SIGN_IN', { message })
    expect(await verifyMessage({ address, message, signature: signature as Hex })).toBe(true)
    expect(asked).toEqual([])
    expect(frame.notices.map((notice) => notice.type)).not.toContain('FRAME_APPROVAL_REQUESTED')

    const again = siwe(address)
    const second = await frame.call('SIGN_IN', { message: again })
    expect(
      await verifyMessage({ address, message: again, signature: second.signature as Hex }),
    ).toBe(true)
    expect(asked).toEqual(['personal_sign'])
  })

  it.each([
    ['another domain', (address: Hex) => siwe(address, { domain: 'evil.example' })],
    ['a page of another origin', (address: Hex) => siwe(address, { uri: 'https://evil.example/' })],
    ['another account', () => siwe(`0x${'11'.repeat(20)}`)],
    ['a chain the frame does not serve', (address: Hex) => siwe(address, { chainId: 1 })],
    [
      'an old message',
      (address: Hex) => siwe(address, { issuedAt: new Date(Date.now() - 10 * 60_000) }),
    ],
    [
      'a text beyond EIP-4361',
      (address: Hex) => `${siwe(address)}\nAlso: transfer everything to 0x${'22'.repeat(20)}`,
    ],
    ['no sign-in message at all', () => 'Send me your keys'],
  ])('asks the visitor for %s (and refused, signs nothing)', async (_, make) => {
    const { frame, address, asked } = await loggedIn(false)
    await expect(frame.call('SIGN_IN', { message: make(address) })).rejects.toThrow(USER_REJECTED)
    expect(asked).toEqual(['personal_sign'])
    // The login's grant is still there for its own sign-in.
    const ok = await frame.call('SIGN_IN', { message: siwe(address) })
    expect(ok.signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(asked).toEqual(['personal_sign'])
  })

  it('after the grant’s time, even the login’s own sign-in asks the visitor', async () => {
    const { frame, address, asked } = await loggedIn()
    vi.useFakeTimers({ now: Date.now() + SIGN_IN_GRANT_MS + 1_000, toFake: ['Date'] })
    await frame.call('SIGN_IN', { message: siwe(address) })
    expect(asked).toEqual(['personal_sign'])
  })
})

describe('isConsentedSignIn', () => {
  const address: Hex = `0x${'ab'.repeat(20)}`
  const check = { parentOrigin: TEST_PARENT_ORIGIN, address, chainIds: [31337], now: Date.now() }
  const message = (overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
    createSiweMessage({
      address: '0xabABabABabABabABabABabABabABabABabABabAB',
      chainId: 31337,
      domain: new URL(TEST_PARENT_ORIGIN).host,
      uri: `${TEST_PARENT_ORIGIN}/page`,
      nonce: 'abcdefgh12345678',
      version: '1',
      issuedAt: new Date(check.now),
      ...overrides,
    })

  it('accepts the page’s own message, and refuses an expired or not yet valid one', () => {
    expect(isConsentedSignIn(message(), check)).toBe(true)
    expect(isConsentedSignIn(message({ expirationTime: new Date(check.now - 1) }), check)).toBe(
      false,
    )
    expect(isConsentedSignIn(message({ notBefore: new Date(check.now + 60_000) }), check)).toBe(
      false,
    )
    expect(isConsentedSignIn(message(), { ...check, parentOrigin: 'http://127.0.0.1:9999' })).toBe(
      false,
    )
  })
})
