// @vitest-environment jsdom
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runContentScripts, useWrittenExtension } from './kit/testing/index.js'
import type { ProviderDetail } from './announce.js'
import { PANEL_TAG } from './approval-panel.js'
import { CONFIG_GLOBAL, type ExtensionConfig } from './extension-config.js'
import { writeExtension } from './write-extension.js'

const config: ExtensionConfig = {
  chains: [{ chainId: 31337, name: 'Latch Devnet A', rpcUrl: 'http://127.0.0.1:18545' }],
  privateKeys: [`0x${'11'.repeat(32)}`],
  approval: 'manual',
}

const extensionDir = useWrittenExtension({
  packageDir: join(import.meta.dirname, '..'),
  scratchPrefix: 'latch-dev-wallet-page-',
  writeExtension,
  config,
})

describe('the extension’s content scripts in a page', () => {
  it('runs in a page: reads and hides its config, announces, sets window.ethereum, mounts the panel', async () => {
    const announced: ProviderDetail[] = []
    window.addEventListener('eip6963:announceProvider', (event) => {
      announced.push((event as CustomEvent<ProviderDetail>).detail)
    })
    // What Chrome does at document_start: both MAIN-world scripts, in manifest order.
    await runContentScripts(extensionDir())
    expect(announced).toHaveLength(1)
    const { info, provider } = announced[0]!
    expect(info).toMatchObject({ name: 'Latch Dev Wallet', rdns: 'io.latch.devwallet' })
    // A page script sees what a dapp would: window.ethereum is the announced provider, and the
    // configuration global is gone. (It runs in the page's realm, which the test cannot read.)
    const probe = document.createElement('script')
    probe.textContent = `
      let announced
      window.addEventListener('eip6963:announceProvider', (event) => (announced = event.detail))
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      document.documentElement.dataset.probe = JSON.stringify({
        ethereumIsAnnounced: announced !== undefined && window.ethereum === announced.provider,
        configVisible: ${JSON.stringify(CONFIG_GLOBAL)} in window,
      })`
    document.head.append(probe)
    expect(JSON.parse(document.documentElement.dataset.probe!)).toEqual({
      ethereumIsAnnounced: true,
      configVisible: false,
    })
    expect(announced).toHaveLength(2)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(document.querySelector(PANEL_TAG)).not.toBeNull()
  })
})
