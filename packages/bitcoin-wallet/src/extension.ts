// The Node-only entry, `@latch/bitcoin-wallet/extension`: writing the configured extension.
export { writeExtension, BUILT_EXTENSION_DIR } from './write-extension.js'
export type { WriteExtensionOptions, WrittenExtension } from './write-extension.js'
export { CONFIG_GLOBAL } from './extension-config.js'
export type { ExtensionConfig } from './extension-config.js'
