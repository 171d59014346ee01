import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { mountWalletPage } from './index.js'
import { walletPageMessages as m } from './messages.js'

// In Node with a jsdom document rather than vitest's jsdom environment: that environment swaps
// in jsdom's ArrayBuffer, which Node's WebCrypto refuses, so the Solana key could not be imported.
describe('the wallet page with a Solana key', () => {
  it('shows the Solana account beside the EVM one', async () => {
    const root: HTMLElement = new JSDOM('<!doctype html><body></body>', {
      url: 'http://127.0.0.1:5173/wallet.html',
    }).window.document.body
    const [holder] = solanaDevnetAccounts()
    // Neither URL is contacted: the relay only once a URI is pasted, the RPC only to send.
    const mounted = await mountWalletPage(root, {
      relayUrl: 'ws://127.0.0.1:9',
      accountIndex: 0,
      rpcUrls: { 31337: 'http://127.0.0.1:9' },
      solana: { rpcUrl: 'http://127.0.0.1:9', secretKey: holder!.secretKey },
      logLevel: 'silent',
    })
    try {
      const terms = Array.from(root.querySelectorAll('dt'))
      const solana = terms.find((dt) => dt.textContent === m.solanaAccount)
      expect(solana?.nextElementSibling?.textContent).toBe(holder!.address)
      const evm = terms.find((dt) => dt.textContent === m.account)
      expect(evm?.nextElementSibling?.textContent).toBe(mounted.wallet.address)
    } finally {
      await mounted.unmount()
    }
  })
})
