import type { Latch } from '@latch/core'
import { useContext } from 'react'
import { LatchContext, type LatchContextValue } from '../context.js'
import type { Translate } from '../i18n/translator.js'

function useLatchContext(): LatchContextValue {
  const value = useContext(LatchContext)
  if (!value) throw new Error('Latch hooks must be used inside <LatchProvider>.')
  return value
}

/** The Latch instance of the nearest `<LatchProvider>`. */
export function useLatch(): Latch {
  return useLatchContext().latch
}

/**
 * Translates a catalogue key in the provider's language. The English fallback of a view's string
 * comes with the modal's chunk (loaded at idle, or on the first open); until then only the
 * ConnectButton's strings (and the host's `messages`) are there, and another key reads as itself.
 */
export function useT(): Translate {
  return useLatchContext().t
}
