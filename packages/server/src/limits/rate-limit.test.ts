import { randomUUID } from 'node:crypto'
import { expect, inject, it } from 'vitest'
import { describeOnEachDatabase } from '../../test/harness.js'
import { createTestDatabase } from '../testing/postgres-cluster.js'
import { openDatabase } from '../db/database.js'
import { hitRateLimit } from './rate-limit.js'

const limit = { requests: 3, windowMs: 60_000 }

describeOnEachDatabase('the shared rate limit', (suite) => {
  it('allows the limit in a window, refuses the rest, and opens again in the next window', async () => {
    const key = `test:${randomUUID()}`
    const now = 1_700_000_000_000
    const verdicts = []
    for (let hit = 0; hit < 5; hit++)
      verdicts.push(await hitRateLimit(suite.database().db, key, limit, now))
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false])
    expect(verdicts.map((v) => v.count)).toEqual([1, 2, 3, 4, 5])
    expect(verdicts[3]?.retryAfterSeconds).toBe(Math.ceil((60_000 - (now % 60_000)) / 1000))
    const next = await hitRateLimit(suite.database().db, key, limit, now + 60_000)
    expect(next).toMatchObject({ allowed: true, count: 1 })
  })

  it('counts concurrent hits exactly once each', async () => {
    const key = `test:${randomUUID()}`
    const verdicts = await Promise.all(
      Array.from({ length: 12 }, () =>
        hitRateLimit(suite.database().db, key, { requests: 5, windowMs: 60_000 }),
      ),
    )
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5)
    expect(verdicts.map((v) => v.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    )
  })

  it('keeps keys apart', async () => {
    const [a, b] = [`test:${randomUUID()}`, `test:${randomUUID()}`]
    const now = Date.now()
    for (let hit = 0; hit < 3; hit++) await hitRateLimit(suite.database().db, a, limit, now)
    expect((await hitRateLimit(suite.database().db, a, limit, now)).allowed).toBe(false)
    expect((await hitRateLimit(suite.database().db, b, limit, now)).allowed).toBe(true)
  })
})

it('two instances with their own pools on one PostgreSQL migrate once and enforce one limit', async () => {
  const created = await createTestDatabase(inject('postgresUrl'))
  try {
    // Both start at once: the migration lock lets one migrate, and the other finds it done.
    const [first, second] = await Promise.all([
      openDatabase({ url: created.url, poolSize: 4 }),
      openDatabase({ url: created.url, poolSize: 4 }),
    ])
    try {
      const key = `test:${randomUUID()}`
      const now = Date.now()
      const verdicts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          hitRateLimit(
            (i % 2 === 0 ? first : second).db,
            key,
            { requests: 10, windowMs: 60_000 },
            now,
          ),
        ),
      )
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(10)
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  } finally {
    await created.drop()
  }
})
