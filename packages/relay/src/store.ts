/**
 * The relay's mailbox: messages per topic, kept until a recipient acknowledges them or their ttl
 * runs out. Pure (no sockets, injected clock) so queueing rules are testable on their own.
 */

export interface StoredMessage {
  /** Relay-local sequence number; orders delivery and names a message in acks. */
  seq: number
  topic: string
  message: string
  /** ms since the epoch, from the relay clock. */
  publishedAt: number
  /** ms since the epoch; the message is dropped once the clock passes it. */
  expiresAt: number
  tag: number
  attestation?: string
  /** Client key of the publisher: a client never receives its own messages back. */
  publisher: string
  /** Times it was sent to a subscriber; bounded so a client that never acks cannot loop forever. */
  attempts: number
}

export interface PublishInput {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  attestation?: string
  publisher: string
}

export interface MessageStoreLimits {
  maxQueuePerTopic: number
  maxTtlSeconds: number
  maxDeliveryAttempts: number
}

export class MessageStore {
  private readonly topics = new Map<string, StoredMessage[]>()
  private nextSeq = 1
  /** Messages removed without an ack: ttl expiry, queue overflow, too many attempts. */
  dropped = 0

  constructor(
    private readonly limits: MessageStoreLimits,
    private readonly now: () => number,
  ) {}

  /** Topics holding at least one live message (expired ones are swept first). */
  topicNames(): string[] {
    this.sweep()
    return [...this.topics.keys()]
  }

  get size(): number {
    let total = 0
    for (const queue of this.topics.values()) total += queue.length
    return total
  }

  hasTopic(topic: string): boolean {
    return this.topics.has(topic)
  }

  /** Stores a message; the oldest of its topic is dropped past the per-topic limit. */
  publish(input: PublishInput): StoredMessage {
    const now = this.now()
    const queue = this.topics.get(input.topic) ?? []
    this.topics.set(input.topic, queue)
    // A dev relay bounds ttl to bound memory; rejecting would make the client retry forever.
    const ttl = Math.min(input.ttlSeconds, this.limits.maxTtlSeconds)
    const stored: StoredMessage = {
      seq: this.nextSeq++,
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      expiresAt: now + ttl * 1000,
      tag: input.tag,
      publisher: input.publisher,
      attempts: 0,
      ...(input.attestation !== undefined && { attestation: input.attestation }),
    }
    queue.push(stored)
    this.dropExpired(input.topic, queue, now)
    while (queue.length > this.limits.maxQueuePerTopic) {
      queue.shift()
      this.dropped++
    }
    return stored
  }

  /** Live messages of a topic a client may receive: not its own, oldest first. */
  pendingFor(topic: string, clientKey: string): StoredMessage[] {
    const queue = this.topics.get(topic)
    if (!queue) return []
    this.dropExpired(topic, queue, this.now())
    return queue.filter((m) => m.publisher !== clientKey)
  }

  /** Counts one send; returns false (and drops the message) once it has used up its attempts. */
  noteAttempt(message: StoredMessage): boolean {
    if (message.attempts >= this.limits.maxDeliveryAttempts) {
      if (this.remove(message.topic, message.seq)) this.dropped++
      return false
    }
    message.attempts++
    return true
  }

  /** A recipient acknowledged the message: it has been delivered, so it leaves the mailbox. */
  ack(topic: string, seq: number): boolean {
    return this.remove(topic, seq)
  }

  /**
   * Messages for `batchFetchMessages`: removed as they are handed out (the response is the
   * delivery). Returns at most `limit` and whether more remain.
   */
  fetch(
    topics: readonly string[],
    clientKey: string,
    limit: number,
  ): { messages: StoredMessage[]; hasMore: boolean } {
    const messages: StoredMessage[] = []
    let hasMore = false
    for (const topic of topics) {
      for (const m of this.pendingFor(topic, clientKey)) {
        if (messages.length >= limit) {
          hasMore = true
          break
        }
        messages.push(m)
      }
      if (hasMore) break
    }
    for (const m of messages) this.remove(m.topic, m.seq)
    return { messages, hasMore }
  }

  /** Drops expired messages everywhere and forgets empty topics. */
  sweep(): void {
    const now = this.now()
    for (const [topic, queue] of this.topics) this.dropExpired(topic, queue, now)
  }

  private dropExpired(topic: string, queue: StoredMessage[], now: number): void {
    const live = queue.filter((m) => m.expiresAt > now)
    if (live.length !== queue.length) {
      this.dropped += queue.length - live.length
      queue.splice(0, queue.length, ...live)
    }
    if (queue.length === 0) this.topics.delete(topic)
  }

  private remove(topic: string, seq: number): boolean {
    const queue = this.topics.get(topic)
    if (!queue) return false
    const index = queue.findIndex((m) => m.seq === seq)
    if (index === -1) return false
    queue.splice(index, 1)
    if (queue.length === 0) this.topics.delete(topic)
    return true
  }
}
