import { FARCASTER_API_PATHS } from '@latch/core/api'
import { approveSignIn, registerFid, type FarcasterAppAccount } from '@latch/devnet/farcaster'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FLOW_TIMED_OUT } from './flow-login.js'
import { SESSION_EXPIRED } from './session.js'
import { expectAbortStopsPolling, FAST, movableClock } from './test/polling.js'
import { newFrame, startWorld, type TestFrame, type World } from './test/world.js'

// Sign in with Farcaster, frame to real server and back: GET_FARCASTER_URI, the scripted
// Farcaster app approving on the server's relay (over HTTP, as a phone), CONNECT_FARCASTER's wait.
// The server checks custody on the devnet's IdRegistry, where each test registers its own fid.

let world: World
const clock = movableClock()

beforeAll(async () => {
  // The shortest life a channel may have, so a test can see one expire.
  world = await startWorld({
    farcaster: { channelTtlSeconds: 60 },
    now: clock.now,
  })
})
afterAll(() => world?.stop())

const rpcUrl = () => {
  const chain = world.devnet.chains[0]
  if (!chain) throw new Error('the devnet has no chain')
  return chain.rpcUrl
}

/** Where the scripted app talks to: the server's relay and the chain. */
const app = () => {
  if (!world.farcasterRelay) throw new Error('the world has no Farcaster relay')
  return { relay: world.farcasterRelay, rpcUrl: rpcUrl() }
}

/** A new Farcaster account: a fresh custody key registered on the IdRegistry for a new fid. */
async function newAccount(): Promise<FarcasterAppAccount> {
  const custody = privateKeyToAccount(generatePrivateKey())
  const fid = Number(await registerFid(rpcUrl(), custody))
  return { fid, custody, username: `frame-fc${fid}` }
}

/** The link for the QR code, and CONNECT_FARCASTER already waiting for its result. */
async function startLogin(frame: TestFrame, signal?: AbortSignal) {
  const { url } = await frame.call('GET_FARCASTER_URI', undefined)
  const connecting = frame.call('CONNECT_FARCASTER', undefined, signal)
  // Settled or not, the rejection is handled by whoever awaits it later.
  connecting.catch(() => undefined)
  return { url, connecting }
}

/** A whole sign-in: the link, the app's approval, the user. */
async function farcasterLogin(frame: TestFrame, account: FarcasterAppAccount) {
  const { url, connecting } = await startLogin(frame)
  const approved = await approveSignIn(url, account, app())
  expect(approved.status, JSON.stringify(approved.body)).toBe(201)
  return connecting
}

const resultCalls = () => world.paths.filter((path) => path === FARCASTER_API_PATHS.result).length

describe('Sign in with Farcaster in the secure frame', () => {
  it('gives the link, and once the app approves, the user and a session', async () => {
    const frame = await newFrame(world, undefined, FAST)
    const account = await newAccount()
    const before = resultCalls()
    const { url, connecting } = await startLogin(frame)
    expect(new URL(url).searchParams.get('channelToken')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The frame polls while the QR code shows.
    await expect.poll(resultCalls).toBeGreaterThan(before)
    expect((await approveSignIn(url, account, app())).status).toBe(201)
    const user = await connecting
    expect(user).toMatchObject({
      chainId: 31337,
      userName: account.username,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    // Farcaster tells no email.
    expect(user.email).toBeUndefined()
    expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
    expect((await frame.call('GET_USER', {})).address).toBe(user.address)
  })

  it('finds the same wallet for the same fid after sign-out; a new device waits for approval', async () => {
    const account = await newAccount()
    const laptop = await newFrame(world, undefined, FAST)
    const { address } = await farcasterLogin(laptop, account)
    // A new device: the sign-in alone releases no share (finding 2), and with no email on the
    // account only a device already in use can approve it (the server's tests do that).
    const phone = await newFrame(world, undefined, FAST)
    await expect(farcasterLogin(phone, account)).rejects.toThrow(
      'This device is not approved yet: approve it from a device where you already use this wallet',
    )
    await laptop.call('SIGN_OUT', undefined)
    expect((await farcasterLogin(laptop, account)).address).toBe(address)
    // Another fid is another wallet.
    expect((await farcasterLogin(phone, await newAccount())).address).not.toBe(address)
  })

  it('stays pending when the relay refuses an unregistered custody key, until the limit', async () => {
    const frame = await newFrame(world, undefined, { pollMs: 20, resultTimeoutMs: 3_000 })
    const { url, connecting } = await startLogin(frame)
    // A key no fid is registered to, claiming an fid that exists.
    const impostor = { ...(await newAccount()), custody: privateKeyToAccount(generatePrivateKey()) }
    const refused = await approveSignIn(url, impostor, app())
    expect(refused.status).toBeGreaterThanOrEqual(400)
    await expect(connecting).rejects.toThrow(FLOW_TIMED_OUT)
    expect(await frame.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
  })

  it('says Session Expired when the channel expired on the server', async () => {
    const frame = await newFrame(world, undefined, FAST)
    // Started 30 s in the server's past, asked about 30 s in its future: the channel's 60 s are
    // over, and every device proof stays well within its 60 s skew.
    await clock.shifted(
      -30_000,
      () => frame.call('GET_FARCASTER_URI', undefined),
      30_500,
      () => expect(frame.call('CONNECT_FARCASTER', undefined)).rejects.toThrow(SESSION_EXPIRED),
    )
  })

  it('stops polling when the host aborts, and a later CONNECT_FARCASTER still completes', async () => {
    const frame = await newFrame(world, undefined, FAST)
    const controller = new AbortController()
    const { url, connecting } = await startLogin(frame, controller.signal)
    await expectAbortStopsPolling(controller, connecting, resultCalls)
    // The flow itself lives on until its deadline: the app approves, the host asks again.
    const account = await newAccount()
    expect((await approveSignIn(url, account, app())).status).toBe(201)
    expect((await frame.call('CONNECT_FARCASTER', undefined)).userName).toBe(account.username)
  })
})
