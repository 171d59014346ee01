import type { TokenBalance } from '../../balances/token-balance.js'
import type { ConnectionSnapshot } from '../../machines/connection.selectors.js'
import type { NetworkSnapshotLike } from '../../machines/network-rules.js'
import { nativeTokenOf, type SendAccount } from './send-rules.js'
import { balanceTargetOf } from '../../balances/current-target.js'
import { isConnectedSnapshot } from '../../machines/connection.selectors.js'
import type { LatchChildren } from '../children.js'
import type { SendServiceEvent } from './send.types.js'
import type { PendingTransactionsActor } from './pending-transactions.machine.js'
import type { SendActor } from './send.machine.js'

/** The account a send is made from: the current one, on its namespace's active network. */
export function sendAccountOf(
  connection: ConnectionSnapshot,
  network: NetworkSnapshotLike,
): SendAccount | undefined {
  const target = balanceTargetOf(connection, network)
  if (!target?.network) return undefined
  return { connectorId: target.connectorId, address: target.address, network: target.network }
}

/** The account's token balances on the account's network, as the balance machine stored them. */
export function sendBalancesOf(
  connection: ConnectionSnapshot,
  account: SendAccount | undefined,
): { tokenBalances: readonly TokenBalance[]; networkBalanceInUSD?: string } {
  if (!account) return { tokenBalances: [] }
  const { network } = account
  const stored = connection.context.accountData[network.chainNamespace]?.tokenBalance ?? []
  const tokenBalances = stored.filter((token) => token.chainId === network.caipNetworkId)
  const nativeValue = nativeTokenOf(tokenBalances, network)?.value
  return {
    tokenBalances,
    ...(nativeValue !== undefined ? { networkBalanceInUSD: String(nativeValue) } : {}),
  }
}

const accountKey = (account: SendAccount | undefined) =>
  account ? [account.connectorId, account.address, account.network.caipNetworkId].join('|') : ''

/**
 * What the send flow's keeper listens to, while the instance runs: the account and balances the
 * form is for (reported when they change), what the form and the pending-transactions machine
 * emit, the network machine's form reset on a switch to another namespace (SPEC §4), and the
 * account leaving (nothing is followed then). It decides nothing: the keeper's chart does.
 */
export function watchSend(
  children: Pick<LatchChildren, 'connection' | 'network'> & {
    sendForm: SendActor
    pendingTransactions: PendingTransactionsActor
  },
  report: (event: SendServiceEvent) => void,
): () => void {
  const { connection, network, sendForm, pendingTransactions } = children
  let lastAccount: string | null = null
  let lastBalances: readonly TokenBalance[] | null = null
  let lastValue: string | undefined
  let wasConnected = isConnectedSnapshot(connection.getSnapshot())
  const follow = () => {
    const connected = isConnectedSnapshot(connection.getSnapshot())
    if (wasConnected && !connected) report({ type: 'DISCONNECTED' })
    wasConnected = connected
    const account = sendAccountOf(connection.getSnapshot(), network.getSnapshot())
    if (accountKey(account) !== lastAccount) {
      lastAccount = accountKey(account)
      report({ type: 'SEND_ACCOUNT', account })
    }
    const balances = sendBalancesOf(connection.getSnapshot(), account)
    // The stored list is one array until the balance machine stores another; filtering makes a
    // new one each time, so compare its members.
    const same =
      lastBalances?.length === balances.tokenBalances.length &&
      balances.tokenBalances.every((token, index) => token === lastBalances?.[index]) &&
      lastValue === balances.networkBalanceInUSD
    if (same) return
    lastBalances = balances.tokenBalances
    lastValue = balances.networkBalanceInUSD
    report({ type: 'SEND_BALANCES', ...balances })
  }
  const subscriptions = [
    connection.subscribe(follow),
    network.subscribe(follow),
    network.on('sendFormReset', () => report({ type: 'network.sendFormReset' })),
    sendForm.on('sent', ({ hash, network: sentOn, kind, after, transfer }) =>
      report({ type: 'send.sent', hash, network: sentOn, kind, after, transfer }),
    ),
    sendForm.on('failed', ({ error }) => report({ type: 'send.failed', error })),
    pendingTransactions.on('toast', ({ toast }) =>
      report({ type: 'pendingTransactions.toast', toast }),
    ),
    pendingTransactions.on('settled', () => report({ type: 'pendingTransactions.settled' })),
  ]
  follow()
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
}
