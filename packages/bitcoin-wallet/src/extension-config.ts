import type { BitcoinDevWalletConfig } from './types.js'

/** The page global that the extension's config.js sets and its content script reads. */
export const CONFIG_GLOBAL = '__latchBitcoinDevWalletConfig'

/**
 * The extension's configuration: the wallet's, minus storage (the page's localStorage is used),
 * plus how to show the panel. All of it is JSON (the keys are hex), so config.js is plain JSON.
 */
export interface ExtensionConfig extends Omit<BitcoinDevWalletConfig, 'storage'> {
  /** The approval panel's shadow-root mode; 'closed' by default. */
  panelShadowMode?: ShadowRootMode
}

/** The text of config.js: a MAIN-world script that hands the configuration to content.js. */
export function configScript(config: ExtensionConfig): string {
  // JSON is valid JavaScript; the comment keeps someone from editing the generated file by hand.
  return `// Written by @latch/bitcoin-wallet writeExtension(); rewrite it with writeExtension().\nglobalThis[${JSON.stringify(CONFIG_GLOBAL)}] = ${JSON.stringify(config)};\n`
}

/**
 * Reads the configuration left by config.js and removes the global, so that the page's own
 * scripts, which run after both content scripts, never see the keys.
 */
export function takeExtensionConfig(global: object): ExtensionConfig | undefined {
  const record = global as Record<string, unknown>
  const config = record[CONFIG_GLOBAL] as ExtensionConfig | undefined
  delete record[CONFIG_GLOBAL]
  return config
}
