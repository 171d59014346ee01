import { describe, expect, it } from 'vitest'
import { createEvmDiscovery } from './discovery.js'

describe('discovery without a browser', () => {
  it('finds nothing and throws nothing on a server', () => {
    expect(typeof window).toBe('undefined')
    const discovery = createEvmDiscovery()
    expect(discovery.getConnectors()).toEqual([])
    expect(discovery.getProvider('injected')).toBeUndefined()
    discovery.destroy()
  })
})
