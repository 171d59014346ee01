/**
 * The relay's routing: subscriptions per socket, publish fan-out, acks and re-delivery. It knows
 * nothing about WebSockets (each client is a `send` function), so the server layer stays thin.
 */
import { createHash } from 'node:crypto'
import type { z } from 'zod'
import {
  type RpcId,
  describeIssues,
  encodeError,
  encodeRequest,
  encodeResult,
  parseFrame,
} from './jsonrpc.js'
import { MessageStore, type StoredMessage } from './store.js'
import {
  DEFAULT_SIGN_TTL_SECONDS,
  SIGN_TAGS,
  approveSessionParams,
  batchFetchMessagesParams,
  batchPublishParams,
  batchSubscribeParams,
  batchUnsubscribeParams,
  proposeSessionParams,
  publishParams,
  subscribeParams,
  unsubscribeParams,
  type PublishParams,
} from './schemas.js'

export interface HubLimits {
  maxQueuePerTopic: number
  maxTopics: number
  maxTtlSeconds: number
}

export interface HubClient {
  readonly key: string
  readonly send: (frame: string) => void
  readonly topics: Set<string>
  /** irn_subscription requests awaiting the client's ack: rpc id → message. */
  readonly inFlight: Map<number, { topic: string; seq: number }>
  readonly inFlightSeqs: Set<number>
}

export interface HubCounters {
  published: number
  delivered: number
  acked: number
  malformed: number
}

/** A client that never acks cannot pin more than this many deliveries. */
const MAX_IN_FLIGHT_PER_CLIENT = 1024
/** A message sent this many times without an ack is dropped (poison-message guard). */
const MAX_DELIVERY_ATTEMPTS = 20
/** Page size of irn_batchFetchMessages; the client asks again while hasMore is true. */
const FETCH_PAGE = 500

class CapacityError extends Error {}

export class RelayHub {
  readonly store: MessageStore
  readonly counters: HubCounters = { published: 0, delivered: 0, acked: 0, malformed: 0 }
  private readonly subscribers = new Map<string, Set<HubClient>>()
  private nextRequestId = 1

  constructor(
    private readonly limits: HubLimits,
    now: () => number,
  ) {
    this.store = new MessageStore(
      {
        maxQueuePerTopic: limits.maxQueuePerTopic,
        maxTtlSeconds: limits.maxTtlSeconds,
        maxDeliveryAttempts: MAX_DELIVERY_ATTEMPTS,
      },
      now,
    )
  }

  get subscriptionCount(): number {
    let total = 0
    for (const set of this.subscribers.values()) total += set.size
    return total
  }

  /** Topics the relay holds: subscribed ones and ones with queued messages. */
  topicCount(): number {
    let count = this.subscribers.size
    for (const topic of this.store.topicNames()) if (!this.subscribers.has(topic)) count++
    return count
  }

  connect(key: string, send: (frame: string) => void): HubClient {
    const client: HubClient = {
      key,
      send,
      topics: new Set(),
      inFlight: new Map(),
      inFlightSeqs: new Set(),
    }
    return client
  }

  /** Forgets the socket; its unacked messages stay queued for the next subscriber. */
  disconnect(client: HubClient): void {
    for (const topic of client.topics) this.removeSubscriber(topic, client)
    client.topics.clear()
    client.inFlight.clear()
    client.inFlightSeqs.clear()
  }

  /** Handles one text frame from a client. Never throws; bad input gets a JSON-RPC error. */
  handleFrame(client: HubClient, text: string): void {
    const frame = parseFrame(text)
    switch (frame.kind) {
      case 'invalid':
        this.counters.malformed++
        client.send(encodeError(frame.id, frame.error, frame.detail))
        return
      case 'result':
        this.onAck(client, frame.id, frame.result === true)
        return
      case 'error':
        // The client refused a delivery: keep the message queued for a later attempt.
        if (frame.id !== null) this.onAck(client, frame.id, false)
        return
      case 'request':
        try {
          this.onRequest(client, frame.id, frame.method, frame.params)
        } catch (error) {
          if (error instanceof CapacityError) {
            client.send(encodeError(frame.id, 'capacity', error.message))
          } else {
            client.send(encodeError(frame.id, 'internal'))
          }
        }
    }
  }

  /** Sends a binary-frame refusal (the relay speaks text JSON only). */
  rejectBinary(client: HubClient): void {
    this.counters.malformed++
    client.send(encodeError(null, 'invalidRequest', 'binary frames are not supported'))
  }

  private onRequest(client: HubClient, id: RpcId, method: string, params: unknown): void {
    const parse = <T>(schema: z.ZodType<T>): T | undefined => {
      const result = schema.safeParse(params)
      if (result.success) return result.data
      this.counters.malformed++
      client.send(encodeError(id, 'invalidParams', describeIssues(result.error)))
      return undefined
    }
    switch (method) {
      case 'irn_subscribe': {
        const p = parse(subscribeParams)
        if (!p) return
        this.reserveTopics([p.topic])
        this.subscribe(client, p.topic)
        client.send(encodeResult(id, subscriptionId(p.topic, client.key)))
        this.deliverQueued(client, p.topic)
        return
      }
      case 'irn_batchSubscribe': {
        const p = parse(batchSubscribeParams)
        if (!p) return
        this.reserveTopics(p.topics)
        for (const topic of p.topics) this.subscribe(client, topic)
        client.send(
          encodeResult(
            id,
            p.topics.map((topic) => subscriptionId(topic, client.key)),
          ),
        )
        for (const topic of p.topics) this.deliverQueued(client, topic)
        return
      }
      case 'irn_unsubscribe': {
        const p = parse(unsubscribeParams)
        if (!p) return
        this.unsubscribe(client, p.topic)
        client.send(encodeResult(id, true))
        return
      }
      case 'irn_batchUnsubscribe': {
        const p = parse(batchUnsubscribeParams)
        if (!p) return
        for (const s of p.subscriptions) this.unsubscribe(client, s.topic)
        client.send(encodeResult(id, true))
        return
      }
      case 'irn_publish': {
        const p = parse(publishParams)
        if (!p) return
        this.reserveTopics([p.topic])
        this.publish(client, toPublish(p))
        client.send(encodeResult(id, true))
        return
      }
      case 'irn_batchPublish': {
        const p = parse(batchPublishParams)
        if (!p) return
        this.reserveTopics(p.messages.map((m) => m.topic))
        for (const m of p.messages) this.publish(client, toPublish(m))
        client.send(encodeResult(id, true))
        return
      }
      case 'irn_batchFetchMessages': {
        const p = parse(batchFetchMessagesParams)
        if (!p) return
        const { messages, hasMore } = this.store.fetch(p.topics, client.key, FETCH_PAGE)
        this.counters.delivered += messages.length
        client.send(encodeResult(id, { messages: messages.map(toWire), hasMore }))
        return
      }
      case 'wc_proposeSession': {
        const p = parse(proposeSessionParams)
        if (!p) return
        this.reserveTopics([p.pairingTopic])
        // The proposer listens on the pairing topic for the wallet's answer (it created the
        // pairing with skipSubscribe, relying on this implicit subscription).
        this.subscribe(client, p.pairingTopic)
        this.publish(client, {
          topic: p.pairingTopic,
          message: p.sessionProposal,
          ttl: p.ttl ?? DEFAULT_SIGN_TTL_SECONDS,
          tag: p.tag ?? SIGN_TAGS.sessionProposeRequest,
          attestation: p.attestation,
        })
        client.send(encodeResult(id, true))
        return
      }
      case 'wc_approveSession': {
        const p = parse(approveSessionParams)
        if (!p) return
        this.reserveTopics([p.pairingTopic, p.sessionTopic])
        // The wallet subscribed to the session topic with skipSubscribe: subscribe it here.
        this.subscribe(client, p.sessionTopic)
        const ttl = p.ttl ?? DEFAULT_SIGN_TTL_SECONDS
        this.publish(client, {
          topic: p.pairingTopic,
          message: p.sessionProposalResponse,
          ttl,
          tag: SIGN_TAGS.sessionProposeResponse,
        })
        this.publish(client, {
          topic: p.sessionTopic,
          message: p.sessionSettlementRequest,
          ttl,
          tag: SIGN_TAGS.sessionSettleRequest,
        })
        client.send(encodeResult(id, true))
        return
      }
      default:
        this.counters.malformed++
        client.send(encodeError(id, 'methodNotFound', method.slice(0, 64)))
    }
  }

  /** Throws CapacityError when the new topics among `topics` would pass the topic cap. */
  private reserveTopics(topics: readonly string[]): void {
    const fresh = new Set(topics.filter((t) => !this.subscribers.has(t) && !this.store.hasTopic(t)))
    if (fresh.size === 0) return
    if (this.topicCount() + fresh.size > this.limits.maxTopics) {
      throw new CapacityError(`at most ${this.limits.maxTopics} topics`)
    }
  }

  private subscribe(client: HubClient, topic: string): void {
    client.topics.add(topic)
    let set = this.subscribers.get(topic)
    if (!set) {
      set = new Set()
      this.subscribers.set(topic, set)
    }
    set.add(client)
  }

  private unsubscribe(client: HubClient, topic: string): void {
    client.topics.delete(topic)
    this.removeSubscriber(topic, client)
  }

  private removeSubscriber(topic: string, client: HubClient): void {
    const set = this.subscribers.get(topic)
    if (!set) return
    set.delete(client)
    if (set.size === 0) this.subscribers.delete(topic)
  }

  private publish(client: HubClient, input: PublishInputWire): void {
    const stored = this.store.publish({
      topic: input.topic,
      message: input.message,
      ttlSeconds: input.ttl,
      tag: input.tag,
      publisher: client.key,
      ...(input.attestation !== undefined && { attestation: input.attestation }),
    })
    this.counters.published++
    for (const subscriber of this.subscribers.get(input.topic) ?? []) {
      if (subscriber.key !== client.key) this.deliver(subscriber, stored)
    }
  }

  /** Re-delivers what is queued for the topic and not already awaiting this socket's ack. */
  private deliverQueued(client: HubClient, topic: string): void {
    for (const message of this.store.pendingFor(topic, client.key)) {
      if (!client.inFlightSeqs.has(message.seq)) this.deliver(client, message)
    }
  }

  private deliver(client: HubClient, message: StoredMessage): void {
    if (client.inFlight.size >= MAX_IN_FLIGHT_PER_CLIENT) return
    if (!this.store.noteAttempt(message)) return
    const rpcId = this.nextRequestId++
    client.inFlight.set(rpcId, { topic: message.topic, seq: message.seq })
    client.inFlightSeqs.add(message.seq)
    this.counters.delivered++
    client.send(
      encodeRequest(rpcId, 'irn_subscription', {
        id: subscriptionId(message.topic, client.key),
        data: toWire(message),
      }),
    )
  }

  private onAck(client: HubClient, id: RpcId, accepted: boolean): void {
    if (typeof id !== 'number') return
    const entry = client.inFlight.get(id)
    if (!entry) return
    client.inFlight.delete(id)
    client.inFlightSeqs.delete(entry.seq)
    if (accepted && this.store.ack(entry.topic, entry.seq)) this.counters.acked++
  }
}

interface PublishInputWire {
  topic: string
  message: string
  ttl: number
  tag: number
  attestation?: string | undefined
}

function toPublish(p: PublishParams): PublishInputWire {
  return {
    topic: p.topic,
    message: p.message,
    ttl: p.ttl,
    tag: p.tag ?? 0,
    attestation: p.attestation,
  }
}

/** What a subscriber receives (RelayJsonRpc.SubscriptionData plus the tag, as the real relay). */
function toWire(m: StoredMessage) {
  return {
    topic: m.topic,
    message: m.message,
    publishedAt: m.publishedAt,
    tag: m.tag,
    ...(m.attestation !== undefined && { attestation: m.attestation }),
  }
}

/** Same derivation as core's Subscriber.getSubscriptionId: sha256(topic + clientId) in hex. */
export function subscriptionId(topic: string, clientKey: string): string {
  return createHash('sha256')
    .update(topic + clientKey, 'utf8')
    .digest('hex')
}
