import { describe, expect, it, vi } from 'vitest'
import { createApprovals } from './approvals.js'

describe('createApprovals', () => {
  it('approves at once in auto-approve mode and rejects with 4001 in auto-reject mode', async () => {
    const approvals = createApprovals('auto-approve')
    await expect(approvals.ask('personal_sign', [], 'Sign')).resolves.toBeUndefined()
    approvals.setMode('auto-reject')
    await expect(approvals.ask('personal_sign', [], 'Sign')).rejects.toMatchObject({
      name: 'ProviderRpcError',
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(approvals.pending()).toEqual([])
  })

  it('queues in manual mode and settles each request by its id', async () => {
    vi.useFakeTimers({ now: 1_000 })
    try {
      const approvals = createApprovals('manual')
      const first = approvals.ask('personal_sign', ['0x00'], 'Sign message')
      const second = approvals.ask('eth_sendTransaction', [{}], 'Send')
      expect(approvals.pending()).toEqual([
        {
          id: '1',
          method: 'personal_sign',
          params: ['0x00'],
          summary: 'Sign message',
          createdAt: 1_000,
        },
        { id: '2', method: 'eth_sendTransaction', params: [{}], summary: 'Send', createdAt: 1_000 },
      ])
      expect(approvals.reject('2')).toBe(true)
      expect(approvals.approve('1')).toBe(true)
      await expect(first).resolves.toBeUndefined()
      await expect(second).rejects.toMatchObject({ code: 4001 })
      expect(approvals.approve('1')).toBe(false)
      expect(approvals.reject('nope')).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('tells subscribers about every change of the queue or the mode, until they unsubscribe', async () => {
    const approvals = createApprovals('manual')
    const listener = vi.fn()
    const unsubscribe = approvals.subscribe(listener)
    const asked = approvals.ask('eth_requestAccounts', [], 'Connect')
    expect(listener).toHaveBeenLastCalledWith({
      approval: 'manual',
      pending: [expect.objectContaining({ method: 'eth_requestAccounts' })],
    })
    approvals.setMode('auto-approve')
    expect(listener).toHaveBeenLastCalledWith({
      approval: 'auto-approve',
      pending: expect.any(Array),
    })
    // Requests already waiting still wait for an answer after the mode changes.
    approvals.approve('1')
    await asked
    expect(listener).toHaveBeenLastCalledWith({ approval: 'auto-approve', pending: [] })
    unsubscribe()
    approvals.setMode('manual')
    expect(listener).toHaveBeenCalledTimes(3)
  })

  it('refuses an unknown mode', () => {
    expect(() => createApprovals('always' as never)).toThrow(TypeError)
    expect(() => createApprovals('manual').setMode('yes' as never)).toThrow(
      'approval must be one of auto-approve, auto-reject, manual; got yes',
    )
  })
})
