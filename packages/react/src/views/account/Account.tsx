import {
  nativeBalanceOf,
  type OptionalFeature,
  type ViewName,
  otherConnections,
  profileNameOf,
  safeImageUrl,
  selectActiveNetwork,
  walletIconUrl,
} from '@latch/core'
import { shortAddress } from '../../components/format.js'
import { useCopy } from '../../hooks/useCopy.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useLatchAccount, useLatchAccountData } from '../../hooks/useLatchAccount.js'
import { useLatchConnections } from '../../hooks/useLatchConnections.js'
import { useSelector, useSharedSelector } from '../../hooks/useSelector.js'
import type { MessageKey } from '../../i18n/translator.js'
import { NetworkLogo } from '../shared/KnownLogo.js'
import type { ViewProps } from '../view-props.js'
import { AccountEmail } from './AccountEmail.js'
import { AccountTabs } from './AccountTabs.js'
import { BalanceText } from './BalanceText.js'
import { OtherConnections } from './OtherConnections.js'

/**
 * The connected account: who (profile name or address, with copy; an email login's address,
 * with Edit email), which wallet, the native balance, the network (a way into Networks), the
 * Tokens / NFTs / Activity tabs, the other connections, and Disconnect. Core routes away from
 * this view once nothing is connected.
 */
export function Account(_: ViewProps<'Account'>) {
  const latch = useLatch()
  const t = useT()
  const { address } = useLatchAccount()
  const data = useLatchAccountData()
  const { connections, current, switchConnection } = useLatchConnections()
  const network = useSharedSelector(latch.network, (s) =>
    selectActiveNetwork(s, current?.namespace),
  )
  // Every hook runs before the early return below, so the hook order never changes.
  const copy = useCopy('address.copied', 'view.Account.copyFailed')
  // Between the disconnect and core's route change there is no account to show.
  if (!address) return null

  const balance = nativeBalanceOf(data, network)
  const profileName = profileNameOf(data)
  // SPEC §7 identity: the avatar is anyone's URL, so only what core's image rule keeps is shown.
  const avatar = safeImageUrl(data.profileImage)
  const others = otherConnections(connections, current)

  return (
    <div>
      <div className="latch-center">
        {/* The wallet's own icon is untrusted: core's image rule, else its generated icon. */}
        {avatar ? (
          <img className="latch-avatar" src={avatar} alt="" />
        ) : current?.connector ? (
          <img className="latch-avatar" src={walletIconUrl(current.connector)} alt="" />
        ) : null}
        <p style={{ margin: 0, display: 'flex', alignItems: 'center', gap: 4 }}>
          <span style={{ fontWeight: 600 }}>{profileName ?? shortAddress(address)}</span>
          <button
            type="button"
            className="latch-icon-button"
            aria-label={t('address.copy')}
            onClick={() => void copy(address)}
          >
            <CopyIcon />
          </button>
        </p>
        {profileName ? <span className="latch-muted">{shortAddress(address)}</span> : null}
        <AccountEmail />
        <BalanceText balance={balance} />
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          onClick={() => latch.modal.send({ type: 'PUSH', route: { view: 'Networks' } })}
        >
          {network ? <NetworkLogo network={network} /> : null}
          <span>{network?.name ?? t('view.Account.unknownNetwork')}</span>
          {/* The visible name comes first, so speech and sight agree (WCAG 2.5.3). */}{' '}
          <span className="latch-visually-hidden">{t('view.Account.changeNetwork')}</span>
        </button>
      </div>
      <WalletFeatureButtons />
      <AccountTabs balance={balance} network={network} />
      {others.length > 0 ? (
        <OtherConnections
          connections={others}
          onSwitch={(c) => switchConnection(c.connectorId, c.namespace)}
        />
      ) : null}
      <div className="latch-center">
        <button
          type="button"
          className="latch-button"
          data-variant="danger"
          onClick={() => void latch.disconnect()}
        >
          {t('view.Account.disconnect')}
        </button>
      </div>
    </div>
  )
}

/**
 * SPEC §9's wallet feature order. Onramp and swaps have no view in this build, so they are
 * never shown (their options are refused until their issue lands); each other one shows when
 * its feature is on, and pushes its view, so Back returns to Account.
 */
const walletFeatures: ReadonlyArray<{
  feature: Extract<OptionalFeature, 'onramp' | 'swaps' | 'receive' | 'send'>
  view?: Extract<ViewName, 'Receive' | 'Send'>
  label?: MessageKey
}> = [
  { feature: 'onramp' },
  { feature: 'swaps' },
  { feature: 'receive', view: 'Receive', label: 'view.Receive.title' },
  { feature: 'send', view: 'Send', label: 'view.Send.title' },
]

function WalletFeatureButtons() {
  const latch = useLatch()
  const t = useT()
  const features = useSelector(latch.actor, (s) => s.context.features)
  const shown = walletFeatures.filter((f) => f.view && f.label && features[f.feature] === true)
  if (shown.length === 0) return null
  return (
    <div style={{ display: 'flex', gap: 8, justifyContent: 'center' }}>
      {shown.map(({ feature, view, label }) =>
        view && label ? (
          <button
            key={feature}
            type="button"
            className="latch-button"
            data-variant="secondary"
            onClick={() => latch.modal.send({ type: 'PUSH', route: { view } })}
          >
            {t(label)}
          </button>
        ) : null,
      )}
    </div>
  )
}

function CopyIcon() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="none">
      <rect x="5" y="5" width="9" height="9" rx="1.5" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  )
}
