// @vitest-environment node
import { describe, expect, it } from 'vitest'

describe('@latch/react on a server', () => {
  it('imports and renders to a string without touching window, document, storage or indexedDB', async () => {
    const names = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB']
    const touched: string[] = []
    // Libraries probe `typeof window` to detect a server (use-sync-external-store does); that
    // is not touching it. Record the reads made by Latch's own code.
    for (const name of names) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          const caller = new Error().stack?.split('\n')[2] ?? ''
          if (caller.includes('/packages/') && !caller.includes('node_modules')) touched.push(name)
          return undefined
        },
      })
    }
    try {
      const [{ createElement }, { renderToString }, react, core] = await Promise.all([
        import('react'),
        import('react-dom/server'),
        import('./index.js'),
        import('@latch/core'),
      ])
      const latch = core.createLatch(
        {
          projectId: 'ssr',
          networks: [
            core.defineNetwork({
              id: 1,
              chainNamespace: 'eip155',
              name: 'Ethereum',
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
              rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
            }),
          ],
        },
        { storage: core.createMemoryStorage() },
      )
      const html = renderToString(
        createElement(react.LatchProvider, { latch }, createElement(react.ConnectButton)),
      )
      // Nothing of the modal renders before mount; the button's shadow host is an empty span.
      expect(html).not.toContain('dialog')
      expect(html).toContain('<span')
      expect(touched).toEqual([])
    } finally {
      for (const name of names) delete (globalThis as Record<string, unknown>)[name]
    }
  })
})
