import { randomUUID } from 'node:crypto'
import { bytesToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_EXPIRED } from './session.js'
import { unwrap, type Wrapped } from './keys.js'
import { approveByMail, newFrame, startWorld, type TestFrame, type World } from './test/world.js'

// The email login, the wallet's custody and the session events, frame to real server.

let world: World
beforeAll(async () => {
  world = await startWorld()
})
afterAll(() => world?.stop())

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.test`

async function login(frame: TestFrame, email: string, mails = 1) {
  expect(await frame.call('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_OTP' })
  const otp = await world.mailbox.latestCode(email, { count: mails })
  await frame.call('CONNECT_OTP', { otp })
}

/** The key this frame keeps, unwrapped the way only the frame itself can. */
async function keptKey(frame: TestFrame): Promise<string> {
  const [name, kept] = [...frame.store.entries].find(([key]) => key.startsWith('wallet:')) ?? []
  const wrappingKey = frame.store.entries.get('wrapping-key')
  if (!name || !(wrappingKey instanceof CryptoKey) || typeof kept !== 'object' || kept === null) {
    throw new Error('no wallet kept')
  }
  const { address, key } = kept as { address: string; key: Wrapped }
  const bytes = await unwrap(
    wrappingKey,
    key,
    `latch-wallet|${name.slice(7)}|${address.toLowerCase()}|key`,
  )
  if (!bytes) throw new Error('the kept key does not open')
  return bytesToHex(bytes)
}

describe('the secure frame’s login and custody', () => {
  it('logs in by email, makes the wallet, and answers GET_USER and IS_CONNECTED', async () => {
    const frame = await newFrame(world)
    const email = uniqueEmail('first')
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
    await login(frame, email)
    const user = await frame.call('GET_USER', {})
    expect(user).toMatchObject({
      email,
      chainId: 31337,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
    // The key stays in the frame: not in any answer, nor in anything sent to the server.
    const key = (await keptKey(frame)).slice(2)
    expect(world.traffic.some((text) => text.toLowerCase().includes(key))).toBe(false)
    expect(JSON.stringify([...frame.store.entries.values()])).not.toContain(key)
  })

  it('recovers the same address on a new device, after its approval and a code', async () => {
    const email = uniqueEmail('devices')
    const laptop = await newFrame(world)
    await login(laptop, email)
    const { address } = await laptop.call('GET_USER', {})

    const phone = await newFrame(world)
    expect(await phone.call('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_DEVICE' })
    const waiting = phone.call('CONNECT_DEVICE', undefined)
    expect(await approveByMail(world, email, 2)).toBe(200)
    await waiting
    const otp = await world.mailbox.latestCode(email, { count: 3 })
    await phone.call('CONNECT_OTP', { otp })
    expect((await phone.call('GET_USER', {})).address).toBe(address)
    expect(await keptKey(phone)).toBe(await keptKey(laptop))
  })

  it('signs out: not connected, the key’s copy gone, and GET_USER says Session Expired', async () => {
    const frame = await newFrame(world)
    await login(frame, uniqueEmail('sign-out'))
    await frame.call('SIGN_OUT', undefined)
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
    expect([...frame.store.entries.keys()].some((key) => key.startsWith('wallet:'))).toBe(false)
    await expect(frame.call('GET_USER', {})).rejects.toThrow(SESSION_EXPIRED)
    expect(frame.notices).toContainEqual({ type: 'FRAME_SESSION_EXPIRED', payload: undefined })
  })

  it('a returning browser logs in again and keeps its address (the server’s shares)', async () => {
    const email = uniqueEmail('again')
    const frame = await newFrame(world)
    await login(frame, email)
    const { address } = await frame.call('GET_USER', {})
    await frame.call('SIGN_OUT', undefined)
    // This device is approved: a code, then the wallet recovered from the server's two shares.
    await login(frame, email, 2)
    expect((await frame.call('GET_USER', {})).address).toBe(address)
  })

  it('updates the email with a code to each address', async () => {
    const frame = await newFrame(world)
    const email = uniqueEmail('old')
    const next = uniqueEmail('new')
    await login(frame, email)
    expect(await frame.call('UPDATE_EMAIL', { email: next })).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    await frame.call('UPDATE_EMAIL_PRIMARY_OTP', {
      otp: await world.mailbox.latestCode(email, { count: 2 }),
    })
    expect(
      await frame.call('UPDATE_EMAIL_SECONDARY_OTP', { otp: await world.mailbox.latestCode(next) }),
    ).toEqual({ newEmail: next })
    expect((await frame.call('GET_USER', {})).email).toBe(next)
  })
})
