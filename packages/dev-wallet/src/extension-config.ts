import type { DevWalletConfig } from './types.js'

/** The page global that the extension's config.js sets and its content script reads. */
export const CONFIG_GLOBAL = '__latchDevWalletConfig'

/** The extension's configuration: the wallet's, minus storage, plus how to show itself. */
export interface ExtensionConfig extends Omit<DevWalletConfig, 'storage'> {
  /** Also set `window.ethereum`; true by default. */
  setWindowEthereum?: boolean
  /** The approval panel's shadow-root mode; 'closed' by default. */
  panelShadowMode?: ShadowRootMode
}

/** The text of config.js: a MAIN-world script that hands the configuration to content.js. */
export function configScript(config: ExtensionConfig): string {
  // JSON is valid JavaScript; the comment keeps someone from editing the generated file by hand.
  return `// Written by @latch/dev-wallet writeExtension(); rewrite it with writeExtension().\nglobalThis[${JSON.stringify(CONFIG_GLOBAL)}] = ${JSON.stringify(config, null, 2)};\n`
}

/**
 * Reads the configuration left by config.js and removes the global, so that the page's own
 * scripts, which run after both content scripts, never see it.
 */
export function takeExtensionConfig(global: object): ExtensionConfig | undefined {
  const record = global as Record<string, unknown>
  const config = record[CONFIG_GLOBAL] as ExtensionConfig | undefined
  delete record[CONFIG_GLOBAL]
  return config
}
