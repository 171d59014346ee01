import { messageFor, type ErrorCode } from './catalogue.js'

/**
 * SPEC §8 alerts: problems with the host's own setup (not the user's actions), shown in the
 * modal's alert bar instead of crashing the page.
 */
export const alertCodes = [
  'PROJECT_ID_NOT_CONFIGURED',
  'INVALID_APP_CONFIGURATION',
  'EMBEDDED_WALLET_LOAD_FAILED',
  'EMBEDDED_WALLET_REQUEST_TIMEOUT',
  'LOCAL_FEATURES_IGNORED',
] as const satisfies readonly ErrorCode[]

export type AlertCode = (typeof alertCodes)[number]

export interface Alert {
  code: AlertCode
  severity: 'error' | 'warning' | 'info'
  /** English text from the catalogue; views translate by `code`. */
  message: string
  values?: Record<string, string | number>
}

export function createAlert(
  code: AlertCode,
  severity: Alert['severity'] = 'error',
  values?: Record<string, string | number>,
): Alert {
  return { code, severity, message: messageFor(code, values), ...(values ? { values } : {}) }
}
