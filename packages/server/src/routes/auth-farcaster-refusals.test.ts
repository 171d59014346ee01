import { FARCASTER_RELAY_PATHS } from '@latch/core/api'
import {
  approveSignIn,
  readSignInRequest,
  signSignIn,
  submitSignIn,
  type FarcasterAppAccount,
  type SignInOverrides,
} from '@latch/devnet/farcaster'
import { expect, it } from 'vitest'
import {
  connect,
  farcasterWorld,
  newFarcasterAccount,
  readResult,
  startSignIn,
  unregisteredKey,
  useFarcasterChain,
  type FarcasterWorld,
} from '../../test/farcaster-app.js'
import { describeOnEachDatabase } from '../../test/harness.js'

// What the relay refuses from a Farcaster app: a signer that is not the fid's custody address on
// the IdRegistry, a message altered after signing, one for another nonce, domain, URI or fid, and
// anything that is not a SIWF message. A refusal leaves the channel pending: the person's own
// approval still goes through afterwards.

const chain = useFarcasterChain()

/** The relay's refusal of an approval: its status and `{ error }`. */
async function refusedApproval(
  world: FarcasterWorld,
  url: string,
  account: FarcasterAppAccount,
  overrides: SignInOverrides = {},
) {
  const answer = await approveSignIn(url, account, world.app, overrides)
  const body = answer.body as { error?: string }
  return { status: answer.status, error: body.error ?? '' }
}

/** After a refusal: still pending for the frame, and the rightful approval connects. */
async function stillPendingThenApproved(world: FarcasterWorld) {
  const laptop = await world.newFrame()
  const started = await startSignIn(laptop)
  return {
    started,
    async finish(account: FarcasterAppAccount) {
      expect(await readResult(laptop, started.flowId)).toEqual({ status: 'pending' })
      expect((await approveSignIn(started.url, account, world.app)).status).toBe(201)
      expect((await connect(laptop, started.flowId)).fid).toBe(account.fid)
    },
  }
}

describeOnEachDatabase('Sign in with Farcaster refusals', (suite) => {
  it('refuses a key registered for no fid, claiming a real one', async () => {
    const world = await farcasterWorld(suite, chain())
    const owner = await newFarcasterAccount(chain())
    const flow = await stillPendingThenApproved(world)
    const impostor = { ...owner, custody: unregisteredKey() }
    const refused = await refusedApproval(world, flow.started.url, impostor)
    expect(refused).toEqual({
      status: 401,
      error: expect.stringMatching(/does not own fid|not an auth address or owner/),
    })
    await flow.finish(owner)
  })

  it("refuses another fid's custody key claiming this fid", async () => {
    const world = await farcasterWorld(suite, chain())
    const victim = await newFarcasterAccount(chain())
    const attacker = await newFarcasterAccount(chain())
    const flow = await stillPendingThenApproved(world)
    const refused = await refusedApproval(world, flow.started.url, {
      ...victim,
      custody: attacker.custody,
    })
    expect(refused.status).toBe(401)
    await flow.finish(victim)
  })

  it('refuses a message altered after it was signed', async () => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain())
    const flow = await stillPendingThenApproved(world)
    const refused = await refusedApproval(world, flow.started.url, account, {
      editSignedMessage: (message) => message.replace('Farcaster Auth', 'Farcaster Auth.'),
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    const resigned = await refusedApproval(world, flow.started.url, account, {
      // The same words, a later issue time: a valid-looking message the signature is not for.
      editSignedMessage: (message) =>
        message.replace(/Issued At: (.*)/, (_line, at: string) => {
          const later = new Date(Date.parse(at) + 1000).toISOString()
          return `Issued At: ${later}`
        }),
    })
    expect(resigned).toEqual({ status: 401, error: expect.stringMatching(/Failed to verify/) })
    await flow.finish(account)
  })

  it.each<[string, SignInOverrides, RegExp]>([
    ['another nonce', { nonce: 'abcdef0123456789' }, /Invalid nonce/],
    ['another domain', { domain: 'evil.example' }, /Invalid domain/],
    ['another URI', { uri: 'https://evil.example' }, /another URI/],
  ])('refuses a message with %s', async (_what, overrides, reason) => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain())
    const flow = await stillPendingThenApproved(world)
    const refused = await refusedApproval(world, flow.started.url, account, overrides)
    expect(refused).toEqual({ status: 401, error: expect.stringMatching(reason) })
    await flow.finish(account)
  })

  it('refuses a message naming another fid than the app claims', async () => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain())
    const other = await newFarcasterAccount(chain())
    const flow = await stillPendingThenApproved(world)
    // Signed by the other fid's custody key for its own fid, posted as this account's.
    const request = await readSignInRequest(flow.started.url, world.app)
    const signed = await signSignIn(request, other, world.app)
    const sent = await submitSignIn(request, signed, account, world.app)
    expect(sent.status).toBe(401)
    expect(JSON.stringify(sent.body)).toMatch(
      new RegExp(`for fid ${other.fid}, not ${account.fid}`),
    )
    await flow.finish(account)
  })

  it('refuses what is not a Sign in with Farcaster message, and auth-address signatures', async () => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain())
    const flow = await stillPendingThenApproved(world)
    const request = await readSignInRequest(flow.started.url, world.app)
    const plain = await account.custody.signMessage({ message: 'hello' })
    const garbage = await submitSignIn(
      request,
      { message: 'hello', signature: plain },
      account,
      world.app,
    )
    expect(garbage.status).toBe(400)
    const signed = await signSignIn(request, account, world.app)
    const post = (body: unknown, token = request.channelToken) =>
      fetch(`${world.origin}${FARCASTER_RELAY_PATHS.authenticate}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
    const byAuthAddress = await post({ ...signed, fid: account.fid, authMethod: 'authAddress' })
    expect(byAuthAddress.status).toBe(400)
    expect(await byAuthAddress.json()).toEqual({
      error: 'This relay accepts custody signatures only',
    })
    const malformed = await post({ ...signed, fid: account.fid, signature: '0x1234' })
    expect(malformed.status).toBe(400)
    const extra = await post({ ...signed, fid: account.fid, extra: true })
    expect(extra.status).toBe(400)
    await flow.finish(account)
  })

  it('refuses an unknown channel token, a missing one, and a second approval', async () => {
    const world = await farcasterWorld(suite, chain())
    const account = await newFarcasterAccount(chain())
    const laptop = await world.newFrame()
    const started = await startSignIn(laptop)
    const request = await readSignInRequest(started.url, world.app)
    const signed = await signSignIn(request, account, world.app)
    const post = (headers: Record<string, string>) =>
      fetch(`${world.origin}${FARCASTER_RELAY_PATHS.authenticate}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ ...signed, fid: account.fid }),
      })
    const unknown = await post({ authorization: `Bearer ${'A'.repeat(43)}` })
    expect(unknown.status).toBe(401)
    expect((await post({})).status).toBe(401)
    expect((await post({ authorization: `Basic ${request.channelToken}` })).status).toBe(401)
    const status = await fetch(`${world.origin}${FARCASTER_RELAY_PATHS.status}`)
    expect(status.status).toBe(401)

    expect((await submitSignIn(request, signed, account, world.app)).status).toBe(201)
    const again = await submitSignIn(request, signed, account, world.app)
    expect(again).toEqual({ status: 409, body: { error: 'This sign-in was already approved' } })
    expect((await connect(laptop, started.flowId)).fid).toBe(account.fid)
  })

  it('answers 503 and completes nothing when the IdRegistry cannot be read', async () => {
    const logged: unknown[] = []
    const world = await farcasterWorld(
      suite,
      chain(),
      { rpcUrls: ['http://127.0.0.1:9'] },
      { log: (error) => logged.push(error) },
    )
    const account = await newFarcasterAccount(chain())
    const laptop = await world.newFrame()
    const started = await startSignIn(laptop)
    const refused = await refusedApproval(world, started.url, account)
    expect(refused).toEqual({
      status: 503,
      error: 'The Farcaster registry could not be read: try again',
    })
    expect(await readResult(laptop, started.flowId)).toEqual({ status: 'pending' })
    // The operator learns why, in one line.
    expect(logged).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^Sign in with Farcaster: /) }),
    ])
  })
})
