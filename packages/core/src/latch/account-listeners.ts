import type { BalanceTarget } from '../balances/balance-rules.js'
import type { AccountDataTarget } from '../machines/account-data.types.js'
import type { IdentityActor } from '../flows/port.js'
import { balanceTargetOf, type Report } from './listeners.js'
import type { LatchChildren } from './root-events.js'

/** The Account tabs read the current account on its active, configured network only. */
export function accountDataTargetOf(
  target: BalanceTarget | undefined,
): AccountDataTarget | undefined {
  if (!target?.network) return undefined
  const { namespace, address, network } = target
  return {
    key: [namespace, address, network.caipNetworkId].join('|'),
    namespace,
    address,
    caipNetworkId: network.caipNetworkId,
  }
}

/**
 * The account side of the listeners, run while the instance does: whose data the Account tabs
 * show (reported as ACCOUNT_TARGET when it changes; the root tells the account-data machine),
 * what that machine emits, and the current account's name and avatar (the identity reader, a
 * child of the root, told each new account and network; its answers reported for the root to
 * store).
 */
export function watchAccount(
  children: Pick<LatchChildren, 'connection' | 'network' | 'accountData'>,
  identity: IdentityActor,
  report: Report,
): () => void {
  const { connection, network, accountData } = children
  const subscriptions = [
    identity.on('profile', ({ namespace, data }) =>
      report({ type: 'identity.profile', namespace, data }),
    ),
    accountData.on('historyFailed', () => report({ type: 'accountData.historyFailed' })),
  ]
  let lastKey: string | undefined | null = null
  let lastTabsKey: string | undefined | null = null
  const follow = () => {
    const target = balanceTargetOf(connection.getSnapshot(), network.getSnapshot())
    if (target?.key !== lastKey) {
      lastKey = target?.key
      identity.send({ type: 'TARGET', target })
    }
    const tabs = accountDataTargetOf(target)
    if (tabs?.key !== lastTabsKey) {
      lastTabsKey = tabs?.key
      report({ type: 'ACCOUNT_TARGET', target: tabs })
    }
  }
  subscriptions.push(connection.subscribe(follow), network.subscribe(follow))
  follow()
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
}
