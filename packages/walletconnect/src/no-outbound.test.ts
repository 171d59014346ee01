import net from 'node:net'
import { MemoryStorage } from '@latch/wc-wallet'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import type { KeyValueStorage } from './options.js'
import { pairWith, startStack, uniquePrefix, type Stack } from './test/stack.js'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])
const blocked: string[] = []
const connected: string[] = []
const realFetch = globalThis.fetch

function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return url
  }
}

// Every fetch goes through here: loopback passes, anything else is recorded and fails.
const guardedFetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input)
  if (!LOOPBACK.has(hostOf(url))) {
    blocked.push(`fetch ${url}`)
    return Promise.reject(new TypeError(`blocked: ${url}`))
  }
  return realFetch(input, init)
})

// And every socket (WebSocket, node-fetch, undici): a connect to another host is recorded.
const realConnect = net.Socket.prototype.connect
function guardedConnect(this: net.Socket, ...args: unknown[]) {
  // net.connect() passes its normalised arguments as one array: [options, callback].
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args
  const host =
    typeof first === 'object' && first !== null
      ? ((first as { host?: string; path?: string }).host ??
        ((first as { path?: string }).path ? 'ipc' : 'localhost'))
      : typeof second === 'string'
        ? second
        : 'localhost'
  connected.push(host)
  if (host !== 'ipc' && !LOOPBACK.has(host)) blocked.push(`socket ${host}`)
  return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args)
}

let stack: Stack

beforeAll(async () => {
  vi.stubGlobal('fetch', guardedFetch)
  net.Socket.prototype.connect = guardedConnect as typeof net.Socket.prototype.connect
  stack = await startStack()
}, 60_000)

afterAll(async () => {
  await stack?.stop()
  net.Socket.prototype.connect = realConnect
  vi.unstubAllGlobals()
})

it('reaches no host but the configured relay, verify service and RPC URLs', async () => {
  const storage = new MemoryStorage() as KeyValueStorage
  const storagePrefix = uniquePrefix()
  connected.length = 0
  const client = await stack.client({ storage, storagePrefix })
  const wallet = await stack.wallet()
  await pairWith(client, wallet)
  const provider = client.providerFor('eip155')
  await provider.request({ method: 'eth_blockNumber' })
  await provider.request({ method: 'personal_sign', params: ['0x01', wallet.address] })
  await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: wallet.address, to: wallet.address, value: '0x1' }],
  })
  await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
  await provider.request({ method: 'eth_getBalance', params: [wallet.address, 'latest'] })
  await client.close()

  const restored = await stack.client({ storage, storagePrefix })
  expect(await restored.restore()).not.toBe(null)
  await restored.providerFor('eip155').request({ method: 'eth_blockNumber' })
  await restored.disconnect()

  // The guard was in the way of the relay socket and the RPC reads, and let only loopback by.
  expect(connected).toContain('127.0.0.1')
  expect(blocked).toEqual([])
})
