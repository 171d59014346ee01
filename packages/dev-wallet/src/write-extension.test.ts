import { join } from 'node:path'
import { CONFIG_GLOBAL, takeExtensionConfig, type ExtensionConfig } from './extension-config.js'
import { describeExtensionWriter } from './kit/testing/index.js'
import { writeExtension } from './write-extension.js'

describeExtensionWriter<ExtensionConfig>({
  packageDir: join(import.meta.dirname, '..'),
  scratchPrefix: 'latch-dev-wallet-',
  manifestName: 'Latch Dev Wallet',
  writeExtension,
  config: {
    chains: [{ chainId: 31337, name: 'Latch Devnet A', rpcUrl: 'http://127.0.0.1:18545' }],
    privateKeys: [`0x${'11'.repeat(32)}`],
    assets: { 31337: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'] },
    approval: 'manual',
  },
  configGlobal: CONFIG_GLOBAL,
  takeExtensionConfig,
})
