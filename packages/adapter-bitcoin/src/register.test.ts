import './test/window.js'
import { startBitcoinDevnet } from '@latch/bitcoin-devnet'
import { registerBitcoinDevWallet } from '@latch/bitcoin-wallet'
import { describe, expect, it } from 'vitest'
import { bitcoinAdapter, BITCOIN_REGTEST_REFERENCE } from './index.js'
import { page } from './test/harness.js'

// Alone in its file: `registerBitcoinDevWallet` registers through `registerWallet`, which has no
// unregister, so its wallet stays in this file's Wallet Standard registry.
describe('a wallet shown to the page the way the playground does it', () => {
  it('registerBitcoinDevWallet: one row for both faces, and each face connects', async () => {
    const devnet = await startBitcoinDevnet({ port: 0 })
    const adapter = bitcoinAdapter()
    try {
      const dev = registerBitcoinDevWallet(
        { esploraUrl: devnet.esploraUrl, approval: 'auto-approve' },
        page,
      )
      const ids: string[] = []
      adapter.watchConnectors((connectors) =>
        ids.splice(0, ids.length, ...connectors.map((c) => c.id)),
      )
      // The two faces carry one name: one row, the Wallet Standard face.
      expect(ids).toEqual([dev.wallet.name])
      for (const connectorId of [dev.wallet.name, dev.providerInfo.id]) {
        const result = await adapter.connect({ connectorId })
        expect(result.chainReference).toBe(BITCOIN_REGTEST_REFERENCE)
        expect(result.accounts[0]?.address).toBe(dev.control.addresses().payment)
      }
    } finally {
      adapter.destroy()
      await devnet.stop()
    }
  })
})
