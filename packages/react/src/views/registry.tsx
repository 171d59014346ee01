import type { Route, ViewName } from '@latch/core'
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { useT } from '../hooks/useLatch.js'
import type { MessageKey } from '../i18n/translator.js'
import { Account } from './account/Account.js'
import { Connect } from './choose-wallet/Connect.js'
import { WalletSection } from './choose-wallet/WalletSection.js'
import { ConnectSectionsContext, type ConnectSections } from './connect-sections.js'
import { EmailSection } from './email/EmailSection.js'
import { FarcasterButton } from './farcaster/FarcasterButton.js'
import { SocialSection } from './social/SocialSection.js'
import type { ViewProps } from './view-props.js'

type AnyView =
  ComponentType<{ route: never }> | LazyExoticComponent<ComponentType<{ route: never }>>

const lazyView = <V extends ViewName>(load: () => Promise<ComponentType<ViewProps<V>>>) =>
  lazy(async () => ({ default: await load() }))

/**
 * Connect and Account paint on the first frame after open; every other view is its own chunk,
 * loaded when first shown (the loading rule).
 */
export const views: Partial<Record<ViewName, AnyView>> = {
  Connect,
  Account,
  AllWallets: lazyView<'AllWallets'>(() =>
    import('./all-wallets/AllWallets.js').then((m) => m.AllWallets),
  ),
  ConnectingExternal: lazyView<'ConnectingExternal'>(() =>
    import('./connect-external/ConnectingExternal.js').then((m) => m.ConnectingExternal),
  ),
  ConnectingWalletConnect: lazyView<'ConnectingWalletConnect'>(() =>
    import('./pairing/ConnectingWalletConnect.js').then((m) => m.ConnectingWalletConnect),
  ),
  ConnectingWalletConnectBasic: lazyView<'ConnectingWalletConnectBasic'>(() =>
    import('./pairing/ConnectingWalletConnectBasic.js').then((m) => m.ConnectingWalletConnectBasic),
  ),
  Networks: lazyView<'Networks'>(() =>
    import('./switch-network/Networks.js').then((m) => m.Networks),
  ),
  SwitchNetwork: lazyView<'SwitchNetwork'>(() =>
    import('./switch-network/SwitchNetwork.js').then((m) => m.SwitchNetwork),
  ),
  SwitchActiveChain: lazyView<'SwitchActiveChain'>(() =>
    import('./switch-network/SwitchActiveChain.js').then((m) => m.SwitchActiveChain),
  ),
  UnsupportedChain: lazyView<'UnsupportedChain'>(() =>
    import('./switch-network/UnsupportedChain.js').then((m) => m.UnsupportedChain),
  ),
  // Send and Receive (with its QR library) add nothing to the first paint: their own chunks.
  Send: lazyView<'Send'>(() => import('./send/Send.js').then((m) => m.Send)),
  Receive: lazyView<'Receive'>(() => import('./receive/Receive.js').then((m) => m.Receive)),
  // Email login and the embedded wallet (issue 17): loaded when a login or approval shows them.
  EmailVerifyOtp: lazyView<'EmailVerifyOtp'>(() =>
    import('./email/EmailVerifyOtp.js').then((m) => m.EmailVerifyOtp),
  ),
  EmailVerifyDevice: lazyView<'EmailVerifyDevice'>(() =>
    import('./email/EmailVerifyDevice.js').then((m) => m.EmailVerifyDevice),
  ),
  UpdateEmailWallet: lazyView<'UpdateEmailWallet'>(() =>
    import('./update-email/UpdateEmailWallet.js').then((m) => m.UpdateEmailWallet),
  ),
  UpdateEmailPrimaryOtp: lazyView<'UpdateEmailPrimaryOtp'>(() =>
    import('./update-email/UpdateEmailPrimaryOtp.js').then((m) => m.UpdateEmailPrimaryOtp),
  ),
  UpdateEmailSecondaryOtp: lazyView<'UpdateEmailSecondaryOtp'>(() =>
    import('./update-email/UpdateEmailSecondaryOtp.js').then((m) => m.UpdateEmailSecondaryOtp),
  ),
  ApproveTransaction: lazyView<'ApproveTransaction'>(() =>
    import('./approve/ApproveTransaction.js').then((m) => m.ApproveTransaction),
  ),
  // Social login (issue 12): loaded when a login shows it (the buttons are on Connect).
  ConnectingSocial: lazyView<'ConnectingSocial'>(() =>
    import('./social/ConnectingSocial.js').then((m) => m.ConnectingSocial),
  ),
  // Sign in with the wallet (issue 30): loaded when a connect asks for a sign-in.
  SIWXSignMessage: lazyView<'SIWXSignMessage'>(() =>
    import('./sign-in/SIWXSignMessage.js').then((m) => m.SIWXSignMessage),
  ),
  // Sign in with Farcaster (issue 12): its QR view, loaded when a sign-in shows it.
  ConnectingFarcaster: lazyView<'ConnectingFarcaster'>(() =>
    import('./farcaster/ConnectingFarcaster.js').then((m) => m.ConnectingFarcaster),
  ),
}

/** The social buttons on Connect, Farcaster's (its own flow) in its place among them. */
function SocialButtons() {
  return <SocialSection FarcasterButton={FarcasterButton} />
}

/**
 * Each connect method's section, from its own flow; Connect places them in core's order. Eager,
 * as Connect is: they paint on its first frame.
 */
const connectSections: ConnectSections = {
  email: EmailSection,
  social: SocialButtons,
  wallet: WalletSection,
}

/** Each included view's modal title. */
const titles: Partial<Record<ViewName, MessageKey>> = {
  Connect: 'view.Connect.title',
  Account: 'view.Account.title',
  AllWallets: 'view.AllWallets.title',
  ConnectingExternal: 'view.ConnectingExternal.title',
  ConnectingWalletConnect: 'view.ConnectingWalletConnect.title',
  ConnectingWalletConnectBasic: 'view.ConnectingWalletConnectBasic.title',
  Networks: 'view.Networks.title',
  SwitchNetwork: 'view.SwitchNetwork.title',
  SwitchActiveChain: 'view.SwitchActiveChain.title',
  UnsupportedChain: 'view.UnsupportedChain.title',
  Send: 'view.Send.title',
  Receive: 'view.Receive.title',
  EmailVerifyOtp: 'view.EmailVerifyOtp.title',
  EmailVerifyDevice: 'view.EmailVerifyDevice.title',
  UpdateEmailWallet: 'view.UpdateEmailWallet.title',
  UpdateEmailPrimaryOtp: 'view.UpdateEmailPrimaryOtp.title',
  UpdateEmailSecondaryOtp: 'view.UpdateEmailSecondaryOtp.title',
  ApproveTransaction: 'view.ApproveTransaction.title',
  ConnectingSocial: 'view.ConnectingSocial.title',
  ConnectingFarcaster: 'view.ConnectingFarcaster.title',
  SIWXSignMessage: 'view.SIWXSignMessage.title',
}

/** The modal title of a view; one this build does not include is titled as unavailable. */
export function viewTitleKey(view: ViewName): MessageKey {
  return titles[view] ?? 'view.unavailableTitle'
}

/**
 * Renders the view for `route`, with the slots the registry fills (Connect's sections); a view
 * this build does not include says so plainly.
 */
export function ViewOutlet({ route }: { route: Route }) {
  const t = useT()
  const View = views[route.view] as ComponentType<{ route: Route }> | undefined
  if (!View) return <p className="latch-muted">{t('view.unavailable')}</p>
  return (
    <ConnectSectionsContext.Provider value={connectSections}>
      <View route={route} />
    </ConnectSectionsContext.Provider>
  )
}
