import { farcasterOpenLink } from '@latch/core'
import { CopyLinkButton } from '../../components/pairing/CopyLinkButton.js'
import { QrCode } from '../../components/pairing/QrCode.js'
import { LinkButton } from '../../components/ui/LinkButton.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { FailureText } from '../shared/FailureText.js'
import type { ViewProps } from '../view-props.js'
import { useFarcasterLogin } from './useFarcasterLogin.js'

/**
 * Sign in with Farcaster (issue 12): the QR code of the sign-in link, the link to copy, and an
 * "open" link for a Farcaster app on this device (only an https, `farcaster://` or local page
 * link: core's `farcasterOpenLink`). Core runs the sign-in while this view is on show (its route
 * flow): the secure frame waits for the Farcaster app's approval, the embedded wallet connects
 * and the modal closes. The view renders the step and offers Cancel (leaving the view stops the
 * sign-in) and, after a failure (an expired channel: 'Session Expired'), Try again: a new QR code.
 */
export function ConnectingFarcaster(_: ViewProps<'ConnectingFarcaster'>) {
  const latch = useLatch()
  const t = useT()
  const { step, url, failure } = useFarcasterLogin()
  const retry = () => latch.actor.send({ type: 'RETRY' })
  const cancel = () => latch.modal.send({ type: 'GO_BACK' })
  const openLink = farcasterOpenLink(url)

  return (
    <div className="latch-center">
      {step === 'failed' && failure ? (
        <>
          <h3 className="latch-error">{t('view.ConnectingFarcaster.failed')}</h3>
          <FailureText failure={failure} />
          <button type="button" className="latch-button" onClick={retry}>
            {t('view.ConnectingFarcaster.retry')}
          </button>
        </>
      ) : step === 'connecting' || step === 'connected' ? (
        <div role="status">
          <span className="latch-spinner" aria-hidden="true" />
          <p className="latch-muted">{t('view.ConnectingFarcaster.connecting')}</p>
        </div>
      ) : (
        <>
          <h3 style={{ margin: 0 }}>{t('view.ConnectingFarcaster.scan')}</h3>
          <p className="latch-muted">{t('view.ConnectingFarcaster.hint')}</p>
          <QrCode value={url} label={t('view.ConnectingFarcaster.qr')} />
          <p role="status" className="latch-muted">
            {url ? t('view.ConnectingFarcaster.waiting') : t('view.ConnectingFarcaster.preparing')}
          </p>
          <CopyLinkButton uri={url} />
          {openLink ? (
            <LinkButton href={openLink}>{t('view.ConnectingFarcaster.open')}</LinkButton>
          ) : null}
        </>
      )}
      <button type="button" className="latch-button" onClick={cancel}>
        {t('view.ConnectingFarcaster.cancel')}
      </button>
    </div>
  )
}
