import type { AccountState, Network } from '@latch/core'
import { messages } from './messages.js'

/** Where the host's logout stands: asked from which status, and how long it took to settle. */
export type LogoutState =
  | { state: 'idle' }
  | { state: 'pending'; from: string }
  | { state: 'settled'; from: string; ms: number }

/** Everything the page shows, read from the instance's helpers by main.ts. */
export interface ReadoutState {
  account: AccountState
  network: Network | undefined
  wallets: readonly string[]
  /** The status when the page subscribed, then each status subscribeAccount reported, in order. */
  statuses: readonly string[]
  /** The status right after `latch.start()`: 'reconnecting' when reconnect-on-load began. */
  statusAtStart: string
  /** What the last helper called resolved or rejected with. */
  result: string
  logout: LogoutState
}

type Field = keyof typeof messages.fields

/**
 * A definition list with one `<dd data-field="…">` per field: the readout a person reads and
 * the e2e test checks. The logout field also carries its state as data attributes, so the test
 * reads numbers rather than parsing text.
 */
export function mountReadout(parent: HTMLElement): (state: ReadoutState) => void {
  const list = document.createElement('dl')
  list.className = 'values'
  const cells = {} as Record<Field, HTMLElement>
  for (const field of Object.keys(messages.fields) as Field[]) {
    const row = document.createElement('div')
    const term = document.createElement('dt')
    term.textContent = messages.fields[field]
    const value = document.createElement('dd')
    value.dataset.field = field
    row.append(term, value)
    list.append(row)
    cells[field] = value
  }
  parent.append(list)

  return (state) => {
    const text: Record<Field, string> = {
      status: state.account.status,
      address: state.account.address ?? messages.none,
      embeddedWallet: embeddedWalletText(state.account),
      caipAddress: state.account.caipAddress ?? messages.none,
      network: state.network?.name ?? messages.none,
      caipNetworkId: state.network?.caipNetworkId ?? messages.none,
      wallets: state.wallets.join(messages.listSeparator) || messages.none,
      statuses: state.statuses.join(messages.statusSeparator),
      statusAtStart: state.statusAtStart,
      result: state.result || messages.none,
      logout: logoutText(state.logout),
    }
    for (const field of Object.keys(text) as Field[]) cells[field].textContent = text[field]
    const logout = cells.logout.dataset
    logout.state = state.logout.state
    if (state.logout.state !== 'idle') logout.from = state.logout.from
    if (state.logout.state === 'settled') logout.ms = String(state.logout.ms)
  }
}

/** The secure frame's wallet, when the account is one: its login and its user. */
function embeddedWalletText({ embeddedWalletInfo: info }: AccountState): string {
  if (!info) return messages.none
  const user = info.user?.email ?? info.user?.username ?? messages.none
  return messages.embeddedWallet(info.authProvider, user)
}

function logoutText(logout: LogoutState): string {
  switch (logout.state) {
    case 'idle':
      return messages.logoutIdle
    case 'pending':
      return messages.logoutPending(logout.from)
    case 'settled':
      return messages.logoutSettled(logout.from, logout.ms)
  }
}
