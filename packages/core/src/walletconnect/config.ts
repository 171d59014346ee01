import type { ResolvedOptions } from '../options/schema.js'
import type { AdapterRegistry } from '../adapter/registry.js'
import type { WalletConnectConfig } from './contract.js'
import { proposalNamespaces } from './namespaces.js'

/** What the instance's WalletConnect client is created with (SPEC §4, CAIP-25 namespaces). */
export function walletConnectConfig(
  options: ResolvedOptions,
  registry: AdapterRegistry,
): WalletConnectConfig {
  // With no adapters (the basic connection), ask for every configured namespace.
  const namespaces = registry.size
    ? [...registry.keys()]
    : [...new Set(options.networks.map((n) => n.chainNamespace))]
  return {
    projectId: options.projectId,
    ...(options.walletConnect?.relayUrl ? { relayUrl: options.walletConnect.relayUrl } : {}),
    ...(options.walletConnect?.verifyUrl ? { verifyUrl: options.walletConnect.verifyUrl } : {}),
    metadata: { ...options.metadata, icons: [...options.metadata.icons] },
    optionalNamespaces: proposalNamespaces(options.networks, namespaces),
    storagePrefix: options.storageKeyPrefix,
  }
}
