import type { SIWXOptions } from '@latch/core'

/**
 * Sign in with the wallet (issue 30), through the playground's Latch server: off, optional (the
 * modal asks after a connect; Cancel keeps the wallet connected) or required (the modal cannot
 * close without it, and Cancel disconnects). The page's `?siwx=` chooses.
 */
export type PlaygroundSignIn = 'off' | 'optional' | 'required'

/** The `?siwx=` value as a sign-in mode (off unless it names one). */
export function signInModeOf(value: string | null): PlaygroundSignIn {
  return value === 'optional' || value === 'required' ? value : 'off'
}

/**
 * The `siwx` option for a mode, the same on every playground page (with React or without). The
 * Latch server is the backend (core picks it from `serverUrl`), so without one there is nothing
 * to sign in with and the option is left out.
 */
export function playgroundSiwx(
  mode: PlaygroundSignIn,
  serverUrl: string | undefined,
): { siwx?: SIWXOptions } {
  if (mode === 'off' || !serverUrl) return {}
  return { siwx: { required: mode === 'required', statement: 'Sign in to the Latch playground.' } }
}
