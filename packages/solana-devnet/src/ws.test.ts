import { once } from 'node:events'
import { generateKeyPairSigner, getSignatureFromTransaction } from '@solana/kit'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { parseJson } from './serialize.js'
import { call, fundedSigner, SOL, transfer, useDevnet, wire } from './test/kit.js'

const context = useDevnet()

/** A raw PubSub client that records every message, for asserting the node's exact shapes. */
class Client {
  readonly messages: Record<string, unknown>[] = []
  #nextId = 1
  #waiters: (() => void)[] = []

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(parseJson(data.toString()) as Record<string, unknown>)
      for (const wake of this.#waiters.splice(0)) wake()
    })
  }

  static async open(url: string): Promise<Client> {
    const socket = new WebSocket(url)
    await once(socket, 'open')
    return new Client(socket)
  }

  send(payload: unknown): void {
    this.socket.send(typeof payload === 'string' ? payload : JSON.stringify(payload))
  }

  /** Sends a request and resolves with its response. */
  async request(method: string, params?: unknown): Promise<Record<string, unknown>> {
    const id = this.#nextId++
    this.send({ jsonrpc: '2.0', id, method, params })
    return this.next((message) => message.id === id)
  }

  /** Resolves once `condition` holds, checking again at every message. */
  async until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise<void>((resolve) => this.#waiters.push(resolve))
  }

  /** Resolves with the first message (already received or to come) that matches. */
  async next(
    match: (message: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>> {
    await this.until(() => this.messages.some(match))
    return this.messages.find(match)!
  }

  notifications(subscription: unknown): Record<string, unknown>[] {
    return this.messages.filter(
      (message) =>
        (message.params as { subscription?: unknown } | undefined)?.subscription === subscription,
    )
  }
}

const clients: Client[] = []
async function client(): Promise<Client> {
  const opened = await Client.open(context().devnet.wsUrl)
  clients.push(opened)
  return opened
}
afterEach(() => {
  for (const opened of clients.splice(0)) opened.socket.terminate()
})

describe('slotSubscribe', () => {
  it('notifies each slot a transaction closes, through kit’s slotNotifications', async () => {
    const { kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const abort = new AbortController()
    const notifications = await kit.rpcSubscriptions
      .slotNotifications()
      .subscribe({ abortSignal: abort.signal })
    const slot = await kit.rpc.getSlot().send()
    // kit drops notifications nobody is awaiting yet: start reading before the transaction.
    const first = (async () => {
      for await (const notification of notifications) return notification
    })()
    await kit.sendAndConfirm(await transfer(kit, sender, sender.address, 1n), {
      commitment: 'confirmed',
    })
    expect(await first).toEqual({ slot: slot + 1n, parent: slot, root: slot })
    abort.abort()
  })

  it('stops after slotUnsubscribe, and refuses another socket’s subscription', async () => {
    const { kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const [mine, theirs] = [await client(), await client()]
    const { result: id } = await mine.request('slotSubscribe')
    expect(typeof id).toBe('number')
    expect(await theirs.request('slotUnsubscribe', [id])).toMatchObject({
      error: { code: -32602, message: 'Invalid subscription id.' },
    })
    expect((await mine.request('slotUnsubscribe', [id])).result).toBe(true)
    await kit.sendAndConfirm(await transfer(kit, sender, sender.address, 1n), {
      commitment: 'confirmed',
    })
    // The next request's answer comes after any notification the transaction would have caused.
    await mine.request('slotSubscribe')
    expect(mine.notifications(id)).toEqual([])
  })
})

describe('signatureSubscribe', () => {
  it('sends "receivedSignature", then the result in the node’s shape, then ends', async () => {
    const { devnet, kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const transaction = await transfer(
      kit,
      sender,
      (await generateKeyPairSigner()).address,
      SOL / 2n,
    )
    const signature = getSignatureFromTransaction(transaction)
    const socket = await client()
    const { result: id } = await socket.request('signatureSubscribe', [
      signature,
      { commitment: 'confirmed', enableReceivedNotification: true },
    ])
    const slot = (await call<number>(devnet.rpcUrl, 'getSlot')).result

    await call(devnet.rpcUrl, 'sendTransaction', [wire(transaction), { encoding: 'base64' }])
    await socket.until(() => socket.notifications(id).length === 2)

    expect(socket.notifications(id)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: { result: { context: { slot }, value: 'receivedSignature' }, subscription: id },
      },
      {
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: { result: { context: { slot }, value: { err: null } }, subscription: id },
      },
    ])
    // One-shot: the subscription is gone.
    expect((await socket.request('signatureUnsubscribe', [id])).error).toEqual({
      code: -32602,
      message: 'Invalid subscription id.',
    })
  })

  it('answers at once for a signature that already landed, after the subscription id', async () => {
    const { kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const transaction = await transfer(kit, sender, sender.address, 1n)
    await kit.sendAndConfirm(transaction, { commitment: 'confirmed' })
    const socket = await client()
    const { result: id } = await socket.request('signatureSubscribe', [
      getSignatureFromTransaction(transaction),
    ])
    const notification = await socket.next((message) => message.method === 'signatureNotification')
    expect(notification.params).toMatchObject({
      result: { value: { err: null } },
      subscription: id,
    })
    expect(socket.messages.findIndex((message) => message.result === id)).toBeLessThan(
      socket.messages.indexOf(notification),
    )
  })

  it('carries the error of a transaction that landed failed', async () => {
    const { devnet, kit } = context()
    const sender = await fundedSigner(kit, 1n)
    const overspend = await transfer(kit, sender, sender.address, 3n * SOL)
    const socket = await client()
    const { result: id } = await socket.request('signatureSubscribe', [
      getSignatureFromTransaction(overspend),
    ])
    await call(devnet.rpcUrl, 'sendTransaction', [
      wire(overspend),
      { encoding: 'base64', skipPreflight: true },
    ])
    const notification = await socket.next((message) => message.method === 'signatureNotification')
    expect(notification.params).toMatchObject({
      result: { value: { err: { InstructionError: [0, { Custom: 1 }] } } },
      subscription: id,
    })
  })
})

describe('malformed PubSub requests', () => {
  it('get JSON-RPC errors, and kit’s ping gets no answer', async () => {
    const socket = await client()
    socket.send('{"jsonrpc":')
    expect(await socket.next((message) => message.id === null)).toMatchObject({
      error: { code: -32700 },
    })
    expect((await socket.request('accountSubscribe', ['x'])).error).toEqual({
      code: -32601,
      message: 'Method not found',
    })
    expect(
      ((await socket.request('signatureSubscribe', ['nope'])).error as { code: number }).code,
    ).toBe(-32602)
    expect(((await socket.request('slotUnsubscribe', ['1'])).error as { code: number }).code).toBe(
      -32602,
    )
    // kit's keep-alive is a notification: answering it would confuse kit's demultiplexer.
    socket.send({ jsonrpc: '2.0', method: 'ping' })
    const { result } = await socket.request('slotSubscribe')
    expect(typeof result).toBe('number')
    expect(socket.messages.some((message) => JSON.stringify(message).includes('ping'))).toBe(false)
    expect(
      socket.messages.filter((message) => message.id === undefined && message.method === undefined),
    ).toEqual([])
  })
})
