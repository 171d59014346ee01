import { describe, expect, it, vi } from 'vitest'
import { memoryStore } from './memory-store.js'

describe('the memory store', () => {
  it('finds what it holds until it expires, by id and a session by its uid', async () => {
    vi.useFakeTimers({ now: 1_000_000 })
    try {
      const store = memoryStore()
      const sessions = store('Session')
      await sessions.upsert('s1', { uid: 'u1', accountId: '10001' }, 60)
      expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: '10001' })
      expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: '10001' })
      expect(await store('Grant').find('s1')).toBeUndefined()
      vi.advanceTimersByTime(60_000)
      expect(await sessions.find('s1')).toBeUndefined()
      expect(await sessions.findByUid('u1')).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('marks a code consumed, destroys one, and revokes everything of a grant', async () => {
    const store = memoryStore()
    const codes = store('AuthorizationCode')
    const tokens = store('AccessToken')
    await codes.upsert('c1', { grantId: 'g1' }, 60)
    await tokens.upsert('t1', { grantId: 'g1' }, 60)
    await tokens.upsert('t2', { grantId: 'g2' })
    await codes.consume('c1')
    expect((await codes.find('c1'))?.consumed).toBeTypeOf('number')
    await tokens.destroy('t2')
    expect(await tokens.find('t2')).toBeUndefined()
    await tokens.revokeByGrantId('g1')
    expect(await codes.find('c1')).toBeUndefined()
    expect(await tokens.find('t1')).toBeUndefined()
  })

  it("keeps an interaction naming a grant when the grant is revoked (another person's sign-in)", async () => {
    const store = memoryStore()
    await store('AccessToken').upsert('t1', { grantId: 'g1' }, 60)
    await store('Interaction').upsert('i1', { grantId: 'g1', uid: 'i1' }, 60)
    await store('Grant').revokeByGrantId('g1')
    expect(await store('AccessToken').find('t1')).toBeUndefined()
    expect(await store('Interaction').find('i1')).toEqual({ grantId: 'g1', uid: 'i1' })
  })

  it('keeps each store apart', async () => {
    const a = memoryStore()('AccessToken')
    await a.upsert('t', { accountId: '1' })
    expect(await memoryStore()('AccessToken').find('t')).toBeUndefined()
  })
})
