import { describe, expect, it, vi } from 'vitest'
import { createEmitter } from './emitter.js'

describe('createEmitter', () => {
  it('calls every listener of the event with its arguments', () => {
    const emitter = createEmitter()
    const a = vi.fn()
    const b = vi.fn()
    emitter.on('chainChanged', a)
    emitter.on('chainChanged', b)
    emitter.on('accountsChanged', b)
    emitter.emit('chainChanged', '0x1')
    expect(a).toHaveBeenCalledExactlyOnceWith('0x1')
    expect(b).toHaveBeenCalledExactlyOnceWith('0x1')
    emitter.removeListener('chainChanged', a)
    emitter.emit('chainChanged', '0x2')
    expect(a).toHaveBeenCalledTimes(1)
  })

  it('keeps calling the other listeners when one throws, and rethrows it later', async () => {
    const emitter = createEmitter()
    const after = vi.fn()
    const microtasks: (() => void)[] = []
    const queue = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => {
      microtasks.push(task)
    })
    try {
      emitter.on('connect', () => {
        throw new Error('dapp bug')
      })
      emitter.on('connect', after)
      emitter.emit('connect', { chainId: '0x1' })
    } finally {
      queue.mockRestore()
    }
    expect(after).toHaveBeenCalledOnce()
    expect(microtasks).toHaveLength(1)
    expect(() => microtasks[0]!()).toThrow('dapp bug')
  })

  it('lets a listener remove itself without skipping the next one', () => {
    const emitter = createEmitter()
    const next = vi.fn()
    const once = () => emitter.removeListener('disconnect', once)
    emitter.on('disconnect', once)
    emitter.on('disconnect', next)
    emitter.emit('disconnect')
    expect(next).toHaveBeenCalledOnce()
  })
})
