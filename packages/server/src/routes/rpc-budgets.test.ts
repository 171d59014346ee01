import { AUTH_API_PATHS } from '@latch/core/api'
import { expect, it } from 'vitest'
import {
  authWorld,
  expectJson,
  loginWithCode,
  uniqueEmail,
  useMailbox,
} from '../../test/auth-harness.js'
import type { FrameClient } from '../../test/auth-client.js'
import { describeOnEachDatabase, post, testConfig } from '../../test/harness.js'
import { SECURE_FRAME_RPC_PATH } from './secure-frame.js'

// Finding 7: anonymous clients of `/v1/` cannot spend the secure frame's RPC. The frame's route,
// called with the session's token and a device proof, counts on the signed-in user's own
// budget; without one (or with a token that proves nothing) a call is anonymous.

const mailbox = useMailbox()
const CHAIN = 'eip155:31337'
const chainId = (id: number) => ({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] })

/** A world whose project's anonymous budget is 2 calls a minute, and each user's frame 3. */
async function rpcWorld(suite: Parameters<typeof authWorld>[0]) {
  const upstream: string[] = []
  const project = testConfig({
    rpcRateLimit: { requests: 2, windowSeconds: 60 },
    frameRpcRateLimit: { requests: 3, windowSeconds: 60 },
  }).projects[0]!
  const world = await authWorld(
    suite,
    mailbox(),
    {},
    {
      fetch: async (_input, init) => {
        const body = String(init?.body)
        upstream.push(body)
        const { id } = JSON.parse(body) as { id: unknown }
        return Response.json({ jsonrpc: '2.0', id, result: '0x7a69' })
      },
    },
    { projects: [project], chains: [{ caipNetworkId: CHAIN, rpcUrls: ['http://upstream.test'] }] },
  )
  // The clock stands still 10 s into a window: nothing rolls over mid-test.
  world.clock.advance(60_000 - (world.clock.now() % 60_000) + 10_000)
  const anonymous = (id: number) =>
    post(world.server, `/v1/?chainId=${CHAIN}&projectId=${world.projectId}`, chainId(id))
  const frameRpc = (frame: FrameClient, id: number, accessToken?: string) =>
    frame.call(SECURE_FRAME_RPC_PATH, chainId(id), {
      query: { chainId: CHAIN },
      ...(accessToken ? { accessToken } : {}),
    })
  return { world, upstream, anonymous, frameRpc }
}

describeOnEachDatabase('RPC budgets', (suite) => {
  it('anonymous calls that spend the project’s budget leave a signed-in frame its own', async () => {
    const { world, anonymous, frameRpc } = await rpcWorld(suite)
    const frame = await world.newFrame()
    const { accessToken } = await loginWithCode(frame, mailbox(), uniqueEmail('rpc'))
    const statuses: number[] = []
    for (let id = 1; id <= 3; id++) statuses.push((await anonymous(id)).status)
    expect(statuses).toEqual([200, 200, 429])

    // The signed-in frame: its three calls a minute, whatever the anonymous clients spent.
    for (let id = 10; id < 13; id++) {
      const answer = await frameRpc(frame, id, accessToken)
      expect(await expectJson(answer, 200)).toMatchObject({ id, result: '0x7a69' })
    }
    expect((await frameRpc(frame, 13, accessToken)).status).toBe(429)

    // Another user's frame has a budget of its own: one user cannot spend another's.
    const other = await world.newFrame()
    const second = await loginWithCode(other, mailbox(), uniqueEmail('rpc-other'))
    expect((await frameRpc(other, 20, second.accessToken)).status).toBe(200)
    // And the frames' calls never touched the anonymous budget, still spent.
    expect((await anonymous(4)).status).toBe(429)
  })

  it('counts a frame call without a live session, or with a token it cannot prove, as anonymous', async () => {
    const { world, anonymous, frameRpc } = await rpcWorld(suite)
    const frame = await world.newFrame()
    const { accessToken, refreshToken } = await loginWithCode(frame, mailbox(), uniqueEmail('anon'))
    expect((await anonymous(1)).status).toBe(200)
    expect((await anonymous(2)).status).toBe(200)
    // No token: anonymous, and the anonymous budget is spent.
    expect((await frameRpc(frame, 3)).status).toBe(429)
    // Another device's key with this token proves nothing.
    const thief = await world.newFrame()
    expect((await frameRpc(thief, 4, accessToken)).status).toBe(429)
    // A session signed out is no one's.
    const signedOut = await frame.call(AUTH_API_PATHS.signOut, { refreshToken }, { accessToken })
    expect(signedOut.status).toBe(200)
    expect((await frameRpc(frame, 5, accessToken)).status).toBe(429)
  })
})
