// @vitest-environment jsdom
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { getWallets } from '@wallet-standard/app'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runContentScripts, useWrittenExtension } from '@latch/dev-wallet/kit/testing'
import { PANEL_TAG } from './approval-panel.js'
import { CONFIG_GLOBAL, type ExtensionConfig } from './extension-config.js'
import { SESSION_KEY } from './session.js'
import type { BitcoinConnectFeature } from './standard-features.js'
import type { BtcProviderInfo, SatsConnectProvider } from './sats-connect-types.js'
import { writeExtension } from './write-extension.js'

type PageGlobals = { btc_providers: BtcProviderInfo[] } & Record<string, unknown>
const accounts = bitcoinDevnetAccounts().slice(0, 2)

const config: ExtensionConfig = {
  esploraUrl: 'http://127.0.0.1:13002/api',
  accounts,
  approval: 'manual',
  // Open, so that the test can press the panel's button as a person would.
  panelShadowMode: 'open',
}

const extensionDir = useWrittenExtension({
  packageDir: join(import.meta.dirname, '..'),
  scratchPrefix: 'latch-bitcoin-wallet-page-',
  writeExtension,
  config,
})

describe('the extension’s content scripts in a page', () => {
  it('shows both faces to the page, hides its config, and connects through its panel', async () => {
    // What Chrome does at document_start: both MAIN-world scripts, in manifest order.
    await runContentScripts(extensionDir())
    // The scripts ran in the page's own global, jsdom's window: vitest's global only mirrors the
    // properties it had at start, so the test reads what the scripts left through jsdom.
    const page = (globalThis as unknown as { jsdom: { window: PageGlobals } }).jsdom.window
    expect(CONFIG_GLOBAL in page).toBe(false)

    // The Wallet Standard: the app starts after the wallet, so it finds it through app-ready.
    const [wallet, ...others] = getWallets().get()
    expect(others).toEqual([])
    expect(wallet!.name).toBe('Latch Bitcoin Dev Wallet')
    expect(wallet!.chains).toContain('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')

    // sats-connect: WBIP-004's registry, and the provider at window[id].
    const [entry] = page.btc_providers
    expect(entry!.id).toBe('LatchBitcoinDevWalletProvider')
    const provider = page[entry!.id] as SatsConnectProvider

    const { connect } = wallet!.features[
      'bitcoin:connect'
    ] as BitcoinConnectFeature['bitcoin:connect']
    const connecting = connect({ purposes: ['payment', 'ordinals'] })
    const root = document.querySelector(PANEL_TAG)!.shadowRoot!
    const approve = root.querySelector<HTMLButtonElement>('button.approve')!
    expect(approve.getAttribute('aria-label')).toBe('Approve bitcoin:connect')
    approve.click()
    const { accounts: connected } = await connecting
    expect(connected.map((account) => account.address)).toEqual([
      accounts[0]!.payment.address,
      accounts[0]!.ordinals.address,
    ])
    // One authorization for both faces, kept in the page's localStorage for a reload.
    expect(await provider.request('wallet_getAccount')).toMatchObject({
      result: {
        addresses: [
          { address: accounts[0]!.payment.address },
          { address: accounts[0]!.ordinals.address },
        ],
      },
    })
    expect(window.localStorage.getItem(SESSION_KEY)).toContain('"authorized":true')
  })
})
