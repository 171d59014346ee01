import type { ChainNamespace } from '../identifiers/types.js'
import type { Network } from '../network/network.js'

/** SPEC §3 social providers, in the SPEC's order. */
export const socialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof socialProviders)[number]

/**
 * The modal's views (SPEC §2) and the data each one carries. `undefined` means the view takes
 * no data. A view's data is typed here once, so `push('SwitchNetwork')` without a network is a
 * compile error rather than a blank screen.
 */
export interface ViewDataMap {
  Connect: undefined
  Account: undefined
  AllWallets: undefined
  Networks: undefined
  ConnectingExternal: { connectorId: string }
  ConnectingWalletConnect: { walletId?: string }
  ConnectingWalletConnectBasic: undefined
  ConnectingFarcaster: undefined
  ConnectingSocial: { provider: SocialProvider }
  EmailVerifyOtp: { email: string }
  EmailVerifyDevice: { email: string }
  /** SPEC §4 email update: the new address, then a code to the old one, then one to the new one. */
  UpdateEmailWallet: undefined
  UpdateEmailPrimaryOtp: { email: string }
  UpdateEmailSecondaryOtp: { email: string }
  SwitchNetwork: { network: Network }
  SwitchActiveChain: {
    switchToChain: ChainNamespace
    /** Where to go once the namespace is active (the SPEC's flow goes to Connect). */
    navigateTo?: ViewName
    navigateWithReplace?: boolean
    network?: Network
  }
  UnsupportedChain: undefined
  RegisterAccountName: { suggestedName?: string }
  RegisterAccountNameSuccess: { name: string }
  SIWXSignMessage: undefined
  ApproveTransaction: undefined
  Swap: undefined
  SwapPreview: undefined
  WalletSend: undefined
  WalletSendPreview: undefined
  WalletReceive: undefined
  OnRampProviders: undefined
  Transactions: undefined
  /** Issue 15: the send form (core's send machine, `latch.sendForm`). */
  Send: undefined
  /** Issue 15: the current account's address, its QR code, and the networks it works on. */
  Receive: undefined
}

export type ViewName = keyof ViewDataMap

/** A view together with its data: the unit the router keeps in its history. */
export type Route = {
  [V in ViewName]: ViewDataMap[V] extends undefined
    ? { view: V; data?: undefined }
    : { view: V; data: ViewDataMap[V] }
}[ViewName]

export type RouteOf<V extends ViewName> = Extract<Route, { view: V }>

/** Builds a route with its typed data: `route('SwitchNetwork', { network })`. */
export function route<V extends ViewName>(
  view: V,
  ...data: ViewDataMap[V] extends undefined ? [] : [ViewDataMap[V]]
): RouteOf<V> {
  return (data.length ? { view, data: data[0] } : { view }) as RouteOf<V>
}

/**
 * Views that only make sense with a connected wallet. The router never shows them while
 * disconnected: an explicit request for one opens Connect instead.
 */
export const connectedOnlyViews: ReadonlySet<ViewName> = new Set<ViewName>([
  'Account',
  'WalletSend',
  'WalletSendPreview',
  'WalletReceive',
  'Send',
  'Receive',
  'Swap',
  'SwapPreview',
  'Transactions',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'SIWXSignMessage',
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
  // The wallet's network is what is unsupported: without a wallet there is nothing to show.
  'UnsupportedChain',
])

/**
 * What other machines ask of the router. They emit these (xstate `emit`) and the root system
 * forwards them to the modal machine, so no machine imports another.
 */
export type NavigationRequest =
  | { type: 'navigate'; action: 'push' | 'replace' | 'reset'; route: Route }
  | { type: 'navigate'; action: 'goBack' }
  | { type: 'navigate'; action: 'open'; route: Route }
