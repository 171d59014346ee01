// @vitest-environment jsdom
import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { getWallets } from '@wallet-standard/app'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PANEL_TAG } from './approval-panel.js'
import { SESSION_KEY } from './session.js'
import { CONFIG_GLOBAL, type ExtensionConfig } from './extension-config.js'
import { buildExtensionInto } from './test/build-extension.js'
import { writeExtension } from './write-extension.js'

let scratch: string

const config: ExtensionConfig = {
  rpcUrl: 'http://127.0.0.1:18899',
  accounts: solanaDevnetAccounts().slice(0, 2),
  approval: 'manual',
  // Open, so that the test can press the panel's button as a person would.
  panelShadowMode: 'open',
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'latch-solana-wallet-page-'))
  await buildExtensionInto(join(scratch, 'built'))
  await writeExtension({ outDir: join(scratch, 'page'), config, sourceDir: join(scratch, 'built') })
}, 60_000)

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

describe('the extension’s content scripts in a page', () => {
  it('registers the wallet with the page’s apps, hides its config and connects through its panel', async () => {
    // What Chrome does at document_start: both MAIN-world scripts, in manifest order.
    for (const file of ['config.js', 'content.js']) {
      const script = document.createElement('script')
      script.textContent = await readFile(join(scratch, 'page', file), 'utf8')
      document.head.append(script)
    }
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
