import type { ConnectorType } from '../connector/connector.js'
import type { LatchError } from '../errors/index.js'
import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'
import type { Network } from '../network/network.js'

/**
 * SPEC §4: the namespaces the auth (email / social) connector serves. Connected with it, a switch
 * to one of these goes straight to SwitchNetwork: the embedded wallet exists on both chains.
 */
export const AUTH_CONNECTOR_NAMESPACES = [
  'eip155',
  'solana',
] as const satisfies readonly ChainNamespace[]

/** What the connection machine knows about one namespace, forwarded by the root. */
export interface NamespaceFacts {
  /** The connected address; absent when the namespace is not connected. */
  address?: string
  connectorId?: string
  connectorType?: ConnectorType
}

/** The connection facts this machine routes on (event `FACTS_UPDATED`). */
export interface ConnectionFacts {
  namespaces: Readonly<Partial<Record<ChainNamespace, NamespaceFacts>>>
  /** Connected through the WalletConnect basic flow: SPEC §2 never shows UnsupportedChain then. */
  isBasicConnection: boolean
}

/** A switch waiting on the wallet: the target and the connector that is asked. */
export interface PendingSwitch {
  network: Network
  connectorId: string
}

/** Making `caipNetworkId` the active network of `namespace`, and `namespace` the active one. */
export interface Activation {
  namespace: ChainNamespace
  caipNetworkId: CaipNetworkId
}

export interface NetworkContext {
  /** The configured ("requested") networks of every namespace, in the host's order. */
  networks: readonly Network[]
  adapterNamespaces: readonly ChainNamespace[]
  activeNamespace: ChainNamespace
  /**
   * The active CAIP-2 id of each namespace. It may name a chain that is not configured: the wallet
   * can be anywhere, and such a network is "unsupported" rather than forgotten.
   */
  activeCaipNetworkIds: Readonly<Partial<Record<ChainNamespace, CaipNetworkId>>>
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
  facts: ConnectionFacts
  /** SPEC §4: set while a switch moves the active network to another namespace. */
  isSwitchingNamespace: boolean
  pendingSwitch: PendingSwitch | undefined
  /** The last failed switch, kept until the next one starts. */
  error: LatchError | undefined
}

export interface NetworkRulesInput {
  networks: readonly Network[]
  adapterNamespaces: readonly ChainNamespace[]
  /** Restored from storage; ignored when it no longer names a configured network. */
  activeCaipNetworkId?: CaipNetworkId
  defaultNetwork?: Network
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
}

export function toCaipNetworkId(namespace: ChainNamespace, reference: string): CaipNetworkId {
  return `${namespace}:${reference}`
}

export function findNetwork(
  networks: readonly Network[],
  caipNetworkId: CaipNetworkId | undefined,
): Network | undefined {
  return caipNetworkId === undefined
    ? undefined
    : networks.find((n) => n.caipNetworkId === caipNetworkId)
}

export function networksOf(
  networks: readonly Network[],
  namespace: ChainNamespace,
): readonly Network[] {
  return networks.filter((n) => n.chainNamespace === namespace)
}

function activationOf(network: Network | undefined): Activation | undefined {
  return network && { namespace: network.chainNamespace, caipNetworkId: network.caipNetworkId }
}

/** SPEC §4 fallback: the first network of the first other adapter that has one. */
export function firstNetworkOfAnotherAdapter(
  context: Pick<NetworkContext, 'networks' | 'adapterNamespaces'>,
  excluded: ChainNamespace,
): Activation | undefined {
  for (const namespace of context.adapterNamespaces) {
    if (namespace === excluded) continue
    const first = networksOf(context.networks, namespace)[0]
    if (first) return activationOf(first)
  }
  return undefined
}

/**
 * SPEC §4 "Removing the active network falls back to the first remaining network of that chain";
 * a chain left with none falls back to another adapter. `context.networks` is the remaining list.
 */
export function fallbackAfterNetworkRemoval(
  context: Pick<NetworkContext, 'networks' | 'adapterNamespaces'>,
  namespace: ChainNamespace,
): Activation | undefined {
  return (
    activationOf(networksOf(context.networks, namespace)[0]) ??
    firstNetworkOfAnotherAdapter(context, namespace)
  )
}

export function activeCaipNetworkIdOf(
  context: Pick<NetworkContext, 'activeNamespace' | 'activeCaipNetworkIds'>,
  namespace: ChainNamespace = context.activeNamespace,
): CaipNetworkId | undefined {
  return context.activeCaipNetworkIds[namespace]
}

/** The connection of a namespace, when it has both an address and a connector to ask. */
export function connectionOf(
  facts: ConnectionFacts,
  namespace: ChainNamespace,
): { address: string; connectorId: string } | undefined {
  const { address, connectorId } = facts.namespaces[namespace] ?? {}
  return address && connectorId ? { address, connectorId } : undefined
}

/**
 * SPEC §2 UnsupportedChain: the active network is not in the supported list, network switching is
 * enabled, unsupported chains are not allowed and the connection is not basic.
 */
export function isUnsupportedChainRule(facts: {
  isSupported: boolean
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  isBasicConnection: boolean
}): boolean {
  return (
    !facts.isSupported &&
    facts.enableNetworkSwitch &&
    !facts.allowUnsupportedChain &&
    !facts.isBasicConnection
  )
}

/** The UnsupportedChain rule applied to a namespace being on `caipNetworkId`. */
export function isUnsupportedIn(
  context: NetworkContext,
  caipNetworkId: CaipNetworkId | undefined,
): boolean {
  if (caipNetworkId === undefined) return false
  return isUnsupportedChainRule({
    isSupported: findNetwork(context.networks, caipNetworkId) !== undefined,
    enableNetworkSwitch: context.enableNetworkSwitch,
    allowUnsupportedChain: context.allowUnsupportedChain,
    isBasicConnection: context.facts.isBasicConnection,
  })
}

/**
 * SPEC §4: a request skips SwitchActiveChain when the host says so, or when the auth connector is
 * in use and the target namespace is one it serves.
 */
export function skipsSwitchConfirmation(
  context: NetworkContext,
  network: Network,
  ignoreSwitchConfirmation: boolean,
): boolean {
  const current = context.facts.namespaces[context.activeNamespace]
  const connectedWithAuth = current?.connectorType === 'AUTH' && Boolean(current.address)
  const authServesTarget = (AUTH_CONNECTOR_NAMESPACES as readonly ChainNamespace[]).includes(
    network.chainNamespace,
  )
  return ignoreSwitchConfirmation || (connectedWithAuth && authServesTarget)
}

/** SPEC §4: a different namespace, the current one connected, and no address in the target. */
export function needsActiveChainSwitch(context: NetworkContext, network: Network): boolean {
  const { namespaces } = context.facts
  return (
    network.chainNamespace !== context.activeNamespace &&
    Boolean(namespaces[context.activeNamespace]?.address) &&
    !namespaces[network.chainNamespace]?.address
  )
}

/**
 * SwitchActiveChain's confirm: the given network (if it is of that namespace), else the namespace's
 * current active network, else its first configured one.
 */
export function namespaceActivation(
  context: NetworkContext,
  namespace: ChainNamespace,
  network: Network | undefined,
): Activation | undefined {
  if (network?.chainNamespace === namespace) return activationOf(network)
  const current = activeCaipNetworkIdOf(context, namespace)
  if (current) return { namespace, caipNetworkId: current }
  return activationOf(networksOf(context.networks, namespace)[0])
}

function dedupe(networks: readonly Network[]): Network[] {
  const seen = new Set<string>()
  return networks.filter((n) => !seen.has(n.caipNetworkId) && Boolean(seen.add(n.caipNetworkId)))
}

/**
 * The starting context: the restored network if still configured, else the default network, else
 * the first one. Every other namespace starts on its first configured network.
 */
export function initialNetworkContext(input: NetworkRulesInput): NetworkContext {
  const networks = dedupe(input.networks)
  const initial =
    findNetwork(networks, input.activeCaipNetworkId) ??
    findNetwork(networks, input.defaultNetwork?.caipNetworkId) ??
    networks[0]
  const activeCaipNetworkIds: Partial<Record<ChainNamespace, CaipNetworkId>> = {}
  for (const network of networks)
    activeCaipNetworkIds[network.chainNamespace] ??= network.caipNetworkId
  if (initial) activeCaipNetworkIds[initial.chainNamespace] = initial.caipNetworkId
  return {
    networks,
    adapterNamespaces: [...new Set(input.adapterNamespaces)],
    activeNamespace: initial?.chainNamespace ?? input.adapterNamespaces[0] ?? 'eip155',
    activeCaipNetworkIds,
    allowUnsupportedChain: input.allowUnsupportedChain,
    enableNetworkSwitch: input.enableNetworkSwitch,
    facts: { namespaces: {}, isBasicConnection: false },
    isSwitchingNamespace: false,
    pendingSwitch: undefined,
    error: undefined,
  }
}

/**
 * The context without one configured network. A non-active namespace that was on it moves to its
 * first remaining network (the active one is moved by the machine, which announces the change).
 */
export function withoutNetwork(
  context: NetworkContext,
  caipNetworkId: CaipNetworkId,
): Pick<NetworkContext, 'networks' | 'activeCaipNetworkIds'> {
  const networks = context.networks.filter((n) => n.caipNetworkId !== caipNetworkId)
  const activeCaipNetworkIds = { ...context.activeCaipNetworkIds }
  for (const [namespace, id] of Object.entries(activeCaipNetworkIds)) {
    if (id !== caipNetworkId || namespace === context.activeNamespace) continue
    const first = networksOf(networks, namespace)[0]
    if (first) activeCaipNetworkIds[namespace] = first.caipNetworkId
    else delete activeCaipNetworkIds[namespace]
  }
  return { networks, activeCaipNetworkIds }
}

/** The context with one more configured network; a duplicate id changes nothing. */
export function withNetwork(
  context: NetworkContext,
  network: Network,
): Partial<Pick<NetworkContext, 'networks' | 'activeCaipNetworkIds'>> {
  if (findNetwork(context.networks, network.caipNetworkId)) return {}
  return {
    networks: [...context.networks, network],
    // A namespace that had no network starts on this one.
    activeCaipNetworkIds: {
      [network.chainNamespace]: network.caipNetworkId,
      ...context.activeCaipNetworkIds,
    },
  }
}

/** Anything carrying the machine's context: a snapshot, or a state from `@xstate/graph`. */
export interface NetworkSnapshotLike {
  readonly context: NetworkContext
}

export const selectActiveNamespace = (s: NetworkSnapshotLike): ChainNamespace =>
  s.context.activeNamespace

/** The active CAIP-2 id of a namespace (the active one by default), configured or not. */
export const selectActiveCaipNetworkId = (
  s: NetworkSnapshotLike,
  namespace?: ChainNamespace,
): CaipNetworkId | undefined => activeCaipNetworkIdOf(s.context, namespace)

/** The active configured network; `undefined` when the wallet is on a chain not configured. */
export const selectActiveNetwork = (
  s: NetworkSnapshotLike,
  namespace?: ChainNamespace,
): Network | undefined =>
  findNetwork(s.context.networks, activeCaipNetworkIdOf(s.context, namespace))

/** SPEC §2: whether UnsupportedChain applies to the active network now. */
export const selectIsUnsupportedChain = (s: NetworkSnapshotLike): boolean =>
  isUnsupportedIn(s.context, activeCaipNetworkIdOf(s.context))

/** The configured networks, of one namespace when given. */
export const selectNetworks = (
  s: NetworkSnapshotLike,
  namespace?: ChainNamespace,
): readonly Network[] =>
  namespace === undefined ? s.context.networks : networksOf(s.context.networks, namespace)

export const selectIsSwitchingNamespace = (s: NetworkSnapshotLike): boolean =>
  s.context.isSwitchingNamespace
export const selectPendingSwitch = (s: NetworkSnapshotLike): PendingSwitch | undefined =>
  s.context.pendingSwitch
export const selectLastError = (s: NetworkSnapshotLike): LatchError | undefined => s.context.error
