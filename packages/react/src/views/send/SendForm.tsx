import type { SendActor } from '@latch/core'
import { useId, type FormEvent } from 'react'
import { useT } from '../../hooks/useLatch.js'
import { useLatchSend } from '../../hooks/useLatchSend.js'
import { errorKey } from '../../i18n/translator.js'
import { FeeLine, ResolvedReceiver } from './SendDetails.js'
import { TokenPicker } from './TokenPicker.js'
import { useTaskFocus } from '../../modal/task-focus.js'

const fieldStyle = { display: 'grid', gap: 4 } as const

/**
 * The send form. It paints core's send machine and sends it the visitor's intents, nothing
 * more: every keystroke is one event, the machine checks the form against the SPEC rules, and
 * the message shown is core's (`selectSendProblem`), so no effect starts work here. Enter in
 * any field sends (a native form submit), so the whole flow works from the keyboard.
 */
export function SendForm({ actor }: { actor: SendActor }) {
  const t = useT()
  // Focus lands here when the view shows (issue 37: focus where the task is).
  const task = useTaskFocus()
  const { view, send, retry } = useLatchSend(actor)
  const ids = { token: useId(), amount: useId(), receiver: useId(), problem: useId() }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!view.loading) send({ type: 'SEND' })
  }
  const describedBy = view.problem && !view.canRetry ? ids.problem : undefined

  return (
    <form
      aria-label={t('view.Send.form')}
      onSubmit={submit}
      noValidate
      style={{ display: 'grid', gap: 12 }}
    >
      <div style={fieldStyle}>
        <label htmlFor={ids.token}>{t('view.Send.token')}</label>
        <TokenPicker
          id={ids.token}
          tokens={view.tokenBalances}
          selected={view.token}
          onChoose={(token) => send({ type: 'SET_TOKEN', token })}
        />
      </div>
      <div style={fieldStyle}>
        <label htmlFor={ids.amount}>{t('view.Send.amount')}</label>
        <div style={{ display: 'flex', gap: 8 }}>
          <input
            {...task}
            id={ids.amount}
            className="latch-input"
            inputMode="decimal"
            autoComplete="off"
            value={view.amount}
            aria-describedby={describedBy}
            onChange={(event) => send({ type: 'SET_AMOUNT', amount: event.target.value })}
          />
          <button
            type="button"
            className="latch-button"
            data-variant="secondary"
            disabled={view.max === undefined}
            aria-label={
              view.max !== undefined && view.token
                ? t('view.Send.maxLabel', { amount: view.max, symbol: view.token.symbol })
                : undefined
            }
            onClick={() => view.max !== undefined && send({ type: 'SET_AMOUNT', amount: view.max })}
          >
            {t('view.Send.max')}
          </button>
        </div>
      </div>
      <div style={fieldStyle}>
        <label htmlFor={ids.receiver}>{t('view.Send.receiver')}</label>
        <input
          id={ids.receiver}
          className="latch-input"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={view.receiverText}
          aria-describedby={describedBy}
          onChange={(event) => send({ type: 'SET_RECEIVER', receiver: event.target.value })}
        />
        {view.receiver ? <ResolvedReceiver receiver={view.receiver} /> : null}
      </div>
      {/* Live regions exist before their text changes, so screen readers hear every update. */}
      <p role="status" style={{ margin: 0, minHeight: '1.5em' }}>
        {view.status === 'resolvingName' ? (
          <span className="latch-muted">{t('view.Send.resolving')}</span>
        ) : view.status === 'sending' ? (
          <span className="latch-muted">{t('view.Send.confirmInWallet')}</span>
        ) : (
          <FeeLine fee={view.fee} estimating={view.status === 'estimating'} />
        )}
      </p>
      {/* A rule broken while typing is said politely; a failed send interrupts (an alert). */}
      <p id={ids.problem} className="latch-error" aria-live="polite" style={{ margin: 0 }}>
        {view.problem && !view.canRetry
          ? t(errorKey(view.problem.code), view.problem.values)
          : null}
      </p>
      {view.problem && view.canRetry ? (
        <p role="alert" className="latch-error" style={{ margin: 0 }}>
          {t(errorKey(view.problem.code), view.problem.values)}
        </p>
      ) : null}
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        {view.canRetry ? (
          <button type="button" className="latch-button" data-variant="secondary" onClick={retry}>
            {t('view.Send.retry')}
          </button>
        ) : null}
        <button
          type="submit"
          className="latch-button"
          disabled={view.loading}
          aria-busy={view.loading}
          aria-describedby={describedBy}
        >
          {t(view.loading ? 'view.Send.sending' : 'view.Send.submit')}
        </button>
      </div>
    </form>
  )
}
