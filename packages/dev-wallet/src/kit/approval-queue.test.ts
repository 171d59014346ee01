import { describe, expect, it } from 'vitest'
import { createApprovalQueue } from './approval-queue.js'

class Rejected extends Error {
  readonly code = 4001
}

describe('createApprovalQueue', () => {
  it('rejects with the wallet’s own error, whichever way the user says no', async () => {
    const queue = createApprovalQueue('auto-reject', { userRejected: () => new Rejected('no') })
    await expect(queue.ask('m', undefined, 's')).rejects.toBeInstanceOf(Rejected)
    queue.setMode('manual')
    const asked = queue.ask('m', undefined, 's')
    queue.reject(queue.pending()[0]!.id)
    await expect(asked).rejects.toBeInstanceOf(Rejected)
  })

  it('keeps no log and spends ids only on queued requests unless logLimit is set', async () => {
    const queue = createApprovalQueue('auto-approve', { userRejected: () => new Rejected() })
    await queue.ask('first', undefined, 's')
    queue.setMode('manual')
    void queue.ask('second', undefined, 's')
    expect(queue.requests()).toEqual([])
    expect(queue.pending().map((r) => r.id)).toEqual(['1'])
  })

  it('logs every request with its outcome, the last logLimit only', async () => {
    const queue = createApprovalQueue('auto-approve', {
      userRejected: () => new Rejected(),
      logLimit: 3,
    })
    await queue.ask('a', undefined, 's')
    queue.setMode('auto-reject')
    await queue.ask('b', undefined, 's').catch(() => undefined)
    queue.setMode('manual')
    const c = queue.ask('c', undefined, 's')
    void queue.ask('d', undefined, 's')
    expect(queue.requests().map((r) => [r.id, r.method, r.outcome])).toEqual([
      ['2', 'b', 'rejected'],
      ['3', 'c', 'pending'],
      ['4', 'd', 'pending'],
    ])
    expect(queue.pending().map((r) => r.id)).toEqual(['3', '4'])
    queue.approve('3')
    await c
    expect(queue.requests().map((r) => r.outcome)).toEqual(['rejected', 'approved', 'pending'])
    expect(queue.pending().map((r) => r.id)).toEqual(['4'])
  })
})
