import type { LatchError } from '../errors/latch-error.js'
import { BALANCE_FALLBACK } from '../balances/balance-fallback.js'
import type { CaipNetworkId, ChainNamespace } from '../identifiers/types.js'
import type { AccountData, Connection } from '../machines/connection.types.js'
import {
  selectActiveCaipNetworkId,
  selectNetworks,
  type NetworkContext,
  type NetworkSnapshotLike,
} from '../machines/network-rules.js'
import type { Network } from '../network/network.js'

/**
 * Read-only answers for the account-side views (Account, Networks, SwitchNetwork): the views ask
 * these instead of deciding for themselves which connection is "other", when a balance is still
 * loading or where a network switch stands.
 */

type ConnectionKey = Pick<Connection, 'connectorId' | 'namespace'>

const sameConnection = (a: ConnectionKey, b: ConnectionKey) =>
  a.connectorId === b.connectorId && a.namespace === b.namespace

/** SPEC §4: several connections can exist; these are the ones that could become current. */
export function otherConnections(
  connections: readonly Connection[],
  current: ConnectionKey | undefined,
): Connection[] {
  return connections.filter((c) => !current || !sameConnection(c, current))
}

/** The profile name core resolved for the account, when it has a usable one (never blank). */
export function profileNameOf(data: AccountData): string | undefined {
  const name = data.profileName?.trim()
  return name ? name : undefined
}

/** The native balance as the Tokens tab and the header show it. */
export type NativeBalance =
  | { status: 'loading' }
  | {
      status: 'ready'
      /** Core's text: the exact amount read, or SPEC §8's '0.00' fallback. */
      balance: string
      /**
       * The balance is SPEC §8/§9's '0.00' (a failed read, a testnet or an unsupported chain), to
       * be shown as written. A real read never looks like it: amounts carry no trailing zeros.
       */
      isFallback: boolean
      symbol: string
      /** The native currency's name, when the active network is configured. */
      name?: string
    }

/**
 * Loading while core reads (`balanceLoading`), and before its first answer: core always answers
 * for a connected account (an amount, or '0.00' on failure or an unsupported chain), so an absent
 * balance means "not read yet", never "zero". The symbol falls back to the network's.
 */
export function nativeBalanceOf(data: AccountData, network: Network | undefined): NativeBalance {
  if (data.balanceLoading || data.balance === undefined) return { status: 'loading' }
  const symbol = data.balanceSymbol ?? network?.nativeCurrency.symbol ?? ''
  return {
    status: 'ready',
    balance: data.balance,
    isFallback: data.balance === BALANCE_FALLBACK,
    symbol,
    ...(network ? { name: network.nativeCurrency.name } : {}),
  }
}

/** One row of the network list. */
export interface NetworkOption {
  network: Network
  /** The network the active namespace is on: what a switch to it would leave unchanged. */
  isActive: boolean
}

/** The configured networks in the host's order (of one namespace when given), the active one marked. */
export function selectNetworkOptions(
  snapshot: NetworkSnapshotLike,
  namespace?: ChainNamespace,
): NetworkOption[] {
  const active = selectActiveCaipNetworkId(snapshot)
  return selectNetworks(snapshot, namespace).map((network) => ({
    network,
    isActive: network.caipNetworkId === active,
  }))
}

/**
 * Where a switch to one network stands:
 * - `requesting`: the wallet is asked to switch;
 * - `addingChain`: it did not know the chain and is asked to add it (SPEC §4: 4902, -32603, 5000);
 * - `retrying`: added, the switch is asked again;
 * - `failed`: nothing pending and the last switch failed (the error is kept until the next one);
 * - `idle`: nothing pending for this network and no failure.
 */
export type SwitchStatus =
  | { status: 'requesting' | 'addingChain' | 'retrying' }
  | { status: 'failed'; error: LatchError }
  | { status: 'idle' }

/** A network machine snapshot: its context and its state value. */
export interface NetworkStateLike {
  readonly context: NetworkContext
  readonly value: unknown
}

const switchSteps = ['requesting', 'addingChain', 'retrying'] as const

export function selectSwitchStatus(
  snapshot: NetworkStateLike,
  caipNetworkId: CaipNetworkId,
): SwitchStatus {
  const { pendingSwitch, error } = snapshot.context
  if (pendingSwitch) {
    if (pendingSwitch.network.caipNetworkId !== caipNetworkId) return { status: 'idle' }
    const value = snapshot.value as { switching?: unknown }
    const step = switchSteps.find((s) => s === value?.switching)
    return { status: step ?? 'requesting' }
  }
  return error ? { status: 'failed', error } : { status: 'idle' }
}
