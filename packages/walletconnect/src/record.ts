import * as z from 'zod/mini'

/**
 * zod's own test for what `z.record` accepts: an object whose constructor is Object (or none, as
 * with `Object.create(null)`), so arrays, class instances and the like are refused.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const ctor: unknown = (value as { constructor?: unknown }).constructor
  if (ctor === undefined || typeof ctor !== 'function') return true
  const prototype: unknown = ctor.prototype
  if (typeof prototype !== 'object' || prototype === null || Array.isArray(prototype)) return false
  return Object.prototype.hasOwnProperty.call(prototype, 'isPrototypeOf')
}

/**
 * What `z.record(z.string(), z.unknown())` accepts: a plain object whose keys are all strings.
 * The object itself is the output (z.record copied it; nothing here reads the difference).
 */
export const unknownRecordSchema = z.custom<Record<string, unknown>>(
  (value) =>
    isPlainObject(value) &&
    Object.getOwnPropertySymbols(value).every(
      (key) => !Object.prototype.propertyIsEnumerable.call(value, key),
    ),
)

/**
 * `z.record(z.string().check(z.regex(key)), value)` without z.record: zod/mini's record schema
 * is one more kind in the zod modules core shares with the host's start-up bundle, while
 * object + catchall is already there. Values are parsed (and unknown keys of object values
 * stripped) as z.record does, and a key that does not match is refused under its own path with
 * zod's text. Differences, out of reach for the objects this package parses (built by core or
 * decoded from JSON): the value under a bad key is checked too (z.record skips it), and objects
 * that are not plain, or inherit enumerable keys, are read like z.object reads them.
 */
export function recordOf<T extends z.core.SomeType>(value: T, key: RegExp) {
  return z.catchall(z.object({}), value).check(
    z.superRefine(
      (record, ctx) => {
        for (const name of Object.keys(record))
          if (!key.test(name))
            ctx.addIssue({
              code: 'custom',
              message: 'Invalid key in record',
              path: [name],
              input: name,
            })
      },
      // Runs even after a value failed, so a bad key is always named; never on a non-object.
      { when: (payload) => isObjectValue(payload.value) },
    ),
  )
}

function isObjectValue(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
