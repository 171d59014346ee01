import type { ApiError, EventBody } from '@latch/core/api'

type Issue = NonNullable<ApiError['issues']>[number]

// With the `u` flag a surrogate pair is one code point, so the range matches only a lone half.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

const NOT_STORABLE = 'Must not contain a NUL character or an unpaired surrogate'

/**
 * Whether PostgreSQL can store the string: its text and jsonb types hold no NUL character, and a
 * lone UTF-16 surrogate (which JSON can carry as `\ud800`) is not UTF-8. Either would fail the
 * insert; refused up front, it is a 400 naming the field instead of a 500.
 */
function isStorable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text)
}

/**
 * The fields of a valid `POST /e` body that could not be stored as they are, as zod-style issues
 * (path and message). Empty when the whole body can be stored.
 */
export function unstorableFields(body: EventBody): Issue[] {
  const issues: Issue[] = []
  const check = (text: string, path: Issue['path']) => {
    if (!isStorable(text)) issues.push({ path, message: NOT_STORABLE })
  }
  check(body.url, ['url'])
  check(body.domain, ['domain'])
  check(body.props.event, ['props', 'event'])
  for (const [key, value] of Object.entries(body.props.properties ?? {})) {
    check(key, ['props', 'properties', key])
    if (typeof value === 'string') check(value, ['props', 'properties', key])
  }
  return issues
}
