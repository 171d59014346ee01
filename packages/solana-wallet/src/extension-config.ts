import type { SolanaDevWalletConfig } from './types.js'

/** The page global that the extension's config.js sets and its content script reads. */
export const CONFIG_GLOBAL = '__latchSolanaDevWalletConfig'

/** The extension's configuration: the wallet's, minus storage, plus how to show the panel. */
export interface ExtensionConfig extends Omit<SolanaDevWalletConfig, 'storage'> {
  /** The approval panel's shadow-root mode; 'closed' by default. */
  panelShadowMode?: ShadowRootMode
}

/** config.js carries secret keys as JSON arrays: JSON has no bytes type. */
interface SerializedConfig extends Omit<ExtensionConfig, 'accounts'> {
  accounts: { address: string; secretKey: number[] }[]
}

/** The text of config.js: a MAIN-world script that hands the configuration to content.js. */
export function configScript(config: ExtensionConfig): string {
  const serialized: SerializedConfig = {
    ...config,
    accounts: config.accounts.map(({ address, secretKey }) => ({
      address,
      secretKey: [...secretKey],
    })),
  }
  // JSON is valid JavaScript; the comment keeps someone from editing the generated file by hand.
  return `// Written by @latch/solana-wallet writeExtension(); rewrite it with writeExtension().\nglobalThis[${JSON.stringify(CONFIG_GLOBAL)}] = ${JSON.stringify(serialized)};\n`
}

/**
 * Reads the configuration left by config.js and removes the global, so that the page's own
 * scripts, which run after both content scripts, never see the keys.
 */
export function takeExtensionConfig(global: object): ExtensionConfig | undefined {
  const record = global as Record<string, unknown>
  const serialized = record[CONFIG_GLOBAL] as SerializedConfig | undefined
  delete record[CONFIG_GLOBAL]
  if (!serialized) return undefined
  return {
    ...serialized,
    accounts: serialized.accounts.map(({ address, secretKey }) => ({
      address,
      secretKey: Uint8Array.from(secretKey),
    })),
  }
}
