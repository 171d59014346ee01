/**
 * JSON the way the Solana RPC writes it and @solana/kit reads it.
 *
 * The real RPC (Rust, serde_json) writes u64 values as bare integers, whatever their size, and
 * f64 values with a decimal point. @solana/kit parses every bare integer as a bigint
 * (`parseJsonWithBigInts`), so a lamport count above 2^53 survives only if it is written as the
 * exact digits: `JSON.stringify` cannot write a bigint at all, and a JS number past 2^53 has
 * already lost precision. Kit also sends bigints as bare integers, so requests are parsed the
 * same way.
 */

/** A JSON float (Rust's f64): written with a decimal point, so kit does not read it as a bigint. */
export class JsonF64 {
  constructor(readonly value: number) {}
}

// A placeholder object no real value carries; the replacer writes it and a regex swaps it for the
// raw number text. Inside a JSON string every `"` is escaped, so the pattern cannot match there.
const RAW_KEY = '__latch_raw_number__'
const RAW_PATTERN = new RegExp(`\\{"${RAW_KEY}":"(-?[0-9][0-9.eE+-]*)"\\}`, 'g')

function floatText(value: number): string | null {
  if (!Number.isFinite(value)) return null
  // serde_json writes 1.0 for the f64 one; JS writes 1, which kit would read as 1n.
  return Number.isInteger(value) && Math.abs(value) < 1e16 ? `${value}.0` : String(value)
}

/** Serialises a response: bigints as exact bare integers, {@link JsonF64} as floats. */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return { [RAW_KEY]: item.toString() }
    if (item instanceof JsonF64) {
      const text = floatText(item.value)
      return text === null ? null : { [RAW_KEY]: text }
    }
    return item
  }).replace(RAW_PATTERN, '$1')
}

const BIGINT_KEY = '__latch_bigint__'
const NUMBER_PATTERN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/**
 * Parses a request body. Integers a JS number holds exactly stay numbers; larger ones become
 * bigints, so `requestAirdrop(addr, 9007199254740993)` means exactly that many lamports.
 * @throws SyntaxError when the text is not JSON.
 */
export function parseJson(text: string): unknown {
  let wrapped = ''
  let copiedUpTo = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (inString) {
      if (char === '\\') index++
      else if (char === '"') inString = false
      continue
    }
    if (char === '"') {
      inString = true
      continue
    }
    if (char !== '-' && (char === undefined || char < '0' || char > '9')) continue
    NUMBER_PATTERN.lastIndex = index
    const match = NUMBER_PATTERN.exec(text)
    if (!match) continue
    const literal = match[0]
    const isInteger = !/[.eE]/.test(literal)
    if (isInteger && !Number.isSafeInteger(Number(literal))) {
      wrapped += `${text.slice(copiedUpTo, index)}{"${BIGINT_KEY}":"${literal}"}`
      copiedUpTo = index + literal.length
    }
    index += literal.length - 1
  }
  wrapped += text.slice(copiedUpTo)
  return JSON.parse(wrapped, (_key, value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    BIGINT_KEY in value &&
    Object.keys(value).length === 1
      ? BigInt((value as Record<string, string>)[BIGINT_KEY]!)
      : value,
  )
}
