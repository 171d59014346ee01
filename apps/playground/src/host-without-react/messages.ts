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
  /** Sign in with the wallet (issue 30), shown with `?siwx=optional` or `?siwx=required`. */
  signIn: {
    heading: 'Sign in with the wallet',
    signIn: 'Sign in',
    signOut: 'Sign out',
    askServer: 'Ask the server who I am',
    fields: {
      status: 'Status',
      account: 'Signed in as',
      statuses: 'Statuses seen',
      prompts: 'Sign-in prompts',
      result: 'Last sign-in helper',
    },
    /** A session's account, as SPEC §3's message data states it. */
    account: (chainId: string, address: string) => `${chainId} ${address}`,
    /** How many sign-in runs the page saw start, and whether one is on show now. */
    prompts: (count: number, onShow: boolean) => `${count}${onShow ? ' (one on show)' : ''}`,
    signedIn: (chainId: string, address: string) => `signIn: ${chainId} ${address}`,
    signedOut: 'signOut: done',
    /** `GET /v1/siwx/me` answered for this account. */
    serverSays: (chainId: string, address: string) => `me: ${chainId} ${address}`,
    /** `GET /v1/siwx/me` refused the token (401 once it was signed out). */
    serverRefused: (status: number) => `me: refused (${status})`,
    noToken: 'me: the session carries no token',
  },
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
