import {
  createLatch,
  createMemoryStorage,
  defineNetwork,
  route,
  type WalletConnectClient,
  type WalletConnectConfig,
} from '@latch/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { walletConnect } from './index.js'

// The heavy client, replaced by a stand-in that records when it is evaluated and called: the
// factory must not import it until a pairing asks for it.
const client = vi.hoisted(() => ({
  evaluated: 0,
  calls: [] as Array<{ config: WalletConnectConfig; env: { isMobile?: () => boolean } }>,
}))
vi.mock('./client.js', () => {
  client.evaluated++
  return {
    createWalletConnectClient: async (
      config: WalletConnectConfig,
      env: { isMobile?: () => boolean },
    ) => {
      client.calls.push({ config, env })
      return {
        pair: () => new Promise(() => undefined),
        restore: async () => null,
        providerFor: () => {
          throw new Error('no session')
        },
        disconnect: async () => undefined,
        onSessionDeleted: () => () => undefined,
      } satisfies WalletConnectClient
    },
  }
})

const devnet = defineNetwork({
  id: 31337,
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const env = () => ({ storage: createMemoryStorage(), clearBrowserData: async () => undefined })

afterEach(() => {
  client.calls.length = 0
})

describe('walletConnect(): the option a host passes to createLatch', () => {
  it('carries the URLs and a loader, and imports the client only when a pairing starts', async () => {
    const latch = createLatch(
      {
        projectId: 'p',
        networks: [devnet],
        walletConnect: walletConnect({ relayUrl: 'ws://127.0.0.1:4001' }),
      },
      { ...env(), isMobile: () => true },
    )
    expect(latch.walletConnectAvailable).toBe(true)
    latch.start()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(client.evaluated).toBe(0)

    latch.open({ route: route('ConnectingWalletConnect', {}) })
    await vi.waitFor(() => expect(client.calls).toHaveLength(1))
    expect(client.evaluated).toBe(1)
    expect(client.calls[0]!.config).toMatchObject({
      projectId: 'p',
      relayUrl: 'ws://127.0.0.1:4001',
    })
    // The instance's phone check reaches the client, which reopens the wallet app with it.
    expect(client.calls[0]!.env.isMobile?.()).toBe(true)
    latch.destroy()
  })

  it("is checked by core's rule at createLatch, which names the field", () => {
    expect(() =>
      createLatch(
        {
          projectId: 'p',
          networks: [devnet],
          walletConnect: walletConnect({ relayUrl: 'ws://relay.example' }),
        },
        env(),
      ),
    ).toThrow('walletConnect.relayUrl: Must use wss: unless the host is a loopback address')
    expect(() =>
      createLatch(
        {
          projectId: 'p',
          networks: [devnet],
          walletConnect: walletConnect({ relayURL: 'wss://relay.example' } as never),
        },
        env(),
      ),
    ).toThrow('walletConnect: Unrecognized key: "relayURL"')
  })

  it('without it, an instance offers no WalletConnect', () => {
    expect(createLatch({ projectId: 'p', networks: [devnet] }, env()).walletConnectAvailable).toBe(
      false,
    )
  })
})
