import type { ChainNamespace } from '../identifiers/types.js'
import type { Network } from '../network/network.js'
import { connectedOnlyViews, type Route } from './routes.js'

/**
 * What the router needs to know about the rest of Latch. The root keeps these up to date from
 * the connection, network and sign-in machines, so the router stays a pure function of them.
 */
export interface RouterFacts {
  isConnected: boolean
  activeNamespace?: ChainNamespace
  /** The first requested (configured) network of each namespace, for opening rule 4. */
  firstNetworkByNamespace: Partial<Record<ChainNamespace, Network>>
  hasAdapters: boolean
  /** WalletConnect pairing is offered (the `walletConnect` option): the basic connection. */
  walletConnect: boolean
  manualWalletControl: boolean
  isMobile: boolean
  /** Embedded mode: the modal is part of the page and never really "closes". */
  embedded: boolean
  signInEnabled: boolean
  signInRequired: boolean
  hasSignInSession: boolean
  /** SPEC §2: the wallet is on a network the app does not support (the network machine's rule). */
  isUnsupportedChain: boolean
}

export const defaultRouterFacts: RouterFacts = {
  isConnected: false,
  firstNetworkByNamespace: {},
  hasAdapters: true,
  walletConnect: true,
  manualWalletControl: false,
  isMobile: false,
  embedded: false,
  signInEnabled: false,
  signInRequired: false,
  hasSignInSession: false,
  isUnsupportedChain: false,
}

export interface OpenRequest {
  /** Opening rule 1: an explicit view, with its data. */
  route?: Route
  /** Opening rule 4: a namespace to switch to. */
  namespace?: ChainNamespace
  /**
   * `false`: a connect made while this open lasts asks no sign-in (issue 30; a page where
   * sign-in is optional, reown-com/appkit#2218), and Close stays enabled.
   */
  siwx?: false
}

/** A view that needs a wallet is never shown while disconnected: Connect stands in for it. */
export function guardRoute(route: Route, facts: RouterFacts): Route {
  return !facts.isConnected && connectedOnlyViews.has(route.view) ? { view: 'Connect' } : route
}

/**
 * SPEC §2 opening rules, in order:
 * 1. an explicit view is shown with its data;
 * 4. a namespace other than the active one goes to the network switch for its first requested
 *    network, without confirmation (checked before 2 and 3, which ignore namespaces);
 * 2. no adapters or manual wallet control, and no connected address: AllWallets on mobile,
 *    ConnectingWalletConnectBasic otherwise. That basic connection is WalletConnect, so an
 *    instance without it skips to rule 3 rather than show a QR view that cannot work;
 * 3. Account if connected, otherwise Connect.
 */
export function resolveOpenRoute(request: OpenRequest, facts: RouterFacts): Route {
  if (request.route) return guardRoute(request.route, facts)
  if (request.namespace && request.namespace !== facts.activeNamespace) {
    const network = facts.firstNetworkByNamespace[request.namespace]
    if (network) return { view: 'SwitchNetwork', data: { network } }
  }
  const basicConnection = !facts.hasAdapters || facts.manualWalletControl
  if (basicConnection && facts.walletConnect && !facts.isConnected) {
    return facts.isMobile ? { view: 'AllWallets' } : { view: 'ConnectingWalletConnectBasic' }
  }
  return facts.isConnected ? { view: 'Account' } : { view: 'Connect' }
}

/** SPEC §2: closing resets the view to Connect; in embedded mode to Account if connected. */
export function resolveClosedRoute(facts: RouterFacts): Route {
  return facts.embedded && facts.isConnected ? { view: 'Account' } : { view: 'Connect' }
}

/**
 * SPEC §2/§4: close is disabled while sign-in is required and no session exists. Sign-in is
 * asked of a connected wallet, so with none connected there is nothing to wait for: the user
 * must always be able to close a modal they have not connected through.
 */
export function isCloseDisabled(facts: RouterFacts): boolean {
  return facts.isConnected && facts.signInRequired && !facts.hasSignInSession
}

/** SPEC §2: going back to Connect while a wallet is connected shows Account instead. */
export function resolveBackRoute(previous: Route, facts: RouterFacts): Route {
  return previous.view === 'Connect' && facts.isConnected
    ? { view: 'Account' }
    : guardRoute(previous, facts)
}

/** The facts the router decides by: an open asked with `siwx: false` waives sign-in. */
export function factsInForce(modal: { facts: RouterFacts; signInWaived: boolean }): RouterFacts {
  return modal.signInWaived
    ? { ...modal.facts, signInEnabled: false, signInRequired: false }
    : modal.facts
}

/**
 * Where the modal goes when a wallet connects while it is open: UnsupportedChain when the wallet
 * is on an unsupported network (SPEC §2); then the SPEC §4 sign-in flow: if sign-in
 * is enabled and no session exists, SIWXSignMessage; otherwise the modal is done (embedded mode
 * shows Account, since it cannot close).
 */
export function resolveConnectedRoute(facts: RouterFacts): Route | 'close' {
  // A wallet that arrives on an unsupported network must see why before anything else.
  if (facts.isUnsupportedChain) return { view: 'UnsupportedChain' }
  if (facts.signInEnabled && !facts.hasSignInSession) return { view: 'SIWXSignMessage' }
  return facts.embedded ? { view: 'Account' } : 'close'
}
