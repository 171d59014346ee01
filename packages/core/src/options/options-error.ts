import { LatchError } from '../errors/latch-error.js'
import { formatValidationIssues, type ValidationIssue } from '../validation/issues.js'

/**
 * Thrown by `parseOptions` for options the host must fix. The message names every problem;
 * `issues` carries them one by one for tooling. `code` is BOTH_SIWE_AND_SIWX when setting both
 * sign-in options is the only problem, FEATURE_NOT_AVAILABLE when every problem is an option
 * asking for a feature this build lacks (`values.feature` lists those options), INVALID_OPTIONS
 * otherwise.
 */
export class LatchOptionsError extends LatchError {
  declare readonly code: 'INVALID_OPTIONS' | 'BOTH_SIWE_AND_SIWX' | 'FEATURE_NOT_AVAILABLE'
  readonly issues: readonly ValidationIssue[]

  constructor(
    code: 'INVALID_OPTIONS' | 'BOTH_SIWE_AND_SIWX' | 'FEATURE_NOT_AVAILABLE',
    issues: readonly ValidationIssue[],
  ) {
    super(code, {
      values: {
        issues: formatValidationIssues(issues),
        ...(code === 'FEATURE_NOT_AVAILABLE'
          ? { feature: issues.map((issue) => issue.path).join(', ') }
          : {}),
      },
    })
    this.issues = issues
  }
}
