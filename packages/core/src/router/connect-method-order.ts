import { isBrowserWallet, type Connector } from '../connector/connector.js'
import type { ConnectMethod, ConnectorOrderType } from '../options/schema.js'

export interface ConnectMethodOrderInput {
  emailEnabled: boolean
  socialsEnabled: boolean
  /** The host's explicit order, which wins over the defaults. */
  configuredOrder?: readonly ConnectMethod[]
  /** Connectors discovered so far (injected and announced wallets make "wallet" come first). */
  connectors: readonly Connector[]
}

/**
 * SPEC §2 connect method order: email, social, wallet by default; wallet, email, social when
 * injected or announced wallets are visible; the host's configured order otherwise. Disabled
 * methods are left out; wallet is always offered.
 */
export function connectMethodOrder(input: ConnectMethodOrderInput): ConnectMethod[] {
  const hasVisibleWallets = input.connectors.some(isBrowserWallet)
  const order =
    input.configuredOrder ??
    (hasVisibleWallets ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet'])
  const enabled: Record<ConnectMethod, boolean> = {
    email: input.emailEnabled,
    social: input.socialsEnabled,
    wallet: true,
  }
  const result = [...new Set(order)].filter((method) => enabled[method])
  return result.includes('wallet') ? result : [...result, 'wallet']
}

/**
 * Lays out wallet groups in the configured connector-type order, each wallet once (the first
 * group that lists it wins: a recent wallet is not listed again under injected).
 */
export function orderWalletGroups<T extends { id: string }>(
  order: readonly ConnectorOrderType[],
  groups: Partial<Record<ConnectorOrderType, readonly T[]>>,
): T[] {
  const seen = new Set<string>()
  const result: T[] = []
  for (const type of order) {
    for (const item of groups[type] ?? []) {
      if (seen.has(item.id)) continue
      seen.add(item.id)
      result.push(item)
    }
  }
  return result
}
