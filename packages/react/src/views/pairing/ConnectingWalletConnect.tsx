import {
  selectPairingWallet,
  walletAppLinks,
  walletIconUrl,
  type DirectoryWallet,
  type WalletAppLink,
} from '@latch/core'
import { useChildSelector } from '../../hooks/useChildSelector.js'
import { useSelector } from '../../hooks/useSelector.js'
import { PairingPanel } from '../../components/pairing/PairingPanel.js'
import { usePairing } from '../../components/pairing/use-pairing.js'
import { LinkButton } from '../../components/ui/LinkButton.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import type { MessageKey } from '../../i18n/translator.js'
import type { ViewProps } from '../view-props.js'

/**
 * Pairing over WalletConnect (SPEC §4): the QR code of the pairing URI, Copy link, and, for a
 * wallet chosen from the directory, its name, icon and links that open its app on the URI.
 * Core starts the pairing as this view opens, offers a fresh URI before the old one expires,
 * abandons it when the view closes, and connects the session once the wallet approves.
 */
export function ConnectingWalletConnect(_: ViewProps<'ConnectingWalletConnect'>) {
  const t = useT()
  const pairing = usePairing()
  // Core's pairing run finds the chosen wallet's directory entry (no view fetches).
  const run = useSelector(useLatch().actor, (s) => s.context.run?.refs.pairing)
  const wallet = useChildSelector(run, selectPairingWallet)
  return (
    <div className="latch-center">
      {wallet ? (
        <img
          className="latch-avatar"
          src={walletIconUrl(wallet)}
          alt=""
          style={{ width: 48, height: 48 }}
        />
      ) : null}
      <h3 style={{ margin: 0 }}>
        {wallet
          ? t('view.ConnectingWalletConnect.scanWallet', { wallet: wallet.name })
          : t('view.ConnectingWalletConnect.scan')}
      </h3>
      <PairingPanel
        pairing={pairing}
        qrLabel={wallet ? t('pairing.qrWallet', { wallet: wallet.name }) : t('pairing.qr')}
      >
        {wallet && pairing.uri ? <OpenWalletLinks wallet={wallet} uri={pairing.uri} /> : null}
      </PairingPanel>
    </div>
  )
}

const OPEN_LABEL: Record<WalletAppLink['kind'], MessageKey> = {
  mobile: 'view.ConnectingWalletConnect.openMobile',
  desktop: 'view.ConnectingWalletConnect.openDesktop',
}

/**
 * Links that open the wallet's own app on the pairing URI (core's walletAppLinks: this device's
 * app first, only vetted links), on the instance's own idea of "phone".
 */
function OpenWalletLinks({ wallet, uri }: { wallet: DirectoryWallet; uri: string }) {
  const t = useT()
  const isMobile = useSelector(useLatch().modal, (s) => s.context.facts.isMobile)
  const links = walletAppLinks(wallet, uri, isMobile)
  if (links.length === 0) return null
  return (
    <ul className="latch-list" style={{ width: '100%' }}>
      {links.map(({ kind, href }) => (
        <li key={kind}>
          <LinkButton href={href}>{t(OPEN_LABEL[kind], { wallet: wallet.name })}</LinkButton>
        </li>
      ))}
    </ul>
  )
}
