import { selectModalState, selectRoute, type OpenOptions, type Route } from '@latch/core'
import { useSelector } from '@xstate/react'
import { sameJson } from './equal.js'
import { useLatch } from './useLatch.js'

export interface LatchModalState {
  isOpen: boolean
  route: Route
  open(options?: OpenOptions): void
  close(): void
}

export function useLatchModal(): LatchModalState {
  const latch = useLatch()
  const isOpen = useSelector(latch.modal, (s) => selectModalState(s).open)
  const route = useSelector(latch.modal, selectRoute, sameJson)
  return { isOpen, route, open: latch.open, close: latch.close }
}
