import { describe, expect, it } from 'vitest'
import { FRAME_PROTOCOL } from '../constants.js'
import { requestMessageSchema, type RequestMessage } from '../protocol/messages.js'
import { createHarness, createRawFrame, type RawFrame } from '../test/harness.js'
import { samples } from '../test/samples.js'
import { flush } from '../test/windows.js'

// The host's side of the port, against a frame the test drives by hand.

/** The requests the raw frame has received so far. */
function requests(frame: RawFrame): RequestMessage[] {
  return frame.received.flatMap((message) => {
    const parsed = requestMessageSchema.safeParse(message)
    return parsed.success ? [parsed.data] : []
  })
}

/** A promise's state after everything queued has run. */
async function settledState(
  promise: Promise<unknown>,
): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending'
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  )
  await flush()
  return state
}

async function connected() {
  const harness = createHarness()
  harness.client.load()
  const frame = createRawFrame(harness.pair)
  await harness.client.whenReady()
  // The ready delay is 0 here: let the port handover reach the raw frame too.
  await flush()
  return { ...harness, frame }
}

describe('replies', () => {
  it('are matched by id, whatever their order', async () => {
    const { client, frame } = await connected()
    const user = client.request('GET_USER', {})
    const chain = client.request('GET_CHAIN_ID')
    await flush()
    const [userRequest, chainRequest] = requests(frame)
    expect(userRequest?.type).toBe('GET_USER')
    expect(chainRequest?.type).toBe('GET_CHAIN_ID')
    expect(userRequest?.id).not.toBe(chainRequest?.id)
    frame.send({
      kind: 'reply',
      id: chainRequest?.id,
      type: 'GET_CHAIN_ID_SUCCESS',
      payload: { chainId: 10 },
    })
    frame.send({
      kind: 'reply',
      id: userRequest?.id,
      type: 'GET_USER_SUCCESS',
      payload: samples.GET_USER.success,
    })
    await expect(chain).resolves.toEqual({ chainId: 10 })
    await expect(user).resolves.toEqual(samples.GET_USER.success)
  })

  it('drop and count forged or malformed replies, and nothing resolves', async () => {
    const { client, frame, pair } = await connected()
    const user = client.request('GET_USER', {})
    await flush()
    const id = requests(frame)[0]?.id
    const forged = [
      // A reply to no request.
      {
        kind: 'reply',
        id: crypto.randomUUID(),
        type: 'GET_USER_SUCCESS',
        payload: samples.GET_USER.success,
      },
      // Malformed envelopes.
      {
        kind: 'reply',
        id: 'not-a-uuid',
        type: 'GET_USER_SUCCESS',
        payload: samples.GET_USER.success,
      },
      { kind: 'answer', id, type: 'GET_USER_SUCCESS', payload: samples.GET_USER.success },
      'GET_USER_SUCCESS',
      null,
      // Another event's reply, an unknown reply type, a payload that fails its schema.
      { kind: 'reply', id, type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } },
      { kind: 'reply', id, type: 'GET_USER_DONE', payload: samples.GET_USER.success },
      { kind: 'reply', id, type: 'GET_USER_SUCCESS', payload: { address: 'nope', chainId: 1 } },
      { kind: 'reply', id, type: 'GET_USER_ERROR', payload: { reason: 'no message' } },
    ]
    for (const message of forged) frame.send(message)
    // And a well-formed reply on the window instead of the port, from the frame itself.
    pair.parent.postMessage(
      { kind: 'reply', id, type: 'GET_USER_SUCCESS', payload: samples.GET_USER.success },
      pair.hostOrigin,
    )
    expect(await settledState(user)).toBe('pending')
    expect(client.dropped).toEqual({
      origin: 0,
      source: 0,
      invalid: 9,
      'unknown-id': 1,
      unexpected: 0,
    })
    frame.send({
      kind: 'reply',
      id,
      type: 'GET_USER_ERROR',
      payload: { message: 'Session Expired' },
    })
    await expect(user).rejects.toMatchObject({ kind: 'remote', remoteMessage: 'Session Expired' })
  })

  it('settle once: a second reply to the same id is unknown', async () => {
    const { client, frame } = await connected()
    const chain = client.request('GET_CHAIN_ID')
    await flush()
    const id = requests(frame)[0]?.id
    frame.send({ kind: 'reply', id, type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: 1 } })
    frame.send({ kind: 'reply', id, type: 'GET_CHAIN_ID_SUCCESS', payload: { chainId: 2 } })
    await expect(chain).resolves.toEqual({ chainId: 1 })
    await flush()
    expect(client.dropped['unknown-id']).toBe(1)
  })

  it('are not accepted for a request still queued', async () => {
    const harness = createHarness({ timeouts: { readyDelayMs: 60_000 } })
    harness.client.load()
    const frame = createRawFrame(harness.pair)
    const chain = harness.client.request('GET_CHAIN_ID')
    await flush()
    expect(requests(frame)).toEqual([])
    // Guessing ids is the only way to answer a request that was never sent; even a right guess
    // cannot be made, but a reply to any id is refused while nothing is in flight.
    frame.send({
      kind: 'reply',
      id: crypto.randomUUID(),
      type: 'GET_CHAIN_ID_SUCCESS',
      payload: { chainId: 1 },
    })
    expect(await settledState(chain)).toBe('pending')
    expect(harness.client.dropped['unknown-id']).toBe(1)
  })
})

describe('notices', () => {
  it('reach onNotice typed, and malformed ones are dropped', async () => {
    const { frame, onNotice, client } = await connected()
    const id = crypto.randomUUID()
    frame.send({
      kind: 'notice',
      type: 'FRAME_APPROVAL_REQUESTED',
      payload: { id, method: 'personal_sign' },
    })
    frame.send({ kind: 'notice', type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: false } })
    frame.send({ kind: 'notice', type: 'FRAME_SESSION_EXPIRED' })
    frame.send({
      kind: 'notice',
      type: 'FRAME_APPROVAL_REQUESTED',
      payload: { id: 'x', method: 'personal_sign' },
    })
    frame.send({
      kind: 'notice',
      type: 'FRAME_OPEN_POPUP',
      payload: { url: 'https://evil.example' },
    })
    await flush()
    expect(onNotice.mock.calls.map(([notice]) => notice)).toEqual([
      {
        kind: 'notice',
        type: 'FRAME_APPROVAL_REQUESTED',
        payload: { id, method: 'personal_sign' },
      },
      { kind: 'notice', type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: false } },
      { kind: 'notice', type: 'FRAME_SESSION_EXPIRED', payload: undefined },
    ])
    expect(client.dropped.invalid).toBe(2)
  })
})

describe('a second READY from a raw frame', () => {
  it('is a reload only when it comes from the frame itself', async () => {
    const { client, pair } = await connected()
    pair.forgeToHost({
      data: { protocol: FRAME_PROTOCOL, type: 'READY', nonce: crypto.randomUUID() },
      origin: pair.frameOrigin,
      source: {},
    })
    await flush()
    expect(client.dropped.source).toBe(1)
    expect(pair.iframe.posts).toHaveLength(1)
  })
})
