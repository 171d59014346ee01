/**
 * Every string the page without React shows, in one place. This page is a dev fixture proving
 * that core runs with no UI, not product UI, so it has no catalogue of its own; the e2e test
 * finds its buttons and fields by these same strings.
 */
export const messages = {
  heading: 'Latch without React',
  intro:
    'A plain TypeScript host: no React, no views, only the Latch instance’s helpers. The modal is never drawn; core runs every flow by itself, and the in-page dev wallet approves by itself.',
  noConfig:
    'No devnet configuration was served with this page. Start the playground with `npm start`.',
  actions: 'Helpers',
  connect: 'Connect the dev wallet',
  switchTo: (network: string) => `Switch to ${network}`,
  disconnect: 'Disconnect',
  readout: 'Account and network',
  fields: {
    status: 'Status',
    address: 'Address',
    caipAddress: 'CAIP address',
    network: 'Active network',
    caipNetworkId: 'Network id',
    wallets: 'Wallets discovered',
    statuses: 'Statuses seen',
    statusAtStart: 'Status at start',
    result: 'Last helper',
    logout: 'Logout',
  },
  none: '—',
  /** Joins the statuses subscribeAccount reported, in order. */
  statusSeparator: ' → ',
  listSeparator: ', ',
  pending: (helper: string) => `${helper}: pending`,
  connected: (address: string, wallet: string) => `connect: ${address} with ${wallet}`,
  switched: (network: string) => `switchNetwork: ${network} is active`,
  disconnected: 'disconnect: done',
  failed: (helper: string, code: string, message: string) => `${helper} failed: ${code} ${message}`,
  logoutIdle: 'not asked',
  logoutPending: (from: string) => `pending (asked while ${from})`,
  logoutSettled: (from: string, ms: number) => `settled in ${ms} ms (asked while ${from})`,
} as const
