import type { AnyActorRef } from 'xstate'
import { messageFor } from '../errors/catalogue.js'
import { formatAmount } from '../identifiers/amount.js'
import {
  selectCurrentConnection,
  type ConnectionSnapshot,
} from '../machines/connection.selectors.js'
import { selectActiveNetwork, type NetworkSnapshotLike } from '../machines/network-rules.js'
import { isTestnet } from '../network/network.js'
import type { AdapterRegistry } from './adapter-actors.js'
import { isConnectedSnapshot } from './facts.js'

/** SPEC §8: a failed balance shows '0.00' with the network's symbol (ETH by default). */
export const BALANCE_FALLBACK = '0.00'

/**
 * Keeps the current account's native balance in the connection machine's account data: read
 * through the adapter (which caches and cools down, SPEC §4) whenever the account, its chain or
 * the active network changes. A failure shows 0.00 and the Token Balance Unavailable toast.
 */
export function createBalanceSync(deps: {
  registry: AdapterRegistry
  connection: AnyActorRef
  network: AnyActorRef
  toast: AnyActorRef
}) {
  let lastKey = ''
  let generation = 0
  const update = (namespace: string, data: object) =>
    deps.connection.send({ type: 'ACCOUNT_DATA_UPDATED', namespace, data })

  function sync() {
    const snapshot = deps.connection.getSnapshot() as ConnectionSnapshot
    const current = selectCurrentConnection(snapshot)
    const address = current?.accounts[0]?.address
    if (!current || !address || !isConnectedSnapshot(snapshot)) {
      lastKey = ''
      return
    }
    const network = selectActiveNetwork(
      deps.network.getSnapshot() as NetworkSnapshotLike,
      current.namespace,
    )
    const key = [current.namespace, current.chainReference, address, network?.caipNetworkId].join(
      '|',
    )
    if (key === lastKey) return
    lastKey = key
    const run = ++generation
    const adapter = deps.registry.get(current.namespace)
    // SPEC §9: testnets and unsupported chains show 0.00, without a read.
    if (
      !adapter ||
      !network ||
      isTestnet(network) ||
      String(network.id) !== current.chainReference
    ) {
      update(current.namespace, {
        balance: BALANCE_FALLBACK,
        balanceSymbol: network?.nativeCurrency.symbol ?? 'ETH',
        balanceLoading: false,
      })
      return
    }
    update(current.namespace, { balanceLoading: true })
    adapter
      .getBalance({ address, network })
      .then((balance) => {
        if (run !== generation) return
        update(current.namespace, {
          balance: formatAmount(balance.value, balance.decimals),
          balanceSymbol: balance.symbol,
          balanceLoading: false,
        })
      })
      .catch(() => {
        if (run !== generation) return
        update(current.namespace, {
          balance: BALANCE_FALLBACK,
          balanceSymbol: network.nativeCurrency.symbol,
          balanceLoading: false,
        })
        deps.toast.send({
          type: 'SHOW',
          toast: {
            code: 'TOKEN_BALANCE_UNAVAILABLE',
            message: messageFor('TOKEN_BALANCE_UNAVAILABLE'),
            variant: 'error',
          },
        })
      })
  }

  /** Forces a new read (after a send, say); the adapter's own cache still applies. */
  function refresh() {
    lastKey = ''
    sync()
  }
  return { sync, refresh }
}
