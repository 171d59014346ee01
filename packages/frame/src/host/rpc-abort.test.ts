import { describe, expect, it } from 'vitest'
import type { FrameHandlerContext } from '../frame/endpoint.js'
import { createHarness } from '../test/harness.js'
import { sampleHandlers, samples, type HandledCall } from '../test/samples.js'
import { flush } from '../test/windows.js'

// SPEC §4: aborted RPC requests are cancelled, except safe methods.

/** A frame whose RPC handler waits for the test to answer, recording its signals. */
async function rpcFrame() {
  const harness = createHarness()
  const signals: AbortSignal[] = []
  const answers: Array<(result: string) => void> = []
  const calls: HandledCall[] = []
  await harness.ready({
    ...sampleHandlers(calls),
    RPC_REQUEST: (payload, context: FrameHandlerContext) => {
      calls.push({ type: 'RPC_REQUEST', payload })
      signals.push(context.signal)
      return new Promise<string>((resolve) => answers.push(resolve))
    },
  })
  /** Sends `method` with an abort controller of its own, and lets it reach the frame. */
  async function send(method: string) {
    const controller = new AbortController()
    const pending = harness.client.request(
      'RPC_REQUEST',
      { method, params: [] },
      { signal: controller.signal },
    )
    await flush()
    return { controller, pending }
  }
  return { ...harness, signals, answers, calls, send }
}

describe('aborting an RPC request', () => {
  it.each(['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_sendCalls'])(
    'cancels the unsafe %s: rejects with aborted and aborts it in the frame',
    async (method) => {
      const { client, signals, answers, send } = await rpcFrame()
      const { controller, pending } = await send(method)
      expect(signals).toHaveLength(1)
      controller.abort(new Error('modal closed'))
      await expect(pending).rejects.toMatchObject({ kind: 'aborted', event: 'RPC_REQUEST' })
      await flush()
      expect(signals[0]?.aborted).toBe(true)
      // A late answer in the frame is not sent, so the host has nothing to drop.
      answers[0]?.('0xlate')
      await flush()
      expect(client.dropped['unknown-id']).toBe(0)
    },
  )

  it.each([
    'eth_call',
    'eth_getBalance',
    'eth_chainId',
    'eth_blockNumber',
    'eth_getTransactionReceipt',
  ])('lets the safe %s carry on and resolve', async (method) => {
    const { signals, answers, send } = await rpcFrame()
    const { controller, pending } = await send(method)
    controller.abort()
    await flush()
    expect(signals[0]?.aborted).toBe(false)
    answers[0]?.('0x1')
    await expect(pending).resolves.toBe('0x1')
  })

  it('never sends an unsafe request whose signal is already aborted; a safe one goes', async () => {
    const { client, calls, answers } = await rpcFrame()
    const aborted = AbortSignal.abort()
    await expect(
      client.request('RPC_REQUEST', samples.RPC_REQUEST.request, { signal: aborted }),
    ).rejects.toMatchObject({ kind: 'aborted' })
    const read = client.request('RPC_REQUEST', { method: 'eth_chainId' }, { signal: aborted })
    await flush()
    expect(calls.map((call) => call.payload)).toEqual([{ method: 'eth_chainId' }])
    answers[0]?.('0x7a69')
    await expect(read).resolves.toBe('0x7a69')
  })

  it('drops a queued unsafe request that is aborted before the frame is ready', async () => {
    const harness = createHarness()
    const calls: HandledCall[] = []
    harness.client.load()
    const controller = new AbortController()
    const pending = harness.client.request('RPC_REQUEST', samples.RPC_REQUEST.request, {
      signal: controller.signal,
    })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' })
    harness.startFrame(sampleHandlers(calls))
    await harness.client.whenReady()
    await flush()
    expect(calls).toEqual([])
  })
})

describe('aborting another request', () => {
  it('rejects with aborted and cancels it in the frame', async () => {
    const harness = createHarness()
    const signals: AbortSignal[] = []
    await harness.ready({
      ...sampleHandlers(),
      CONNECT_DEVICE: (_payload, context) => {
        signals.push(context.signal)
        return new Promise<undefined>(() => undefined)
      },
    })
    const controller = new AbortController()
    const pending = harness.client.request('CONNECT_DEVICE', undefined, {
      signal: controller.signal,
    })
    await flush()
    controller.abort()
    await expect(pending).rejects.toMatchObject({ kind: 'aborted', event: 'CONNECT_DEVICE' })
    await flush()
    expect(signals[0]?.aborted).toBe(true)
  })

  it('does nothing once the request has settled', async () => {
    const harness = createHarness()
    await harness.ready()
    const controller = new AbortController()
    await expect(
      harness.client.request('GET_CHAIN_ID', undefined, { signal: controller.signal }),
    ).resolves.toEqual(samples.GET_CHAIN_ID.success)
    controller.abort()
    await flush()
    expect(harness.client.dropped).toEqual({
      origin: 0,
      source: 0,
      invalid: 0,
      'unknown-id': 0,
      unexpected: 0,
    })
  })
})
