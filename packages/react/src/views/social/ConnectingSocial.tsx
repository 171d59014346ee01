import { Spinner } from '../../components/ui/Spinner.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { FailureText } from '../shared/FailureText.js'
import type { ViewProps } from '../view-props.js'
import { providerNameKey } from './provider-name.js'
import { useSocialLogin } from './useSocialLogin.js'

/**
 * Waiting for the visitor to log in at the provider, in the popup (issue 12). Core runs the
 * login while this view is on show (its route flow): the popup goes to the provider, the secure
 * frame waits for the result, the embedded wallet connects and the modal closes. The view renders
 * the step, offers Cancel (leaving the view stops the login and closes the popup) and, after a
 * failure that stays here (a blocked popup, a frame that did not load), Try again: a fresh click,
 * which opens a new popup. A closed popup, a refusal or a timeout go back to Connect with a toast.
 * In a mini app (issue 29) the page itself goes to the provider and comes back: the view says
 * so, then shows the wallet connecting once the page is back.
 */
export function ConnectingSocial({ route }: ViewProps<'ConnectingSocial'>) {
  const { provider } = route.data
  const latch = useLatch()
  const t = useT()
  const login = useSocialLogin()
  const name = t(providerNameKey(provider))
  const retry = () => void latch.connectSocial(provider).catch(() => undefined)
  const cancel = () => latch.modal.send({ type: 'GO_BACK' })
  const { step, failure } = login

  return (
    <div className="latch-center">
      {step === 'failed' && failure ? (
        <>
          <h3 className="latch-error">
            {failure.kind === 'popupBlocked'
              ? t('view.ConnectingSocial.blocked')
              : t('view.ConnectingSocial.failed')}
          </h3>
          <FailureText failure={failure} />
        </>
      ) : step === 'returning' || step === 'connecting' || step === 'connected' ? (
        <div role="status">
          <span className="latch-spinner" aria-hidden="true" />
          <p className="latch-muted">{t('view.ConnectingSocial.connecting')}</p>
        </div>
      ) : login.redirect ? (
        <>
          <h3>{t('view.ConnectingSocial.leaving', { provider: name })}</h3>
          <p className="latch-muted">
            {t('view.ConnectingSocial.leavingHint', { provider: name })}
          </p>
          <div role="status">
            <Spinner label={t('view.ConnectingSocial.opening', { provider: name })} />
          </div>
        </>
      ) : (
        <>
          <h3>{t('view.ConnectingSocial.continueIn', { provider: name })}</h3>
          <p className="latch-muted">{t('view.ConnectingSocial.hint', { provider: name })}</p>
          <div role="status">
            <Spinner
              label={
                step === 'awaitingProvider'
                  ? t('view.ConnectingSocial.waiting', { provider: name })
                  : t('view.ConnectingSocial.opening', { provider: name })
              }
            />
          </div>
        </>
      )}
      {step === 'failed' ? (
        <button type="button" className="latch-button" onClick={retry}>
          {t('view.ConnectingSocial.retry')}
        </button>
      ) : null}
      <button type="button" className="latch-button" onClick={cancel}>
        {t('view.ConnectingSocial.cancel')}
      </button>
    </div>
  )
}
