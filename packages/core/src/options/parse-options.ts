import { createAlert, type Alert } from '../errors/alerts.js'
import { messageFor } from '../errors/catalogue.js'
import { formatIssuePath } from '../validation/issues.js'
import { safeParseWith } from '../validation/parse.js'
import { LatchOptionsError } from './options-error.js'
import { BOTH_SIGN_IN_OPTIONS_PATH, latchOptionsSchema, type ResolvedOptions } from './schema.js'

/** What {@link parseOptions} gives back: usable options, and the alerts to show about them. */
export interface ParsedOptions {
  readonly options: ResolvedOptions
  readonly alerts: Alert[]
}

function isBlank(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '')
}

/**
 * Validates the host's options (SPEC §1, §5) and applies every default.
 *
 * - A missing or empty `projectId` is not fatal: the modal still works for browser wallets, so it
 *   resolves with `projectId: ''` and the PROJECT_ID_NOT_CONFIGURED alert.
 * - Anything else wrong throws one {@link LatchOptionsError} naming every problem, e.g.
 *   `Invalid Latch options: themeMode: …; networks.0.name: Required`. When setting both `siwx`
 *   and `siweConfig` is the only problem, its message is exactly the SPEC's
 *   'Cannot set both `siweConfig` and `siwx` options' (code BOTH_SIWE_AND_SIWX).
 *
 * Functions and objects the host passes (adapters, sign-in configs, storage, networks) come
 * back as the same references.
 *
 * @throws LatchOptionsError
 */
export function parseOptions(input: unknown): ParsedOptions {
  const record = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : null
  const missingProjectId = record !== null && isBlank((record as { projectId?: unknown }).projectId)
  // A blank id is the "not configured" case, not a schema error: leave it out before parsing.
  const candidate = missingProjectId ? { ...record, projectId: undefined } : input

  const result = safeParseWith(latchOptionsSchema, candidate)
  if (!result.success) {
    const [only] = result.issues
    const bothSignIn =
      result.issues.length === 1 &&
      only?.path === formatIssuePath([BOTH_SIGN_IN_OPTIONS_PATH]) &&
      only.message === messageFor('BOTH_SIWE_AND_SIWX')
    throw new LatchOptionsError(
      bothSignIn ? 'BOTH_SIWE_AND_SIWX' : 'INVALID_OPTIONS',
      result.issues,
    )
  }

  const { projectId, ...rest } = result.data
  return {
    options: { ...rest, projectId: projectId ?? '' },
    alerts: projectId === undefined ? [createAlert('PROJECT_ID_NOT_CONFIGURED')] : [],
  }
}
