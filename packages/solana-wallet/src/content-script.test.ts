// @vitest-environment jsdom
import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { getWallets } from '@wallet-standard/app'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runContentScripts, useWrittenExtension } from '@latch/dev-wallet/kit/testing'
import { PANEL_TAG } from './approval-panel.js'
import { SESSION_KEY } from './session.js'
import { CONFIG_GLOBAL, type ExtensionConfig } from './extension-config.js'
import { writeExtension } from './write-extension.js'

const config: ExtensionConfig = {
  rpcUrl: 'http://127.0.0.1:18899',
  accounts: solanaDevnetAccounts().slice(0, 2),
  approval: 'manual',
  // Open, so that the test can press the panel's button as a person would.
  panelShadowMode: 'open',
}

const extensionDir = useWrittenExtension({
  packageDir: join(import.meta.dirname, '..'),
  scratchPrefix: 'latch-solana-wallet-page-',
  writeExtension,
  config,
})

describe('the extension’s content scripts in a page', () => {
  it('registers the wallet with the page’s apps, hides its config and connects through its panel', async () => {
    // What Chrome does at document_start: both MAIN-world scripts, in manifest order.
    await runContentScripts(extensionDir())
    // The app starts after the wallet, so it finds it through wallet-standard:app-ready.
    const [wallet, ...others] = getWallets().get()
    expect(others).toEqual([])
    expect(wallet!.name).toBe('Latch Solana Dev Wallet')
    expect(wallet!.chains).toContain('solana:localnet')
    expect(CONFIG_GLOBAL in window).toBe(false)

    const { connect } = wallet!.features[
      'standard:connect'
    ] as StandardConnectFeature['standard:connect']
    const connecting = connect()
    const root = document.querySelector(PANEL_TAG)!.shadowRoot!
    const approve = root.querySelector<HTMLButtonElement>('button.approve')!
    expect(approve.getAttribute('aria-label')).toBe('Approve standard:connect')
    approve.click()
    const { accounts } = await connecting
    expect(accounts.map((account) => account.address)).toEqual([config.accounts[0]!.address])
    // The authorization is the page's localStorage, so a reload reconnects silently.
    expect(window.localStorage.getItem(SESSION_KEY)).toContain(config.accounts[0]!.address)
  })
})
