import { LatchError } from '../errors/latch-error.js'
import { formatValidationIssues, type ValidationIssue } from '../validation/issues.js'

/**
 * Thrown by `parseOptions` for options the host must fix. The message names every problem;
 * `issues` carries them one by one for tooling. `code` is BOTH_SIWE_AND_SIWX when setting both
 * sign-in options is the only problem, INVALID_OPTIONS otherwise.
 */
export class LatchOptionsError extends LatchError {
  readonly issues: readonly ValidationIssue[]

  constructor(code: 'INVALID_OPTIONS' | 'BOTH_SIWE_AND_SIWX', issues: readonly ValidationIssue[]) {
    super(code, { values: { issues: formatValidationIssues(issues) } })
    this.issues = issues
  }
}
