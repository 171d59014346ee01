import type { Latch } from '@latch/core'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { LatchContext } from './context.js'
import { enMessages } from './i18n/en.js'
import { createTranslator, type Messages } from './i18n/translator.js'
import { LatchModal } from './modal/LatchModal.js'

export interface LatchProviderProps {
  /** The instance from `createLatch(options)`. */
  latch: Latch
  /** A translation of any part of the English catalogue; missing strings stay English. */
  messages?: Messages
  children?: ReactNode
}

/**
 * Binds a Latch instance to React. SSR-safe: nothing touches the browser, and the modal does not
 * render, until the provider has mounted; then the instance starts (storage, wallets, reconnect).
 */
export function LatchProvider({ latch, messages, children }: LatchProviderProps) {
  const [mounted, setMounted] = useState(false)
  const value = useMemo(
    () => ({ latch, t: createTranslator(enMessages, messages) }),
    [latch, messages],
  )
  useEffect(() => {
    latch.start()
    setMounted(true)
  }, [latch])
  return (
    <LatchContext.Provider value={value}>
      {children}
      {mounted ? <LatchModal /> : null}
    </LatchContext.Provider>
  )
}
