import {
  resolveOpenRoute,
  selectCanGoBack,
  selectIsCloseDisabled,
  selectModalState,
  selectRoute,
  type ModalSnapshot,
} from '@latch/core'
import { memo, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useSelector, useSharedSelector } from '../hooks/useSelector.js'
import { useLatch, useT } from '../hooks/useLatch.js'
import { useLatchTheme } from '../hooks/useLatchTheme.js'
import { modalStyles } from '../theme/styles.js'
import { themeStyle } from '../theme/theme.js'
import { Spinner } from '../components/ui/Spinner.js'
import { ViewOutlet, viewTitleKey } from '../views/registry.js'
import { AlertBar } from './AlertBar.js'
import { Dialog } from './Dialog.js'
import { useHeightMotion } from './height-motion.js'
import { taskControl } from './task-focus.js'
import { Prerender, useStableValue } from './Prerender.js'
import { ShadowHost } from './ShadowHost.js'
import { ToastRegion } from './ToastRegion.js'

/** The view a plain open would show (SPEC §2 opening rules), prepared while the modal is closed. */
const selectNextOpenRoute = (snapshot: ModalSnapshot) =>
  resolveOpenRoute({}, snapshot.context.facts)

/** Revealed with the same route, the prerendered view is not rendered again. */
const PreparedView = memo(ViewOutlet)

/** The modal: its own shadow root, the dialog, the header, and the view the router shows. */
export function LatchModal() {
  const latch = useLatch()
  const t = useT()
  const titleId = useId()
  const { open, shake } = useSharedSelector(latch.modal, selectModalState)
  const route = useSharedSelector(latch.modal, selectRoute)
  const nextOpenRoute = useSharedSelector(latch.modal, selectNextOpenRoute)
  // Closed, the content of the next open is prepared (Prerender); open, the router's view shows.
  const shownRoute = useStableValue(open ? route : nextOpenRoute)
  const canGoBack = useSelector(latch.modal, selectCanGoBack)
  const closeDisabled = useSelector(latch.modal, selectIsCloseDisabled)
  const theme = useLatchTheme()
  const requestClose = () => latch.modal.send({ type: 'CLOSE' })
  const heightMotion = useHeightMotion()
  // When the view changes under the user, focus follows to the new view's title instead of
  // falling to <body>, so keyboard and screen-reader users keep their place.
  const titleRef = useRef<HTMLHeadingElement>(null)
  const shownView = useRef<string | null>(null)
  // A view that marks its task control (task-focus.ts) gets focus there instead, on open too.
  useEffect(() => {
    if (!open) {
      shownView.current = null
      return
    }
    const dialog = titleRef.current?.closest('dialog')
    const task = dialog ? taskControl(dialog) : undefined
    if (task) task.focus()
    else if (shownView.current !== null && shownView.current !== route.view) {
      titleRef.current?.focus()
    }
    shownView.current = route.view
  }, [open, route.view])
  // The view the modal opens on paints at full opacity on the first frame after the click (issue
  // 16: a fade from 0 would hide it for a frame or more); only a move to another view in the same
  // open fades in. Each close starts a new `generation`: the next open's content is prepared
  // afresh, so no state of a view (a search, an expanded row) outlives the open it belongs to.
  // Derived while rendering (React's "previous render" pattern), so it is settled before the
  // first commit and a later re-render of the same view never restarts or cuts the fade.
  const [entry, setEntry] = useState<{ view: string | null; fades: boolean; generation: number }>({
    view: null,
    fades: false,
    generation: 0,
  })
  if (!open && entry.view !== null)
    setEntry({ view: null, fades: false, generation: entry.generation + 1 })
  if (open && entry.view !== route.view)
    setEntry({ view: route.view, fades: entry.view !== null, generation: entry.generation })

  return (
    <ShadowHost tag="latch-modal" styles={modalStyles}>
      <div
        className="latch-root"
        data-theme={theme.themeMode}
        style={themeStyle(theme) as React.CSSProperties}
      >
        <Dialog open={open} labelledBy={titleId} shake={shake} onRequestClose={requestClose}>
          <Prerender shown={open} key={entry.generation}>
            <header className="latch-header">
              {canGoBack ? (
                <button
                  type="button"
                  className="latch-icon-button"
                  aria-label={t('modal.back')}
                  onClick={() => latch.modal.send({ type: 'GO_BACK' })}
                >
                  <span aria-hidden="true">←</span>
                </button>
              ) : (
                <span />
              )}
              <h2 id={titleId} className="latch-title" ref={titleRef} tabIndex={-1}>
                {/* The heading stays (it may hold focus); its text fades in with a new view. */}
                <span
                  key={shownRoute.view}
                  className={entry.fades ? 'latch-title-enter' : undefined}
                >
                  {t(viewTitleKey(shownRoute.view))}
                </span>
              </h2>
              <button
                type="button"
                className="latch-icon-button"
                aria-label={t('modal.close')}
                aria-disabled={closeDisabled}
                onClick={requestClose}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </header>
            <AlertBar />
            <div className="latch-body">
              <div ref={heightMotion}>
                <Suspense
                  fallback={
                    <div className="latch-center" role="status">
                      <Spinner label={t('modal.loading')} />
                    </div>
                  }
                >
                  <div
                    className={entry.fades ? 'latch-view latch-view-enter' : 'latch-view'}
                    key={shownRoute.view}
                  >
                    <PreparedView route={shownRoute} />
                  </div>
                </Suspense>
              </div>
            </div>
          </Prerender>
          {/* While the dialog is open the page is inert, so the live region must be inside it. */}
          {open ? <ToastRegion /> : null}
        </Dialog>
        {open ? null : <ToastRegion />}
      </div>
    </ShadowHost>
  )
}
