// @vitest-environment jsdom
import { startDevnet, type Devnet } from '@latch/devnet'
import { startRelay, type LocalRelay } from '@latch/relay'
import { toHex, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type * as Dapp from '../test/dapp.js'
import type * as Page from './index.js'
import { walletPageMessages as m } from './messages.js'

/** A dapp name that would run script if it were ever inserted as markup. */
const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">Evil Dapp'

function byLabel(label: string): HTMLButtonElement {
  const found = Array.from(document.querySelectorAll('button')).find(
    (button) => button.getAttribute('aria-label') === label,
  )
  if (!found) throw new Error(`no button labelled ${label}`)
  return found
}

describe('the wallet page', () => {
  let devnet: Devnet
  let relay: LocalRelay

  let page: typeof Page
  let dappHelpers: typeof Dapp

  beforeAll(async () => {
    // jsdom's WebSocket does not work inside vitest's jsdom environment (it mixes Node's and
    // jsdom's Event classes), so WalletConnect is loaded without it and falls back to `ws`.
    vi.stubGlobal('WebSocket', undefined)
    page = await import('./index.js')
    dappHelpers = await import('../test/dapp.js')
    ;[devnet, relay] = await Promise.all([
      startDevnet({ chains: [{ chainId: 31337 }] }),
      startRelay(),
    ])
  }, 60_000)

  afterAll(async () => {
    await Promise.all([devnet?.stop(), relay?.stop()])
  })

  it('pairs from the pasted URI, shows the proposal and requests as text, and answers by click', async () => {
    const chain = devnet.chains[0]!
    const { closeDapp, connect, createDapp } = dappHelpers
    const mounted = await page.mountWalletPage(document.body, {
      relayUrl: relay.url,
      privateKey: devnet.accounts[3]!.privateKey,
      rpcUrls: { [chain.chainId]: chain.rpcUrl },
      logLevel: 'silent',
    })
    const dapp = await createDapp(relay.url, HOSTILE_NAME)
    try {
      const textarea = document.querySelector('textarea')!
      // The textarea is labelled (its <label for> points at it).
      expect(document.querySelector(`label[for="${textarea.id}"]`)?.textContent).toBe(m.uriLabel)

      const { uri, approval } = await connect(dapp, [31337])
      textarea.value = uri
      document.querySelector('form')!.requestSubmit()

      await vi.waitFor(() => byLabel(m.approveProposal(HOSTILE_NAME)), { timeout: 10_000 })
      expect(document.body.textContent).toContain(m.wantsToConnect(HOSTILE_NAME))
      expect(document.querySelector('img')).toBeNull()
      byLabel(m.approveProposal(HOSTILE_NAME)).click()
      const session = await approval()
      await vi.waitFor(() => byLabel(m.disconnect(HOSTILE_NAME)), { timeout: 10_000 })

      const sign = (message: string) =>
        dapp.request<Hex>({
          topic: session.topic,
          chainId: 'eip155:31337',
          request: { method: 'personal_sign', params: [toHex(message), mounted.wallet.address] },
        })
      const signed = sign('approve me')
      await vi.waitFor(() => byLabel(m.approveRequest('personal_sign')), { timeout: 10_000 })
      expect(document.querySelector('pre')?.textContent).toContain(toHex('approve me'))
      byLabel(m.approveRequest('personal_sign')).click()
      const signature = await signed
      await expect(
        verifyMessage({ address: mounted.wallet.address, message: 'approve me', signature }),
      ).resolves.toBe(true)

      const refused = sign('reject me')
      await vi.waitFor(() => byLabel(m.rejectRequest('personal_sign')), { timeout: 10_000 })
      byLabel(m.rejectRequest('personal_sign')).click()
      await expect(refused).rejects.toEqual({ code: 4001, message: 'User rejected the request.' })
      await vi.waitFor(() => expect(document.body.textContent).toContain(m.noRequests), {
        timeout: 10_000,
      })
    } finally {
      await closeDapp(dapp)
      await mounted.unmount()
    }
    expect(document.querySelector('main')).toBeNull()
  }, 60_000)
})
