import { createAppClient, viemConnector } from '@farcaster/auth-client'
import { FARCASTER_API_PATHS, FARCASTER_RELAY_PATHS } from '@latch/core/api'
import { approveSignIn } from '@latch/devnet/farcaster'
import { expect, it } from 'vitest'
import { authWorld } from '../../test/auth-harness.js'
import {
  expectFarcasterError,
  farcasterWorld,
  newFarcasterAccount,
  useFarcasterChain,
  type FarcasterWorld,
} from '../../test/farcaster-app.js'
import { describeOnEachDatabase } from '../../test/harness.js'

// The server's relay speaks Farcaster's relay protocol: @farcaster/auth-client's own app client,
// pointed at it (`relay`), opens a channel, watches it and verifies the result unchanged; the
// Farcaster app approves through the same endpoints as for a frame's sign-in.

const chain = useFarcasterChain()

const appClientOf = (world: FarcasterWorld) =>
  createAppClient({ relay: world.app.relay, ethereum: viemConnector({ rpcUrl: chain().rpcUrl }) })

describeOnEachDatabase('the Farcaster auth relay', (suite) => {
  it("works with auth-client's app client unchanged: create, approve, watch, verify", async () => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain(), { pfpUrl: 'https://example.test/me.png' })
    const appClient = appClientOf(world)

    const created = await appClient.createChannel({
      siweUri: 'https://app.example.test/login',
      domain: 'app.example.test',
      requestId: 'r-1',
    })
    expect(created.isError).toBe(false)
    if (created.isError) return
    expect(created.response.status).toBe(201)
    const { channelToken, url, nonce } = created.data
    expect(new URL(url).searchParams.get('channelToken')).toBe(channelToken)
    expect(nonce).toMatch(/^[a-zA-Z0-9]{8,}$/)

    const pending = await appClient.status({ channelToken })
    expect(pending.isError ? 0 : pending.response.status).toBe(202)

    expect((await approveSignIn(url, account, world.app)).status).toBe(201)
    const done = await appClient.watchStatus({ channelToken, interval: 20, timeout: 5_000 })
    expect(done.isError).toBe(false)
    if (done.isError) return
    expect(done.data).toMatchObject({
      state: 'completed',
      fid: account.fid,
      custody: account.custody.address,
      pfpUrl: 'https://example.test/me.png',
      signatureParams: { domain: 'app.example.test', requestId: 'r-1', nonce },
    })
    // The app client's own check, against the devnet's IdRegistry, passes on what the relay kept.
    const verified = await appClient.verifySignInMessage({
      nonce,
      domain: 'app.example.test',
      message: done.data.message ?? '',
      signature: done.data.signature ?? '0x',
      acceptAuthAddress: false,
    })
    expect(verified.isError).toBe(false)
    expect(verified.isError ? undefined : verified.fid).toBe(account.fid)
    // Read again: still there (this relay does not close a channel on read).
    const again = await appClient.status({ channelToken })
    expect(again.isError ? 0 : again.response.status).toBe(200)
  })

  it('keeps a nonce the app client chose, and checks the channel request', async () => {
    const world = await farcasterWorld(suite, chain())
    const chosen = await appClientOf(world).createChannel({
      siweUri: 'https://app.example.test',
      domain: 'app.example.test',
      nonce: 'chosenNonce123',
    })
    expect(chosen.isError ? undefined : chosen.data.nonce).toBe('chosenNonce123')
    const bad = await fetch(`${world.origin}${FARCASTER_RELAY_PATHS.channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'not a url', domain: 'a b' }),
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      error: 'Invalid request',
      issues: expect.arrayContaining([expect.objectContaining({ path: ['domain'] })]),
    })
  })

  it('opens no channels of its own when openRelay is off; the frame still signs in', async () => {
    const world = await farcasterWorld(suite, chain(), { openRelay: false })
    const created = await appClientOf(world).createChannel({
      siweUri: 'https://app.example.test',
      domain: 'app.example.test',
    })
    expect(created.isError ? 0 : created.response.status).toBe(404)
    const started = await (await world.newFrame()).call(FARCASTER_API_PATHS.start, {})
    expect(started.status).toBe(200)
  })

  it('lets any page call it: CORS for every origin, without credentials', async () => {
    const world = await farcasterWorld(suite, chain())
    const preflight = await fetch(`${world.origin}${FARCASTER_RELAY_PATHS.authenticate}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/)
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull()
    const status = await fetch(`${world.origin}${FARCASTER_RELAY_PATHS.status}`, {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(status.headers.get('access-control-allow-origin')).toBe('*')
    expect(status.headers.get('cache-control')).toBe('no-store')
  })

  it('counts the relay calls of each client address against their limits', async () => {
    const limited = { requests: 2, windowSeconds: 600 }
    const world = await farcasterWorld(suite, chain(), {
      rateLimits: { channelPerIp: limited, statusPerIp: limited },
    })
    const create = () =>
      appClientOf(world).createChannel({
        siweUri: 'https://a.example.test',
        domain: 'a.example.test',
      })
    expect((await create()).response?.status).toBe(201)
    expect((await create()).response?.status).toBe(201)
    const third = await create()
    expect(third.response?.status).toBe(429)
    expect(third.response?.headers.get('retry-after')).toMatch(/^[0-9]+$/)
  })

  it('answers FARCASTER_NOT_CONFIGURED everywhere without a farcaster section', async () => {
    const world = await authWorld(suite, { smtp: { host: '127.0.0.1', port: 9 } })
    const frame = await world.newFrame()
    const start = await frame.call(FARCASTER_API_PATHS.start, {})
    expect(await expectFarcasterError(start, 404)).toMatchObject({
      code: 'FARCASTER_NOT_CONFIGURED',
      error: 'Sign in with Farcaster is not configured on this server',
    })
    // The relay too, for a phone (no project, no origin).
    const relay = await world.server.fetch(
      new Request(`http://127.0.0.1:8787${FARCASTER_RELAY_PATHS.status}`),
    )
    expect(await expectFarcasterError(relay, 404)).toMatchObject({
      code: 'FARCASTER_NOT_CONFIGURED',
    })
  })
})
