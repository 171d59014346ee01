import { describe, expect, it } from 'vitest'
import { LatchOptionsError } from '../options/options-error.js'
import type { LatchOptions } from '../options/schema.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { flush } from '../test/deferred.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { devnetA } from '../testing/networks.js'
import { createLatch } from './create-latch.js'

function instance(options: Partial<LatchOptions> = {}) {
  const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
  const storage = createMemoryStorage()
  const latch = createLatch(
    { projectId: 'p', networks: [devnetA], adapters: [fake.adapter], ...options },
    { storage, clearBrowserData: async () => {} },
  )
  return { latch, fake, storage }
}

describe('the theme at run time', () => {
  it('starts from the options, with every default applied', () => {
    const { latch } = instance({ themeMode: 'dark', themeVariables: { '--latch-accent': 'teal' } })
    expect(latch.getTheme()).toEqual({
      themeMode: 'dark',
      themeVariables: {
        '--latch-accent': 'teal',
        '--latch-font-size-master': '10px',
        '--latch-border-radius-master': '4px',
        '--latch-z-index': 999,
      },
    })
    latch.destroy()
  })

  it('setThemeMode and setThemeVariables change it in the root, before start too', () => {
    const { latch } = instance({ themeVariables: { '--latch-font-family': 'Inter' } })
    const seen: string[] = []
    const sub = latch.actor.subscribe((s) => seen.push(s.context.theme.themeMode))
    latch.setThemeMode('dark')
    expect(latch.actor.getSnapshot().context.theme.themeMode).toBe('dark')
    expect(seen.at(-1)).toBe('dark')
    latch.setThemeVariables({ '--latch-accent': '#ff0066' })
    expect(latch.getTheme().themeVariables).toMatchObject({
      '--latch-font-family': 'Inter',
      '--latch-accent': '#ff0066',
    })
    sub.unsubscribe()
    latch.destroy()
  })

  it('refuses bad input with an error naming the field, and changes nothing', () => {
    const { latch } = instance()
    const before = latch.getTheme()
    expect(() => latch.setThemeMode('blue' as never)).toThrow(LatchOptionsError)
    expect(() => latch.setThemeMode('blue' as never)).toThrow(/^Invalid Latch options: themeMode:/)
    expect(() => latch.setThemeVariables({ '--latch-accent': 'red; }' })).toThrow(
      /themeVariables\.--latch-accent: Must be a single CSS value/,
    )
    expect(() => latch.setThemeVariables({ '--latch-z-index': 1.5 })).toThrow(
      /themeVariables\.--latch-z-index/,
    )
    expect(() => latch.setThemeVariables({ '--latch-accnet': 'red' } as never)).toThrow(
      /themeVariables: Unrecognized key: "--latch-accnet"/,
    )
    expect(latch.getTheme()).toBe(before)
    latch.destroy()
  })

  it('a change reconnects nothing and touches no connection', async () => {
    const { latch, fake, storage } = instance()
    latch.start()
    latch.open({ route: { view: 'ConnectingExternal', data: { connectorId: 'io.dev.a' } } })
    await flush()
    latch.destroy()

    // The next page: reconnect-on-load runs once, at start.
    const next = createLatch(
      { projectId: 'p', networks: [devnetA], adapters: [fake.adapter] },
      { storage, clearBrowserData: async () => {} },
    )
    next.start()
    await flush()
    await flush()
    expect(next.getAccount().isConnected).toBe(true)
    const calls = fake.calls.length
    next.setThemeMode('dark')
    next.setThemeVariables({ '--latch-accent': 'teal' })
    await flush()
    expect(fake.calls.slice(calls)).toEqual([])
    expect(next.getAccount().isConnected).toBe(true)
    next.destroy()
  })
})
