import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import type { ChainAdapter, NetworkRequest } from '../adapter/contract.js'
import { LATCH_SDK } from '../api/sdk.js'
import { selectRoute } from '../machines/modal.selectors.js'
import { defineNetwork, type Network } from '../network/network.js'
import { createMemoryStorage } from '../storage/memory-storage.js'
import { createFakeAdapter, fakeWallet } from '../test/fake-adapter.js'
import { startFakeLatchServer, type FakeLatchServer } from '../test/fake-latch-server.js'
import { devnetA } from '../testing/networks.js'
import { parseOptions } from '../options/parse-options.js'

/** The local features in force: the options' own, with this build's defaults. */
const localFeatures = parseOptions({ projectId: 'p', networks: [devnetA] }).options.features
import { walletDirectoryMachine } from '../wallets/wallet-directory.machine.js'
import { createLatch, type LatchEnvironment } from './create-latch.js'

/** vi.waitFor with room for a loaded machine: what it waits for is order, not speed. */
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000 })

/*
 * An instance and its Latch server (`serverUrl`): the features read at start, the wallet
 * directory, the 'Invalid App Configuration' alert on a 403, and the default RPC. The server is
 * a real local HTTP server (test/fake-latch-server.ts) standing in for packages/server.
 */

let server: FakeLatchServer
beforeAll(async () => {
  server = await startFakeLatchServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.received.length = 0
  server.answer('/appkit/v1/config', { status: 200, body: { features: [] } })
  server.answer('/getWallets', { status: 200, body: { data: [], count: 0 } })
})

const sdkQuery = { projectId: 'demo', st: LATCH_SDK.type, sv: LATCH_SDK.version }
const paths = () => server.received.map((request) => request.path)
const env = (extra: LatchEnvironment = {}): LatchEnvironment => ({
  storage: createMemoryStorage(),
  clearBrowserData: async () => {},
  ...extra,
})
const withServer = (extra: Record<string, unknown> = {}) =>
  createLatch({ projectId: 'demo', networks: [devnetA], serverUrl: server.url, ...extra }, env())
const invalidAppConfiguration = {
  code: 'INVALID_APP_CONFIGURATION',
  severity: 'error',
  message: 'Invalid App Configuration',
}

/** The view lists' directory browser, over an instance's directory, as the views spawn it. */
function browse(latch: ReturnType<typeof createLatch>) {
  const actor = createActor(walletDirectoryMachine, { input: { directory: latch.directory } })
  actor.start()
  return actor
}

describe('the remote configuration comes from the server (SPEC §7 GET /appkit/v1/config)', () => {
  it('is read once the instance starts, never before, with projectId, st and sv', async () => {
    const latch = withServer({ features: { swaps: false } })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(paths()).toEqual([])
    await latch.ready()
    await waitFor(() => expect(paths()).toEqual(['/appkit/v1/config']))
    expect(server.received[0]).toMatchObject({ method: 'GET', query: sdkQuery })
    expect(latch.getFeatures()).toMatchObject(localFeatures)
    expect(latch.getAlerts()).toEqual([])
    latch.destroy()
  })

  it("a 403 keeps the local values and adds 'Invalid App Configuration' to the root's alerts", async () => {
    server.answer('/appkit/v1/config', { status: 403, body: { error: 'Origin not allowed' } })
    const latch = withServer()
    await latch.ready()
    await waitFor(() =>
      expect(latch.actor.getSnapshot().context.alerts).toEqual([invalidAppConfiguration]),
    )
    expect(latch.getFeatures()).toMatchObject(localFeatures)
    latch.destroy()
  })

  it('any other failure keeps the local values, with no alert', async () => {
    for (const answer of [
      { status: 500, body: {} },
      { status: 200, body: { features: 'all on' } },
    ]) {
      server.answer('/appkit/v1/config', answer)
      const latch = withServer()
      await latch.ready()
      await waitFor(() => expect(paths()).toContain('/appkit/v1/config'))
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(latch.getAlerts()).toEqual([])
      expect(latch.getFeatures()).toMatchObject(localFeatures)
      latch.destroy()
      server.received.length = 0
    }
  })

  it("the environment's fetchProjectConfig stands in for the server", async () => {
    const fetchProjectConfig = vi.fn(async () => ({ features: [] }))
    const latch = createLatch(
      { projectId: 'demo', networks: [devnetA], serverUrl: server.url },
      env({ fetchProjectConfig }),
    )
    await latch.ready()
    await waitFor(() => expect(fetchProjectConfig).toHaveBeenCalledWith('demo'))
    expect(paths()).toEqual([])
    latch.destroy()
  })

  it('without serverUrl, or without a project id, nothing is asked of any server', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>()
    const noServer = createLatch({ projectId: 'demo', networks: [devnetA] }, env({ fetch }))
    const noProject = createLatch({ networks: [devnetA], serverUrl: server.url }, env({ fetch }))
    await Promise.all([noServer.ready(), noProject.ready()])
    // Both answer from the built-in directory, the embedded fallback.
    await noServer.directory.client.getWallets({ page: 1, entries: 40 })
    await noProject.directory.client.getWallets({ page: 1, entries: 40 })
    expect(noServer.directory.localWallets?.length).toBeGreaterThan(25)
    expect(noProject.directory.localWallets?.length).toBeGreaterThan(25)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetch).not.toHaveBeenCalled()
    expect(paths()).toEqual([])
    expect(noProject.getAlerts().map((alert) => alert.code)).toEqual(['PROJECT_ID_NOT_CONFIGURED'])
    noServer.destroy()
    noProject.destroy()
  })
})

describe('the wallet directory comes from the server (SPEC §7 GET /getWallets)', () => {
  const entry = {
    id: 'wallet-one',
    name: 'Wallet One',
    homepage: 'https://one.example.com',
    chains: ['eip155:1'],
  }

  it('pages of 40 and searches of 100, with projectId, st and sv; images carry them too', async () => {
    server.answer('/getWallets', { status: 200, body: { data: [entry], count: 1 } })
    const latch = withServer()
    expect(latch.directory.localWallets).toBeUndefined()
    const list = browse(latch)
    await waitFor(() => expect(list.getSnapshot().matches('ready')).toBe(true))
    list.send({ type: 'SEARCH', text: 'one' })
    await waitFor(() => expect(server.received).toHaveLength(2))
    expect(server.received.map((r) => r.query)).toEqual([
      { ...sdkQuery, page: '1', entries: '40' },
      { ...sdkQuery, page: '1', entries: '100', search: 'one' },
    ])
    const imageQuery = new URLSearchParams(sdkQuery).toString()
    expect(list.getSnapshot().context.wallets[0]?.imageUrl).toBe(
      `${server.url}/getWalletImage/wallet-one?${imageQuery}`,
    )
    list.stop()
    latch.destroy()
  })

  it("a 403 to a wallet list raises the root's 'Invalid App Configuration' alert, once", async () => {
    server.answer('/getWallets', { status: 403, body: { error: 'Unknown project' } })
    // Not started: the lists may ask before the instance runs, and the alert still shows.
    const latch = withServer()
    const list = browse(latch)
    await waitFor(() => expect(list.getSnapshot().matches('failed')).toBe(true))
    expect(list.getSnapshot().context.error?.code).toBe('INVALID_APP_CONFIGURATION')
    expect(latch.actor.getSnapshot().context.alerts).toEqual([invalidAppConfiguration])
    list.send({ type: 'RETRY' })
    await waitFor(() => expect(server.received).toHaveLength(2))
    await waitFor(() => expect(list.getSnapshot().matches('failed')).toBe(true))
    expect(latch.getAlerts()).toEqual([invalidAppConfiguration])
    list.stop()
    latch.destroy()
  })

  it('another failure is the list’s own: no alert', async () => {
    server.answer('/getWallets', { status: 500, body: {} })
    const latch = withServer()
    const list = browse(latch)
    await waitFor(() => expect(list.getSnapshot().matches('failed')).toBe(true))
    expect(list.getSnapshot().context.error?.message).toBe('HTTP status code: 500')
    expect(latch.getAlerts()).toEqual([])
    list.stop()
    latch.destroy()
  })

  it('opening the modal never waits on the server', async () => {
    server.answer('/appkit/v1/config', 'hang')
    server.answer('/getWallets', 'hang')
    const latch = withServer()
    await latch.ready()
    latch.open()
    expect(latch.modal.getSnapshot().matches({ visibility: 'open' })).toBe(true)
    expect(selectRoute(latch.modal.getSnapshot()).view).toBe('Connect')
    const list = browse(latch)
    expect(list.getSnapshot().matches('fetching')).toBe(true)
    list.stop()
    latch.destroy()
  })

  it("the environment's directory wins over the server's", async () => {
    const latch = createLatch(
      { projectId: 'demo', networks: [devnetA], serverUrl: server.url },
      env({ directory: { baseUrl: `${server.url}/other` } }),
    )
    server.answer('/other/getWallets', { status: 200, body: { data: [], count: 0 } })
    await latch.directory.client.getWallets({ page: 1, entries: 40 })
    expect(paths()).toEqual(['/other/getWallets'])
    latch.destroy()
  })
})

describe("a network without rpcUrls gets the server's RPC (SPEC §7 /v1/?chainId&projectId)", () => {
  const serverChain = defineNetwork({
    id: 31338,
    chainNamespace: 'eip155',
    name: 'Server Chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  })
  const rpc = () => `${server.url}/v1/?chainId=eip155%3A31338&projectId=demo`

  it('as its rpcUrls.default.http[0], which the adapter is handed on a switch', async () => {
    const fake = createFakeAdapter('eip155', [fakeWallet('io.dev.a')])
    const added: Network[] = []
    const adapter: ChainAdapter = {
      ...fake.adapter,
      async addNetwork(request: NetworkRequest) {
        added.push(request.network)
        await fake.adapter.addNetwork?.(request)
      },
    }
    const latch = createLatch(
      {
        projectId: 'demo',
        serverUrl: server.url,
        networks: [devnetA, serverChain],
        adapters: [adapter],
      },
      env(),
    )
    expect(latch.options.networks[1]!.rpcUrls.default.http[0]).toBe(rpc())
    await latch.connect({ connectorId: 'io.dev.a' })
    // The host passes the network as it defined it, without rpcUrls.
    await latch.switchNetwork(serverChain)
    expect(added.map((network) => network.rpcUrls.default.http[0])).toEqual([rpc()])
    expect(latch.getActiveNetwork()?.rpcUrls.default.http).toEqual([rpc()])
    latch.destroy()
  })
})
