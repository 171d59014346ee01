import {
  AUTH_API_PATHS,
  FARCASTER_API_PATHS,
  FARCASTER_CHANNEL_TTL_SECONDS,
  sessionResponseSchema,
} from '@latch/core/api'
import { approveSignIn, readSignInRequest } from '@latch/devnet/farcaster'
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { devices, farcasterChannels, socialIdentities } from '../db/schema.js'
import { expectJson } from '../../test/auth-harness.js'
import {
  connect,
  expectFarcasterError,
  farcasterLogin,
  farcasterWorld,
  newFarcasterAccount,
  readResult,
  startSignIn,
  useFarcasterChain,
} from '../../test/farcaster-app.js'
import { describeOnEachDatabase } from '../../test/harness.js'

// Sign in with Farcaster end to end: the frame's start, the scripted Farcaster app approving
// through the server's relay over HTTP (its custody key registered on the devnet's IdRegistry),
// the frame's result and connect.

const chain = useFarcasterChain()

describeOnEachDatabase('Sign in with Farcaster', (suite) => {
  it('start → the app approves → completed → connect gives a session on this device', async () => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain(), { displayName: 'Ada', bio: 'hi' })
    const laptop = await world.newFrame()

    const started = await startSignIn(laptop)
    const link = new URL(started.url)
    expect(link.origin + link.pathname).toBe('https://farcaster.xyz/~/siwf')
    expect(link.searchParams.get('channelToken')).toBe(started.channelToken)

    // What the phone reads before it asks the person: a message for this server, expiring with
    // the channel.
    const request = await readSignInRequest(started.url, world.app)
    expect(request.params).toMatchObject({
      siweUri: 'http://127.0.0.1:8787',
      domain: '127.0.0.1:8787',
    })
    expect(request.params.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)
    expect(Date.parse(request.params.expirationTime ?? '')).toBe(
      world.clock.now() + FARCASTER_CHANNEL_TTL_SECONDS * 1000,
    )

    const approved = await approveSignIn(started.url, account, world.app)
    expect(approved.status).toBe(201)
    expect(approved.body).toMatchObject({
      state: 'completed',
      fid: account.fid,
      custody: account.custody.address,
      username: account.username,
      displayName: 'Ada',
      bio: 'hi',
      authMethod: 'custody',
    })
    expect(await readResult(laptop, started.flowId)).toEqual({ status: 'ready' })

    const session = await connect(laptop, started.flowId)
    expect(session).toMatchObject({ fid: account.fid, username: account.username, expiresIn: 900 })
    expect(session.user.email).toBeUndefined()
    // The session is the email login's: bound to this device key, valid for IS_CONNECTED.
    const connected = await laptop.call(
      AUTH_API_PATHS.session,
      {},
      { accessToken: session.accessToken },
    )
    expect(sessionResponseSchema.parse(await expectJson(connected, 200))).toEqual({
      isConnected: true,
      user: session.user,
    })
    const [device] = await suite
      .database()
      .db.select()
      .from(devices)
      .where(eq(devices.userId, session.user.id))
    expect(device?.approvedAt).not.toBeNull()
    // The channel keeps only an HMAC of its token.
    const [row] = await suite
      .database()
      .db.select()
      .from(farcasterChannels)
      .where(eq(farcasterChannels.id, started.flowId))
    expect(row).toMatchObject({ status: 'connected', userId: session.user.id, fid: account.fid })
    expect(row?.tokenHash).not.toContain(started.channelToken)
  })

  it('the same fid signs in to the same account, on any device; another fid to another', async () => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain())
    const first = await farcasterLogin(world, await world.newFrame(), account)
    const second = await farcasterLogin(world, await world.newFrame(), account)
    expect(second.user).toEqual(first.user)
    const other = await farcasterLogin(
      world,
      await world.newFrame(),
      await newFarcasterAccount(chain()),
    )
    expect(other.user.id).not.toBe(first.user.id)

    const identities = await suite
      .database()
      .db.select()
      .from(socialIdentities)
      .where(
        and(
          eq(socialIdentities.provider, 'farcaster'),
          eq(socialIdentities.subject, String(account.fid)),
        ),
      )
    expect(identities).toEqual([expect.objectContaining({ userId: first.user.id })])
  })

  it('keeps the username told before when the app tells none, and follows a new one', async () => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain())
    const named = await farcasterLogin(world, await world.newFrame(), account)
    expect(named.username).toBe(account.username)
    const { username: _omitted, ...silent } = account
    expect((await farcasterLogin(world, await world.newFrame(), silent)).username).toBe(
      account.username,
    )
    const renamed = { ...account, username: `${account.username}x` }
    expect((await farcasterLogin(world, await world.newFrame(), renamed)).username).toBe(
      renamed.username,
    )
    const { username: _none, ...nameless } = await newFarcasterAccount(chain())
    expect((await farcasterLogin(world, await world.newFrame(), nameless)).username).toBe(
      'Farcaster user',
    )
  })

  it('another device can neither read nor connect the flow; its own device still can', async () => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain())
    const laptop = await world.newFrame()
    const intruder = await world.newFrame()
    const started = await startSignIn(laptop)
    expect((await approveSignIn(started.url, account, world.app)).status).toBe(201)

    for (const path of [FARCASTER_API_PATHS.result, FARCASTER_API_PATHS.connect]) {
      const refused = await intruder.call(path, { flowId: started.flowId })
      expect(await expectFarcasterError(refused, 404)).toMatchObject({ code: 'FLOW_NOT_FOUND' })
    }
    expect((await connect(laptop, started.flowId)).fid).toBe(account.fid)
  })

  it('connects once: a second connect is FLOW_USED, and so is the result after it', async () => {
    const world = await farcasterWorld(suite, chain())
    const laptop = await world.newFrame()
    const { started } = await farcasterLogin(world, laptop, await newFarcasterAccount(chain()))
    for (const path of [FARCASTER_API_PATHS.connect, FARCASTER_API_PATHS.result]) {
      const again = await laptop.call(path, { flowId: started.flowId })
      expect(await expectFarcasterError(again, 409)).toMatchObject({ code: 'FLOW_USED' })
    }
  })

  it('refuses a connect before the approval (FLOW_NOT_READY) and keeps the flow', async () => {
    const world = await farcasterWorld(suite, chain())
    const laptop = await world.newFrame()
    const started = await startSignIn(laptop)
    const early = await laptop.call(FARCASTER_API_PATHS.connect, { flowId: started.flowId })
    expect(await expectFarcasterError(early, 409)).toMatchObject({ code: 'FLOW_NOT_READY' })
    const account = await newFarcasterAccount(chain())
    expect((await approveSignIn(started.url, account, world.app)).status).toBe(201)
    expect((await connect(laptop, started.flowId)).fid).toBe(account.fid)
  })

  it('an expired channel: the app is refused, the result says so, connect too', async () => {
    const world = await farcasterWorld(suite, chain())
    const laptop = await world.newFrame()
    const account = await newFarcasterAccount(chain())
    const started = await startSignIn(laptop)
    // The phone reads the request in time, and approves too late.
    const request = await readSignInRequest(started.url, world.app)
    expect(request.channelToken).toBe(started.channelToken)
    world.clock.advance(FARCASTER_CHANNEL_TTL_SECONDS * 1000)

    await expect(readSignInRequest(started.url, world.app)).rejects.toThrow(/401/)
    const late = await approveSignIn(started.url, account, world.app).catch((error: Error) => error)
    expect(String(late)).toMatch(/401/)
    expect(await readResult(laptop, started.flowId)).toEqual({
      status: 'error',
      code: 'FLOW_EXPIRED',
      message: 'The Farcaster sign-in took too long: start again',
    })
    const refused = await laptop.call(FARCASTER_API_PATHS.connect, { flowId: started.flowId })
    expect(await expectFarcasterError(refused, 410)).toMatchObject({ code: 'FLOW_EXPIRED' })
  })

  it('an approved channel that expires before the connect connects no more', async () => {
    const world = await farcasterWorld(suite, chain())
    const laptop = await world.newFrame()
    const started = await startSignIn(laptop)
    const account = await newFarcasterAccount(chain())
    expect((await approveSignIn(started.url, account, world.app)).status).toBe(201)
    world.clock.advance(FARCASTER_CHANNEL_TTL_SECONDS * 1000)
    expect(await readResult(laptop, started.flowId)).toMatchObject({ code: 'FLOW_EXPIRED' })
    const refused = await laptop.call(FARCASTER_API_PATHS.connect, { flowId: started.flowId })
    expect(await expectFarcasterError(refused, 410)).toMatchObject({ code: 'FLOW_EXPIRED' })
  })

  it('honours a configured sign-in link and channel lifetime', async () => {
    const world = await farcasterWorld(suite, chain(), {
      signInUrl: 'http://localhost:5173/farcaster-app.html?from=latch',
      channelTtlSeconds: 60,
    })
    const laptop = await world.newFrame()
    const started = await startSignIn(laptop)
    const link = new URL(started.url)
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:5173/farcaster-app.html')
    expect(link.searchParams.get('from')).toBe('latch')
    world.clock.advance(60_000)
    expect(await readResult(laptop, started.flowId)).toMatchObject({ code: 'FLOW_EXPIRED' })
  })
})
