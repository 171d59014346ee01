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
  emailLogin: 'Email login',
  emailField: 'Email address',
  emailSubmit: 'Log in by email',
  codeField: 'Code from the email',
  codeSubmit: 'Submit the code',
  /** The email login's status line: no login has run on this page yet. */
  emailIdle: 'email login: none started',
  /** The login's step (selectEmailLogin's `step`: sendingCode, enteringCode, verifying…). */
  emailStep: (step: string) => `email login: ${step}`,
  /** The login's failure (AuthFailure's message), and the step it went back to. */
  emailFailed: (step: string, message: string) => `email login: ${step}, failed: ${message}`,
  /** The login's run stopped (it connected, or the modal closed or moved on): its last step. */
  emailEnded: (step: string) => `email login: ended at ${step}`,
  /** The code was submitted while no login runs: there is nothing to send it to. */
  emailNoLogin: 'email login: none running to take the code',
  readout: 'Account and network',
  fields: {
    status: 'Status',
    address: 'Address',
    embeddedWallet: 'Embedded wallet',
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
  /** The readout's embedded wallet: how it was logged in, and as whom. */
  embeddedWallet: (authProvider: string, user: string) => `${authProvider}: ${user}`,
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
