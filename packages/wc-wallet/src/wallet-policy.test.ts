import { startDevnet, type Devnet } from '@latch/devnet'
import { startRelay, type LocalRelay } from '@latch/relay'
import { toHex, verifyMessage, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { closeDapp, connect, createDapp, type DappClient } from './test/dapp.js'
import type { WcWallet, WcWalletOptions } from './index.js'
import { createWcWallet } from './wallet.js'

describe('createWcWallet policies, faults and isolation', () => {
  let devnet: Devnet
  let relay: LocalRelay
  const wallets: WcWallet[] = []
  const dapps: DappClient[] = []

  beforeAll(async () => {
    ;[devnet, relay] = await Promise.all([
      startDevnet({ chains: [{ chainId: 31337 }] }),
      startRelay(),
    ])
  }, 60_000)

  afterAll(async () => {
    await Promise.all([devnet?.stop(), relay?.stop()])
  })

  afterEach(async () => {
    vi.unstubAllGlobals()
    await Promise.all([
      ...wallets.splice(0).map((wallet) => wallet.close()),
      ...dapps.splice(0).map(closeDapp),
    ])
  })

  async function connected(policy?: WcWalletOptions['policy']) {
    const chain = devnet.chains[0]!
    const wallet = await createWcWallet({
      relayUrl: relay.url,
      accountIndex: 4,
      rpcUrls: { [chain.chainId]: chain.rpcUrl },
      logLevel: 'silent',
      ...(policy ? { policy } : {}),
    })
    const dapp = await createDapp(relay.url)
    wallets.push(wallet)
    dapps.push(dapp)
    const { uri, approval } = await connect(dapp, [31337])
    await wallet.pair(uri)
    const session = await approval()
    const sign = (message: string, address: string = wallet.address) =>
      dapp.request<Hex>({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: { method: 'personal_sign', params: [toHex(message), address] },
      })
    return { wallet, dapp, session, sign }
  }

  it("approves proposals by itself under the 'approve' proposal policy", async () => {
    const { wallet, session } = await connected({ proposals: 'approve' })
    expect(wallet.sessions.map((s) => s.topic)).toEqual([session.topic])
  }, 30_000)

  it("rejects proposals by itself under the 'reject' proposal policy", async () => {
    const wallet = await createWcWallet({
      relayUrl: relay.url,
      accountIndex: 4,
      rpcUrls: { 31337: devnet.chains[0]!.rpcUrl },
      policy: { proposals: 'reject' },
      logLevel: 'silent',
    })
    const dapp = await createDapp(relay.url)
    wallets.push(wallet)
    dapps.push(dapp)
    const { uri, approval } = await connect(dapp, [31337])
    const rejected = expect(approval()).rejects.toMatchObject({ code: 5000 })
    await wallet.pair(uri)
    await rejected
  }, 30_000)

  it("queues requests under the 'manual' policy until approveRequest or rejectRequest", async () => {
    const { wallet, sign } = await connected({ proposals: 'approve', requests: 'manual' })
    const seen: number[] = []
    wallet.onRequest((request) => seen.push(request.id))

    const approved = sign('first')
    const queued = await wallet.waitForRequest()
    expect(queued).toMatchObject({
      method: 'personal_sign',
      status: 'pending',
      chainId: 'eip155:31337',
    })
    expect(wallet.pendingRequests.map((r) => r.id)).toEqual([queued.id])
    const result = await wallet.approveRequest()
    await expect(approved).resolves.toBe(result)
    await expect(
      verifyMessage({ address: wallet.address, message: 'first', signature: result as Hex }),
    ).resolves.toBe(true)

    const refused = sign('second')
    const second = await wallet.waitForRequest()
    await wallet.rejectRequest(second.id)
    await expect(refused).rejects.toEqual({ code: 4001, message: 'User rejected the request.' })

    expect(seen).toEqual([queued.id, second.id])
    expect(wallet.pendingRequests).toEqual([])
    expect(wallet.requests.map((r) => r.status)).toEqual(['approved', 'rejected'])
    await expect(wallet.approveRequest()).rejects.toThrow('There is no pending request')
  }, 30_000)

  it("answers 4001 at once under the 'reject' request policy", async () => {
    const { sign } = await connected({ proposals: 'approve', requests: 'reject' })
    await expect(sign('no')).rejects.toEqual({ code: 4001, message: 'User rejected the request.' })
  }, 30_000)

  it('refuses to sign for another account with 4100', async () => {
    const { sign } = await connected({ proposals: 'approve' })
    await expect(sign('hi', devnet.accounts[0]!.address)).rejects.toMatchObject({ code: 4100 })
  }, 30_000)

  it('validates the policy it is given', async () => {
    const { wallet } = await connected({ proposals: 'approve' })
    wallet.policy.requests = 'manual'
    expect(wallet.policy.requests).toBe('manual')
    expect(() => {
      wallet.policy.requests = 'sometimes' as never
    }).toThrow()
    expect(wallet.policy.requests).toBe('manual')
  }, 30_000)

  it('goes offline and back online: requests sent meanwhile are answered after', async () => {
    const { wallet, sign } = await connected({ proposals: 'approve' })
    await wallet.goOffline()
    expect(wallet.online).toBe(false)
    await expect(wallet.switchChain(31337)).rejects.toThrow('the wallet is offline')

    let settled = false
    const signed = sign('while offline').finally(() => (settled = true))
    // The relay queues the request for the wallet's topic; nothing can answer it yet.
    await vi.waitFor(() => expect(relay.stats().queuedMessages).toBeGreaterThan(0), {
      timeout: 10_000,
    })
    expect(settled).toBe(false)
    expect(wallet.requests).toEqual([])

    await wallet.goOnline()
    expect(wallet.online).toBe(true)
    const signature = await signed
    await expect(
      verifyMessage({ address: wallet.address, message: 'while offline', signature }),
    ).resolves.toBe(true)
  }, 30_000)

  it('reaches no host but 127.0.0.1 while pairing, signing and disconnecting', async () => {
    const urls: string[] = []
    const realFetch = globalThis.fetch
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(input instanceof Request ? input.url : String(input))
      return realFetch(input, init)
    })
    const { wallet, sign } = await connected({ proposals: 'approve' })
    await sign('local only')
    await wallet.deleteSession()
    for (const url of urls) expect(new URL(url).hostname).toBe('127.0.0.1')
  }, 30_000)

  it('closes cleanly without ever having paired', async () => {
    const wallet = await createWcWallet({
      relayUrl: relay.url,
      privateKey: devnet.accounts[5]!.privateKey,
      rpcUrls: { 31337: devnet.chains[0]!.rpcUrl },
      logLevel: 'silent',
    })
    expect(wallet.sessions).toEqual([])
    await wallet.close()
    await expect(wallet.goOnline()).rejects.toThrow('the wallet is closed')
  }, 30_000)

  it('close rejects what waits, refuses further calls and is idempotent', async () => {
    const { wallet } = await connected({ proposals: 'approve' })
    const waiting = expect(wallet.waitForProposal()).rejects.toThrow('The wallet was closed')
    await Promise.all([wallet.close(), wallet.close()])
    await waiting
    await expect(wallet.pair('wc:abc@2?relay-protocol=irn&symKey=00')).rejects.toThrow(
      'the wallet is closed',
    )
  }, 30_000)
})
