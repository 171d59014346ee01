import type { Latch } from '@latch/core'
import { createContext } from 'react'
import type { Translate } from './i18n/translator.js'

export interface LatchContextValue {
  latch: Latch
  t: Translate
}

export const LatchContext = createContext<LatchContextValue | null>(null)
