import { createAlert, type Alert } from '../errors/alerts.js'
import { messageFor } from '../errors/catalogue.js'
import { formatIssuePath, type ValidationIssue } from '../validation/issues.js'
import { safeParseWith } from '../validation/parse.js'
import { featureNotAvailableMessage } from './available-features.js'
import { resolveNetworks } from './network-rpc.js'
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

function isBothSignIn(issue: ValidationIssue): boolean {
  return (
    issue.path === formatIssuePath([BOTH_SIGN_IN_OPTIONS_PATH]) &&
    issue.message === messageFor('BOTH_SIWE_AND_SIWX')
  )
}

function isNotAvailable(issue: ValidationIssue): boolean {
  return issue.message === featureNotAvailableMessage(issue.path)
}

/** The error's code: a specific one when every problem is of that one kind. */
function errorCode(issues: readonly ValidationIssue[]): LatchOptionsError['code'] {
  if (issues.length === 1 && isBothSignIn(issues[0]!)) return 'BOTH_SIWE_AND_SIWX'
  if (issues.every(isNotAvailable)) return 'FEATURE_NOT_AVAILABLE'
  return 'INVALID_OPTIONS'
}

/**
 * {@link parseOptions} against a given options schema; tests use it to parse as a build with
 * other available features would (`latchOptionsSchemaFor`).
 *
 * @throws LatchOptionsError
 */
export function parseOptionsWith(schema: typeof latchOptionsSchema, input: unknown): ParsedOptions {
  const record = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : null
  const missingProjectId = record !== null && isBlank((record as { projectId?: unknown }).projectId)
  // A blank id is the "not configured" case, not a schema error: leave it out before parsing.
  const candidate = missingProjectId ? { ...record, projectId: undefined } : input

  const result = safeParseWith(schema, candidate)
  if (!result.success) throw new LatchOptionsError(errorCode(result.issues), result.issues)

  const { projectId, networks, defaultNetwork, ...rest } = result.data
  const resolved = resolveNetworks(networks, defaultNetwork, {
    serverUrl: rest.serverUrl,
    projectId: projectId ?? '',
  })
  return {
    options: { ...rest, ...resolved, projectId: projectId ?? '' },
    alerts: projectId === undefined ? [createAlert('PROJECT_ID_NOT_CONFIGURED')] : [],
  }
}

/**
 * Validates the host's options (SPEC §1, §5) and applies every default.
 *
 * - A missing or empty `projectId` is not fatal: the modal still works for browser wallets, so it
 *   resolves with `projectId: ''` and the PROJECT_ID_NOT_CONFIGURED alert.
 * - An option asking for a feature this build lacks (available-features.ts), such as
 *   `features: { email: true }` or `siwx`, is refused. When such options are the only problems,
 *   the code is FEATURE_NOT_AVAILABLE and the message names them:
 *   `Not available in this version of Latch: features.email, siwx`.
 * - Anything else wrong throws one {@link LatchOptionsError} naming every problem, e.g.
 *   `Invalid Latch options: themeMode: …; networks.0.name: Required`. When setting both `siwx`
 *   and `siweConfig` is the only problem, its message is exactly the SPEC's
 *   'Cannot set both `siweConfig` and `siwx` options' (code BOTH_SIWE_AND_SIWX).
 *
 * Functions and objects the host passes (adapters, sign-in configs, storage, networks) come
 * back as the same references, except a network without `rpcUrls`: it comes back as a copy with
 * the `serverUrl`'s default RPC (SPEC §7 `/v1/?chainId&projectId`).
 *
 * @throws LatchOptionsError
 */
export function parseOptions(input: unknown): ParsedOptions {
  return parseOptionsWith(latchOptionsSchema, input)
}
