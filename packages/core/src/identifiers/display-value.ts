/**
 * The longest text an error message quotes. Longer values are cut and end with '…': a CAIP-10
 * address is at most 170 characters, so anything cut was invalid anyway, and quoting a
 * multi-megabyte string would bloat logs or even overflow the engine's string limit.
 */
export const MAX_DISPLAYED_VALUE_LENGTH = 256

/**
 * Turns any value into text for an error message, and never throws: strings are quoted as they
 * are, other values through `String()`; a value whose conversion throws (a `toString` that throws,
 * an object without a prototype, a hostile Proxy) falls back to its `[object Tag]` form.
 * Text longer than {@link MAX_DISPLAYED_VALUE_LENGTH} is cut and ends with '…'.
 */
export function displayValue(value: unknown): string {
  const text = toText(value)
  if (text.length <= MAX_DISPLAYED_VALUE_LENGTH) return text
  let end = MAX_DISPLAYED_VALUE_LENGTH
  // Never split a surrogate pair: half an emoji is not valid text.
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${text.slice(0, end)}…`
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return String(value)
  } catch {
    try {
      return Object.prototype.toString.call(value)
    } catch {
      return '[unprintable value]'
    }
  }
}
