/** Options for {@link startRelay}. Every field is optional; the defaults suit tests. */
export interface RelayOptions {
  /** Interface to listen on. Default 127.0.0.1 (never a public interface by default). */
  host?: string
  /** Port; 0 (default) picks a free one. */
  port?: number
  /** WebSocket ping interval. Default 10_000; must be < 30_000 because clients drop a socket silent for 35 s. */
  pingIntervalMs?: number
  /** Simultaneous WebSocket connections; extra upgrades get HTTP 503. Default 256. */
  maxConnections?: number
  /** Messages kept per topic; the oldest is dropped past it. Default 256. */
  maxQueuePerTopic?: number
  /** Topics tracked at once (queues + subscriptions). Default 10_000. */
  maxTopics?: number
  /** Largest accepted WebSocket frame, in bytes. Default 1 MiB. */
  maxMessageBytes?: number
  /** Upper bound on a published message's ttl, in seconds. Default 30 days. */
  maxTtlSeconds?: number
  /** Clock in ms since the epoch (injectable so tests can expire ttls). Default Date.now. */
  now?: () => number
}

/** Counters for tests and the CLI. */
export interface RelayStats {
  connections: number
  topics: number
  subscriptions: number
  queuedMessages: number
  published: number
  delivered: number
  acked: number
  dropped: number
  rejectedConnections: number
  malformed: number
}

/** A running local relay. */
export interface LocalRelay {
  /** ws://HOST:PORT, the `relayUrl` for SignClient.init. */
  url: string
  /** http://HOST:PORT, origin of the local verify service (same server); the verify URL for core. */
  verifyUrl: string
  port: number
  stats(): RelayStats
  /** Drop every socket and listen again on the same port, keeping queued messages (simulates a relay restart). */
  restart(): Promise<void>
  /** Close every socket and the server. Idempotent. */
  stop(): Promise<void>
}
