export {
  ROOT_PATH,
  formatIssuePath,
  formatValidationIssues,
  latchErrorMap,
  toValidationIssues,
  type ValidationIssue,
} from './issues.js'
export { safeParseWith, type SafeParseResult } from './parse.js'
