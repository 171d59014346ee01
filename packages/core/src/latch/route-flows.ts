import type { Route, ViewName } from '../router/routes.js'

export { ASYNC_INJECTION_WAIT_MS } from '../flows/connect-external/injection-wait.js'

/** The flows a view implies. Showing the view starts its flow; leaving the view stops it. */
export type RouteFlow =
  'choosingWallet' | 'browsingWallets' | 'sending' | 'connectingSocial' | 'connectingFarcaster'

/**
 * Which view starts which flow: the one table a new flow is added to. A host that opens one of
 * these views (`latch.open({ route })`) gets the same flow as a user who navigates there.
 */
export const routeFlows = {
  // The wallet lists: Connect's loads once per instance, AllWallets browses while on show.
  Connect: 'choosingWallet',
  AllWallets: 'browsingWallets',
  // Receive starts no flow: it reads the connection's snapshot (the address, the networks).
  Send: 'sending',
  // Issue 12: the social login, through its popup and the secure frame.
  ConnectingSocial: 'connectingSocial',
  // Issue 12: Sign in with Farcaster, a QR code the Farcaster app approves.
  ConnectingFarcaster: 'connectingFarcaster',
} as const satisfies Partial<Record<ViewName, RouteFlow>>

export function routeFlowOf(route: Route | undefined): RouteFlow | undefined {
  return route && route.view in routeFlows
    ? routeFlows[route.view as keyof typeof routeFlows]
    : undefined
}

/**
 * Two routes with the same key are one flow: moving between them (the generic QR view and
 * the basic one, say) must not restart it. `undefined`: the route starts no flow.
 */
export function flowKeyOf(route: Route | undefined): string | undefined {
  switch (route?.view) {
    case 'Connect':
      return 'wallets'
    case 'AllWallets':
      return 'all-wallets'
    case 'Send':
      return 'send'
    // One flow whatever the provider: choosing another restarts the login there, not the flow.
    case 'ConnectingSocial':
      return 'social'
    case 'ConnectingFarcaster':
      return 'farcaster'
    default:
      return undefined
  }
}
