/**
 * Structural sharing, after TanStack Query's `replaceEqualDeep`: returns `previous` when `next`
 * is deep-equal to it, and otherwise a copy of `next` in which every subtree deep-equal to the
 * matching one in `previous` is `previous`'s own object. So a selector result keeps its identity
 * while its data is unchanged (`Object.is` is enough to skip a render), and a change keeps the
 * identity of the parts it did not touch (a memo on one of them stays valid).
 *
 * Only plain objects and arrays are walked; anything else (class instances, functions, Maps)
 * is equal when it is the same value (`Object.is`), which covers bigint balances and NaN too.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T
  const arrays = Array.isArray(previous) && Array.isArray(next)
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next

  const before = previous as Record<PropertyKey, unknown>
  const after = next as Record<PropertyKey, unknown>
  const keys: PropertyKey[] = arrays ? [...(next as unknown[]).keys()] : Object.keys(after)
  const previousSize = arrays ? (previous as unknown[]).length : Object.keys(before).length
  const copy = (arrays ? [] : {}) as Record<PropertyKey, unknown>
  let same = 0
  for (const key of keys) {
    const shared = replaceEqualDeep(before[key], after[key])
    copy[key] = shared
    // An undefined value only matches a key that exists on both sides.
    if (Object.is(shared, before[key]) && (shared !== undefined || Object.hasOwn(before, key)))
      same++
  }
  return (previousSize === keys.length && same === previousSize ? previous : copy) as T
}

/** An object made by `{}` or `Object.create(null)`, the only kind whose keys are its data. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value) as unknown
  return prototype === Object.prototype || prototype === null
}
