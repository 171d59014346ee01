import { selectModalState, selectRoute, type OpenOptions, type Route } from '@latch/core'
import { useMemo } from 'react'
import { useLatch } from './useLatch.js'
import { useSelector, useSharedSelector } from './useSelector.js'

export interface LatchModalState {
  isOpen: boolean
  route: Route
  open(options?: OpenOptions): void
  close(): void
}

export function useLatchModal(): LatchModalState {
  const latch = useLatch()
  const isOpen = useSelector(latch.modal, (s) => selectModalState(s).open)
  const route = useSharedSelector(latch.modal, selectRoute)
  return useMemo(
    () => ({ isOpen, route, open: latch.open, close: latch.close }),
    [isOpen, route, latch],
  )
}
