import { describe, expect, it } from 'vitest'
import { createFakeAdapter } from '../test/fake-adapter.js'
import { createFakeWalletConnect, fakeSession, WC_ADDRESS } from '../test/fake-walletconnect.js'
import { createAdapterRegistry } from '../adapter/registry.js'
import type { WalletConnectConfig } from './contract.js'
import { createWalletConnectLink } from './link.js'

const config: WalletConnectConfig = {
  projectId: 'p',
  metadata: { name: 'Host', description: '', url: '', icons: [] },
  optionalNamespaces: {},
  storagePrefix: '@latch/',
}

function setup(loader?: ReturnType<typeof createFakeWalletConnect>['loader']) {
  const evm = createFakeAdapter('eip155', [])
  const solana = createFakeAdapter('solana', [])
  const registry = createAdapterRegistry([evm.adapter, solana.adapter])
  const link = createWalletConnectLink({
    ...(loader ? { loader } : {}),
    config: () => config,
    projectId: config.projectId,
    registry,
  })
  return { link, evm, solana }
}

describe('WalletConnect link: one client per instance, lent to the adapters', () => {
  it('is not available without a loader or a project id, and says so in the SPEC words', async () => {
    const { link } = setup()
    expect(link.available).toBe(false)
    await expect(link.client()).rejects.toThrow('WalletConnectConnector not found')
    const wc = createFakeWalletConnect()
    const noProject = createWalletConnectLink({
      loader: wc.loader,
      config: () => ({ ...config, projectId: '' }),
      projectId: '',
      registry: new Map(),
    })
    expect(noProject.available).toBe(false)
    await expect(noProject.restore()).resolves.toBeNull()
    expect(wc.loads()).toBe(0)
  })

  it('loads the client once, however many ask at the same time', async () => {
    const wc = createFakeWalletConnect()
    const { link } = setup(wc.loader)
    const [a, b] = await Promise.all([link.client(), link.client()])
    expect(a).toBe(b)
    expect(wc.loads()).toBe(1)
  })

  it('a failed load is "Sign Client not initialized", and the next call loads again', async () => {
    let attempts = 0
    const wc = createFakeWalletConnect()
    const { link } = setup(async (c) => {
      attempts++
      if (attempts === 1) throw new Error('chunk failed to load')
      return wc.loader(c)
    })
    await expect(link.client()).rejects.toThrow('Sign Client not initialized')
    await expect(link.client()).resolves.toBe(wc.client)
  })

  it("lends the session's namespaces to the adapters that serve them, and takes them back", async () => {
    const wc = createFakeWalletConnect()
    const { link, evm, solana } = setup(wc.loader)
    await link.attach(fakeSession())
    expect(evm.calls).toContain('lend:walletConnect:on')
    expect(solana.calls).not.toContain('lend:walletConnect:on')
    expect(link.session?.topic).toBe('session-topic')

    await link.disconnect()
    expect(wc.calls).toContain('disconnect')
    expect(evm.calls).toContain('lend:walletConnect:off')
    expect(link.session).toBeUndefined()
  })

  it('a session the wallet ends is taken back and reported', async () => {
    const wc = createFakeWalletConnect()
    const { link, evm } = setup(wc.loader)
    let deleted = 0
    link.onSessionDeleted(() => deleted++)
    await link.attach(fakeSession())
    wc.deleteSession()
    expect(deleted).toBe(1)
    expect(evm.calls).toContain('lend:walletConnect:off')
  })

  it('reads a basic connection from the session itself', async () => {
    const wc = createFakeWalletConnect()
    const { link } = setup(wc.loader)
    expect(link.sessionResult('eip155')).toBeNull()
    await link.attach(
      fakeSession({
        accounts: {
          // A foreign namespace's id first, and a malformed one: neither counts.
          eip155: [
            'solana:5:x',
            `eip155:10:${WC_ADDRESS}`,
            'eip155:1:0xother',
            'eip155::',
            'garbage',
          ],
        },
      }),
    )
    expect(link.sessionResult('eip155')).toEqual({
      connectorId: 'walletConnect',
      accounts: [{ address: WC_ADDRESS, type: 'eoa' }],
      chainReference: '10',
    })
    expect(link.sessionResult('solana')).toBeNull()
  })

  it('disconnect never rejects, even when nothing was loaded', async () => {
    const { link } = setup(createFakeWalletConnect().loader)
    await expect(link.disconnect()).resolves.toBeUndefined()
  })
})
