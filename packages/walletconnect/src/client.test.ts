import {
  LatchError,
  isUserRejectedError,
  pairingExpiryTimestamp,
  type WalletConnectSession,
} from '@latch/core'
import { MemoryStorage } from '@latch/wc-wallet'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createWalletConnectClient } from './client.js'
import type { KeyValueStorage } from './options.js'
import { pairWith, startStack, uniquePrefix, type Stack } from './test/stack.js'
import { nextEvent, walletState } from './test/wait.js'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
}, 60_000)

afterAll(async () => {
  await stack?.stop()
})

const expiryOf = (uri: string) => Number(/[?&]expiryTimestamp=(\d+)/.exec(uri)?.[1])

describe('pair', () => {
  it('shows a URI that lives 4 minutes, and resolves with the session the wallet approved', async () => {
    const client = await stack.client()
    const wallet = await stack.wallet()
    const before = Date.now()
    let shown = ''
    const session = await client.pair({
      signal: new AbortController().signal,
      onUri: (uri) => {
        shown = uri
        void wallet.pair(uri).then((proposal) => wallet.approve(proposal))
      },
    })
    expect(expiryOf(shown)).toBeGreaterThanOrEqual(pairingExpiryTimestamp(before))
    expect(expiryOf(shown)).toBeLessThanOrEqual(pairingExpiryTimestamp(Date.now()))
    await walletState(wallet, () => wallet.sessions.length === 1)
    // The wallet stamps its own copy's expiry a moment after sending the settle
    // (sign-client's approve calls setExpiry again), so the two can straddle a second.
    const walletExpiry = wallet.sessions[0]!.expiry
    expect(walletExpiry - session.expiry).toBeGreaterThanOrEqual(0)
    expect(walletExpiry - session.expiry).toBeLessThanOrEqual(1)
    expect(session).toEqual<WalletConnectSession>({
      topic: wallet.sessions[0]!.topic,
      expiry: session.expiry,
      accounts: { eip155: [`eip155:31337:${wallet.address}`, `eip155:31338:${wallet.address}`] },
      peer: { name: 'Latch WC Wallet', icons: [], url: 'http://127.0.0.1' },
    })
  })

  it('rejects as a user rejection (4001) when the wallet declines', async () => {
    const client = await stack.client()
    const wallet = await stack.wallet({ policy: { proposals: 'reject' } })
    const error = await client
      .pair({ signal: new AbortController().signal, onUri: (uri) => void wallet.pair(uri) })
      .catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'USER_REJECTED', cause: { code: 4001 } })
    expect(isUserRejectedError(error)).toBe(true)
  })

  it('rejects with an AbortError when abandoned, and a late approval never becomes a session', async () => {
    const client = await stack.client()
    const wallet = await stack.wallet()
    const settled: string[] = []
    client.provider.client.on('session_connect', ({ session }) => settled.push(session.topic))
    const abort = new AbortController()
    let abandonedUri = ''
    const abandoned = client.pair({
      signal: abort.signal,
      onUri: (uri) => {
        abandonedUri = uri
        abort.abort()
      },
    })
    await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' })
    const topic = abandonedUri.slice(3, 67)
    expect(
      client.provider.client.proposal.getAll().filter((p) => p.pairingTopic === topic),
    ).toEqual([])

    // The wallet scans the abandoned code anyway and approves; then the user pairs afresh.
    await wallet
      .pair(abandonedUri)
      .then((proposal) => wallet.approve(proposal))
      .catch(() => undefined)
    const fresh = await pairWith(client, wallet)
    expect(settled).toEqual([fresh.topic])
    expect(client.provider.client.session.getAll().map((s) => s.topic)).toEqual([fresh.topic])
    expect(client.provider.session?.topic).toBe(fresh.topic)
  })

  it('a new pairing replaces the session in force, quietly', async () => {
    const client = await stack.client()
    const wallet = await stack.wallet()
    const first = await pairWith(client, wallet)
    const warn = vi.spyOn(console, 'warn')
    try {
      const second = await pairWith(client, wallet)
      await walletState(wallet, () => wallet.sessions.length === 1)
      expect(wallet.sessions[0]?.topic).toBe(second.topic)
      expect(second.topic).not.toBe(first.topic)
      // The old session ends in the background; its local removal follows the wallet's.
      await vi.waitFor(
        () =>
          expect(client.provider.client.session.getAll().map((s) => s.topic)).toEqual([
            second.topic,
          ]),
        { timeout: 5_000 },
      )
      // Only Latch's own namespaces were proposed (no deprecated requiredNamespaces warning).
      expect(warn).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
    }
  })

  it('rejects at once when the signal has already fired', async () => {
    const client = await stack.client()
    await expect(
      client.pair({ signal: AbortSignal.abort(), onUri: () => undefined }),
    ).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('points the verify API at the configured service', async () => {
    const client = await stack.client()
    const verify = client.provider.client.core.verify as unknown as { verifyUrlV3: string }
    expect(verify.verifyUrlV3).toBe(`${stack.relay.verifyUrl}/v3`)
  })
})

describe('the session', () => {
  it('reports the wallet ending it through onSessionDeleted and the providers', async () => {
    const client = await stack.client()
    const wallet = await stack.wallet()
    const session = await pairWith(client, wallet)
    const provider = client.providerFor('eip155')
    const disconnected = nextEvent<unknown>((listener) => {
      provider.on('disconnect', listener)
      return () => provider.removeListener('disconnect', listener)
    })
    const deleted = nextEvent<void>((listener) => client.onSessionDeleted(listener))
    await wallet.deleteSession(session.topic)
    await deleted
    expect(await disconnected).toMatchObject({ code: 4900 })
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toMatchObject({
      code: 'CONNECT_BEFORE_REQUEST',
    })
  })

  it('reports an expired session through onSessionDeleted, once', async () => {
    const client = await stack.client()
    const wallet = await stack.wallet()
    const session = await pairWith(client, wallet)
    let reported = 0
    client.onSessionDeleted(() => (reported += 1))
    // The provider's own `disconnect` is the last of the three events an expiry causes.
    const lastEvent = new Promise((resolve) => client.provider.once('disconnect', resolve))
    // Expire it now, and let sign-client's expirer look (it does on each heartbeat pulse).
    const core = client.provider.client.core
    core.expirer.set(session.topic, Math.floor(Date.now() / 1000) - 1)
    core.heartbeat.events.emit('heartbeat_pulse')
    await lastEvent
    expect(reported).toBe(1)
    expect(client.provider.client.session.getAll()).toEqual([])
    expect(await client.restore()).toBe(null)
  })

  it('is restored by a later client on the same storage', async () => {
    const storage = new MemoryStorage() as KeyValueStorage
    const storagePrefix = uniquePrefix()
    const first = await stack.client({ storage, storagePrefix })
    const wallet = await stack.wallet()
    const session = await pairWith(first, wallet)
    await first.close()

    const second = await stack.client({ storage, storagePrefix })
    expect(await second.restore()).toEqual(session)
    const accounts = await second.providerFor('eip155').request({ method: 'eth_accounts' })
    expect(accounts).toEqual([wallet.address])
  })

  it('restores nothing from empty storage', async () => {
    const client = await stack.client()
    expect(await client.restore()).toBe(null)
  })

  it('disconnect() ends it on both sides, without reporting a deletion', async () => {
    const storage = new MemoryStorage() as KeyValueStorage
    const storagePrefix = uniquePrefix()
    const client = await stack.client({ storage, storagePrefix })
    const wallet = await stack.wallet()
    await pairWith(client, wallet)
    let reported = 0
    client.onSessionDeleted(() => (reported += 1))
    await client.disconnect()
    await walletState(wallet, () => wallet.sessions.length === 0)
    expect(reported).toBe(0)
    await expect(
      client.providerFor('eip155').request({ method: 'eth_accounts' }),
    ).rejects.toMatchObject({ code: 'CONNECT_BEFORE_REQUEST' })
    await client.close()
    expect(await (await stack.client({ storage, storagePrefix })).restore()).toBe(null)
  })
})

describe('requests without a session', () => {
  it("reject with 'Please call connect() before request()'", async () => {
    const client = await stack.client()
    const error = await client
      .providerFor('eip155')
      .request({ method: 'eth_accounts' })
      .catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({
      code: 'CONNECT_BEFORE_REQUEST',
      message: 'Please call connect() before request()',
    })
  })

  it("reject with 'Sign Client not initialized' once the client is closed", async () => {
    const client = await stack.client()
    await client.close()
    await expect(
      client.providerFor('eip155').request({ method: 'eth_chainId' }),
    ).rejects.toMatchObject({
      code: 'SIGN_CLIENT_NOT_INITIALIZED',
      message: 'Sign Client not initialized',
    })
  })
})

it('refuses an invalid config before starting anything', async () => {
  const config = { ...stack.config(uniquePrefix()), relayUrl: 'https://relay.example' }
  await expect(createWalletConnectClient(config)).rejects.toThrow(/relayUrl/)
})
