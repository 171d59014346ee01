import { LatchError } from '@latch/core'

/** SPEC §8's 'Invalid Latch options: …', naming each wrong field once (zod's issue paths). */
export function invalidFields(
  issues: readonly { path: readonly PropertyKey[] }[],
  prefix = '',
): LatchError {
  const fields = issues.map((issue) => prefix + issue.path.map(String).join('.'))
  return new LatchError('INVALID_OPTIONS', { values: { issues: [...new Set(fields)].join(', ') } })
}
