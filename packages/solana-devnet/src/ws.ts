/**
 * The PubSub (WebSocket) side: signatureSubscribe and slotSubscribe with their unsubscribes,
 * with notifications in the node's shapes, so @solana/kit's `createSolanaRpcSubscriptions` and
 * `sendAndConfirmTransactionFactory` work unchanged.
 *
 * A signature subscription is one-shot, as on a node: it fires once the transaction lands (at
 * once if it already has), then ends. Subscriptions die with their socket.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { z } from 'zod'
import type { SignatureStatus, SlotInfo, SolanaChain } from './chain.js'
import { RPC_ERROR_CODES, RpcError } from './rpc/errors.js'
import { answerJsonRpc, rpcMethod, type MethodTable } from './rpc/jsonrpc.js'
import { commitment, signature, u64 } from './rpc/schemas.js'
import { stringifyJson } from './serialize.js'

// Requests are small; a client that stops reading is cut off before it costs much memory.
const MAX_PAYLOAD_BYTES = 1024 * 1024
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024

interface SignatureSubscription {
  readonly socket: WebSocket
  readonly signature: string
  readonly notifyReceived: boolean
}

/** What a socket's requests run against. */
interface SocketContext {
  readonly socket: WebSocket
  /** Runs after the response is sent: a notification must not overtake its subscription id. */
  readonly afterResponse: (task: () => void) => void
}

/** The subscriptions of one devnet, over every socket. */
class Subscriptions {
  #nextId = 0
  readonly #slot = new Map<number, { readonly socket: WebSocket }>()
  readonly #signature = new Map<number, SignatureSubscription>()

  constructor(private readonly chain: SolanaChain) {}

  add(socket: WebSocket): number {
    const id = this.#nextId++
    this.#slot.set(id, { socket })
    return id
  }

  addSignature(subscription: SignatureSubscription): number {
    const id = this.#nextId++
    this.#signature.set(id, subscription)
    return id
  }

  /** Ends a subscription of this socket's. @returns whether there was one. */
  remove(socket: WebSocket, id: number, kind: 'slot' | 'signature'): boolean {
    const table = kind === 'slot' ? this.#slot : this.#signature
    if (table.get(id)?.socket !== socket) return false
    table.delete(id)
    return true
  }

  removeSocket(socket: WebSocket): void {
    for (const [id, entry] of this.#slot) if (entry.socket === socket) this.#slot.delete(id)
    for (const [id, entry] of this.#signature)
      if (entry.socket === socket) this.#signature.delete(id)
  }

  onSlot(slot: SlotInfo): void {
    for (const [id, { socket }] of this.#slot) {
      notify(socket, 'slotNotification', id, {
        parent: slot.parent,
        root: slot.root,
        slot: slot.slot,
      })
    }
  }

  onReceived(signature: string): void {
    for (const [id, entry] of this.#signature) {
      if (entry.signature !== signature || !entry.notifyReceived) continue
      notify(entry.socket, 'signatureNotification', id, {
        context: { slot: this.chain.slot },
        value: 'receivedSignature',
      })
    }
  }

  onLanded(signature: string, status: SignatureStatus): void {
    for (const [id, entry] of this.#signature) {
      if (entry.signature !== signature) continue
      this.#signature.delete(id)
      notify(entry.socket, 'signatureNotification', id, {
        context: { slot: status.slot },
        value: { err: status.err },
      })
    }
  }
}

function notify(socket: WebSocket, method: string, subscription: number, result: unknown): void {
  if (socket.readyState !== socket.OPEN) return
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate()
    return
  }
  socket.send(stringifyJson({ jsonrpc: '2.0', method, params: { result, subscription } }))
}

const subscriptionId = z.tuple([u64]).transform(([id]) => Number(id))

function wsMethods(chain: SolanaChain, subscriptions: Subscriptions): MethodTable<SocketContext> {
  const unsubscribe = (kind: 'slot' | 'signature') =>
    rpcMethod(subscriptionId, ({ socket }: SocketContext, id) => {
      if (!subscriptions.remove(socket, id, kind)) {
        throw new RpcError(RPC_ERROR_CODES.invalidParams, 'Invalid subscription id.')
      }
      return true
    })
  return {
    slotSubscribe: rpcMethod(z.tuple([]), ({ socket }: SocketContext) => subscriptions.add(socket)),
    slotUnsubscribe: unsubscribe('slot'),
    signatureSubscribe: rpcMethod(
      z.tuple([
        signature,
        z
          .object({
            commitment: commitment.optional(),
            enableReceivedNotification: z.boolean().optional(),
          })
          .nullish(),
      ]),
      ({ socket, afterResponse }: SocketContext, [id, config]) => {
        const subscription = subscriptions.addSignature({
          socket,
          signature: id,
          notifyReceived: config?.enableReceivedNotification ?? false,
        })
        const status = chain.getStatus(id)
        // Already landed: the one notification follows the subscription id straight away.
        if (status !== null) afterResponse(() => subscriptions.onLanded(id, status))
        return subscription
      },
    ),
    signatureUnsubscribe: unsubscribe('signature'),
  }
}

/** A running PubSub endpoint; `close()` drops every socket. */
export interface PubSubServer {
  /** Hands an HTTP upgrade request to the WebSocket server. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void
  close(): void
}

/** Serves the subscription methods over WebSocket for one chain. */
export function createPubSubServer(chain: SolanaChain): PubSubServer {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES })
  const subscriptions = new Subscriptions(chain)
  const methods = wsMethods(chain, subscriptions)
  const unsubscribers = [
    chain.slots.on((slot) => subscriptions.onSlot(slot)),
    chain.received.on((id) => subscriptions.onReceived(id)),
    chain.signatures.on(({ signature: id, status }) => subscriptions.onLanded(id, status)),
  ]

  server.on('connection', (socket: WebSocket) => {
    // A socket error (a malformed frame) closes that socket; it must not reach the process.
    socket.on('error', () => socket.terminate())
    socket.on('close', () => subscriptions.removeSocket(socket))
    // Answered one at a time, in order: a subscribe's id must precede its notifications.
    let queue = Promise.resolve()
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString()
      queue = queue.then(async () => {
        const tasks: (() => void)[] = []
        const response = await answerJsonRpc(text, methods, {
          socket,
          afterResponse: (task) => tasks.push(task),
        })
        if (response !== undefined && socket.readyState === socket.OPEN) socket.send(response)
        for (const task of tasks) task()
      })
    })
  })

  return {
    handleUpgrade(request, socket, head) {
      server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request))
    },
    close() {
      for (const unsubscribe of unsubscribers) unsubscribe()
      for (const socket of server.clients) socket.terminate()
      server.close()
    },
  }
}
