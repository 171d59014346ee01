/** Structural equality for selector results: plain data from core's selectors. */
export function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a, bigintSafe) === JSON.stringify(b, bigintSafe)
}

function bigintSafe(_: string, value: unknown) {
  return typeof value === 'bigint' ? `${value}n` : value
}
