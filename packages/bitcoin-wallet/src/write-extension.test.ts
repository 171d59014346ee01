import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { describeExtensionWriter } from '@latch/dev-wallet/kit/testing'
import { join } from 'node:path'
import { CONFIG_GLOBAL, takeExtensionConfig, type ExtensionConfig } from './extension-config.js'
import { writeExtension } from './write-extension.js'

const config: ExtensionConfig = {
  esploraUrl: 'http://127.0.0.1:13002/api',
  accounts: bitcoinDevnetAccounts().slice(0, 2),
  approval: 'manual',
}

describeExtensionWriter<ExtensionConfig>({
  packageDir: join(import.meta.dirname, '..'),
  scratchPrefix: 'latch-bitcoin-wallet-',
  manifestName: 'Latch Bitcoin Dev Wallet',
  writeExtension,
  config,
  configGlobal: CONFIG_GLOBAL,
  takeExtensionConfig,
  refused: [
    { config: { ...config, esploraUrl: 'nope' }, message: 'esploraUrl must be an http(s) URL' },
  ],
  // A page has no Buffer global: the bundle must not call one.
  alsoForbidden: { pattern: /\bBuffer\.from\(/, label: 'Buffer' },
})
