import type { Route, ViewName } from '@latch/core'
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { useT } from '../hooks/useLatch.js'
import type { MessageKey } from '../i18n/translator.js'
import { Account } from './Account/Account.js'
import { Connect } from './Connect/Connect.js'
import { WalletSection } from './Connect/WalletSection.js'
import { ConnectSectionsContext, type ConnectSections } from './connect-sections.js'
import { EmailSection } from './ConnectingEmail/EmailSection.js'
import { FarcasterButton } from './ConnectingFarcaster/FarcasterButton.js'
import { SocialSection } from './ConnectingSocial/SocialSection.js'
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
    import('./AllWallets/AllWallets.js').then((m) => m.AllWallets),
  ),
  ConnectingExternal: lazyView<'ConnectingExternal'>(() =>
    import('./ConnectingExternal/ConnectingExternal.js').then((m) => m.ConnectingExternal),
  ),
  ConnectingWalletConnect: lazyView<'ConnectingWalletConnect'>(() =>
    import('./ConnectingWalletConnect/ConnectingWalletConnect.js').then(
      (m) => m.ConnectingWalletConnect,
    ),
  ),
  ConnectingWalletConnectBasic: lazyView<'ConnectingWalletConnectBasic'>(() =>
    import('./ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.js').then(
      (m) => m.ConnectingWalletConnectBasic,
    ),
  ),
  Networks: lazyView<'Networks'>(() => import('./Networks/Networks.js').then((m) => m.Networks)),
  SwitchNetwork: lazyView<'SwitchNetwork'>(() =>
    import('./SwitchNetwork/SwitchNetwork.js').then((m) => m.SwitchNetwork),
  ),
  SwitchActiveChain: lazyView<'SwitchActiveChain'>(() =>
    import('./SwitchActiveChain/SwitchActiveChain.js').then((m) => m.SwitchActiveChain),
  ),
  UnsupportedChain: lazyView<'UnsupportedChain'>(() =>
    import('./UnsupportedChain/UnsupportedChain.js').then((m) => m.UnsupportedChain),
  ),
  // Send and Receive (with its QR library) add nothing to the first paint: their own chunks.
  Send: lazyView<'Send'>(() => import('./Send/Send.js').then((m) => m.Send)),
  Receive: lazyView<'Receive'>(() => import('./Receive/Receive.js').then((m) => m.Receive)),
  // Email login and the embedded wallet (issue 17): loaded when a login or approval shows them.
  EmailVerifyOtp: lazyView<'EmailVerifyOtp'>(() =>
    import('./EmailVerifyOtp/EmailVerifyOtp.js').then((m) => m.EmailVerifyOtp),
  ),
  EmailVerifyDevice: lazyView<'EmailVerifyDevice'>(() =>
    import('./EmailVerifyDevice/EmailVerifyDevice.js').then((m) => m.EmailVerifyDevice),
  ),
  UpdateEmailWallet: lazyView<'UpdateEmailWallet'>(() =>
    import('./UpdateEmailWallet/UpdateEmailWallet.js').then((m) => m.UpdateEmailWallet),
  ),
  UpdateEmailPrimaryOtp: lazyView<'UpdateEmailPrimaryOtp'>(() =>
    import('./UpdateEmailPrimaryOtp/UpdateEmailPrimaryOtp.js').then((m) => m.UpdateEmailPrimaryOtp),
  ),
  UpdateEmailSecondaryOtp: lazyView<'UpdateEmailSecondaryOtp'>(() =>
    import('./UpdateEmailSecondaryOtp/UpdateEmailSecondaryOtp.js').then(
      (m) => m.UpdateEmailSecondaryOtp,
    ),
  ),
  ApproveTransaction: lazyView<'ApproveTransaction'>(() =>
    import('./ApproveTransaction/ApproveTransaction.js').then((m) => m.ApproveTransaction),
  ),
  // Social login (issue 12): loaded when a login shows it (the buttons are on Connect).
  ConnectingSocial: lazyView<'ConnectingSocial'>(() =>
    import('./ConnectingSocial/ConnectingSocial.js').then((m) => m.ConnectingSocial),
  ),
  // Sign in with Farcaster (issue 12): its QR view, loaded when a sign-in shows it.
  ConnectingFarcaster: lazyView<'ConnectingFarcaster'>(() =>
    import('./ConnectingFarcaster/ConnectingFarcaster.js').then((m) => m.ConnectingFarcaster),
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
