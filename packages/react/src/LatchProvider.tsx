import type { Latch, ThemeMode, ThemeVariables } from '@latch/core'
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { LatchContext } from './context.js'
import { replaceEqualDeep } from './hooks/structural-sharing.js'
import { commonMessages } from './i18n/common.messages.js'
import { createTranslator, type Messages } from './i18n/translator.js'
import { useLazyModal } from './modal/lazy-modal.js'

export interface LatchProviderProps {
  /** The instance from `createLatch(options)`. */
  latch: Latch
  /** A translation of any part of the English catalogue; missing strings stay English. */
  messages?: Messages
  /**
   * The theme mode, applied through `latch.setThemeMode` whenever it changes, so a React host
   * can drive the theme declaratively (a change from a click is applied before the next paint).
   * Absent: the instance's own. The first paint uses the instance's, so give `createLatch` the
   * same starting value.
   */
  themeMode?: ThemeMode
  /** Theme variables, applied through `latch.setThemeVariables` whenever they change. */
  themeVariables?: ThemeVariables
  children?: ReactNode
}

// "Are we in the browser?" as React means it: false on the server and while hydrating the
// server's HTML, true on the client after that. Nothing to subscribe to: it never changes.
const subscribeToNothing = () => () => undefined
const onClient = () => true
const onServer = () => false

/**
 * Binds a Latch instance to React. SSR-safe: nothing touches the browser, and the modal does not
 * render, on the server or before hydration; once mounted, the instance starts (storage,
 * wallets, reconnect) and the modal's chunk loads when the page is idle (or on the first open).
 * The theme props go through the instance, validated there: a wrong value throws its
 * LatchOptionsError naming the field.
 */
export function LatchProvider({
  latch,
  messages,
  themeMode,
  themeVariables,
  children,
}: LatchProviderProps) {
  const inBrowser = useSyncExternalStore(subscribeToNothing, onClient, onServer)
  // Issue 16: the modal is its own chunk, loaded at idle after the first paint (or on first open),
  // with the English strings of its views; until then only the ConnectButton's are needed.
  const modal = useLazyModal(latch, inBrowser)
  const english = modal?.messages ?? commonMessages
  const value = useMemo(
    () => ({ latch, t: createTranslator(english, messages) }),
    [latch, english, messages],
  )
  // A host usually writes the variables inline: the same values keep the same object, so the
  // instance is only told when they really change.
  const [variables, setVariables] = useState(themeVariables)
  const sharedVariables = replaceEqualDeep(variables, themeVariables)
  if (sharedVariables !== variables) setVariables(sharedVariables)

  useEffect(() => {
    if (themeMode !== undefined) latch.setThemeMode(themeMode)
  }, [latch, themeMode])
  useEffect(() => {
    if (variables !== undefined) latch.setThemeVariables(variables)
  }, [latch, variables])
  useEffect(() => {
    latch.start()
  }, [latch])
  return (
    <LatchContext.Provider value={value}>
      {children}
      {inBrowser && modal ? <modal.Modal /> : null}
    </LatchContext.Provider>
  )
}
