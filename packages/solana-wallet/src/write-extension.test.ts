import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import { describeExtensionWriter } from '@latch/dev-wallet/kit/testing'
import { join } from 'node:path'
import { CONFIG_GLOBAL, takeExtensionConfig, type ExtensionConfig } from './extension-config.js'
import { writeExtension } from './write-extension.js'

describeExtensionWriter<ExtensionConfig>({
  packageDir: join(import.meta.dirname, '..'),
  scratchPrefix: 'latch-solana-wallet-',
  manifestName: 'Latch Solana Dev Wallet',
  writeExtension,
  // Secret keys byte for byte: the config.js round trip must not change them.
  config: {
    rpcUrl: 'http://127.0.0.1:18899',
    accounts: solanaDevnetAccounts().slice(0, 2),
    approval: 'manual',
  },
  configGlobal: CONFIG_GLOBAL,
  takeExtensionConfig,
})
