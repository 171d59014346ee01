import type { LatchTheme } from '@latch/core'
import { useLatch } from './useLatch.js'
import { useSharedSelector } from './useSelector.js'

/**
 * The theme in force (mode and variables), read live from the instance's root: it changes with
 * `latch.setThemeMode` / `latch.setThemeVariables` (or the provider's props), with no reconnect.
 */
export function useLatchTheme(): LatchTheme {
  return useSharedSelector(useLatch().actor, (snapshot) => snapshot.context.theme)
}
