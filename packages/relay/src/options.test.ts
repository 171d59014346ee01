import { describe, expect, it } from 'vitest'
import { resolveOptions } from './options.js'

describe('resolveOptions', () => {
  it('defaults to loopback, a free port and a 10 s ping', () => {
    expect(resolveOptions()).toMatchObject({
      host: '127.0.0.1',
      port: 0,
      pingIntervalMs: 10_000,
      maxConnections: 256,
      maxQueuePerTopic: 256,
      maxTopics: 10_000,
      maxMessageBytes: 1024 * 1024,
      maxTtlSeconds: 30 * 24 * 3600,
      now: Date.now,
    })
  })

  it('refuses a ping interval clients would not survive (they drop a socket silent for 35 s)', () => {
    expect(() => resolveOptions({ pingIntervalMs: 30_000 })).toThrow(
      '@latch/relay: invalid options (pingIntervalMs: pingIntervalMs must be < 30000)',
    )
  })

  it('names every invalid field', () => {
    expect(() =>
      resolveOptions({ port: 70_000, maxConnections: 0, now: 5 as unknown as () => number }),
    ).toThrow(/port: .*; maxConnections: .*; now: now must be a function/)
  })
})
