/** The loopback host every local part binds to: nothing is ever exposed beyond it. */
export const LOOPBACK_HOST = '127.0.0.1'

/**
 * Reads a TCP port from text (an option or the environment): digits only, 1 to 65535.
 * @throws Error naming `source` when the text is not a port.
 */
export function parsePort(raw: string, source: string): number {
  const port = Number(raw)
  if (!/^[0-9]+$/.test(raw) || !Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${source} must be a TCP port (1-65535), got '${raw}'`)
  }
  return port
}

/**
 * Reads the port the environment variable `name` pins, if it is set and not blank.
 * @throws Error naming the variable when it holds something that is not a TCP port.
 */
export function portFromEnv(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): number | undefined {
  const raw = env[name]?.trim()
  if (raw === undefined || raw === '') return undefined
  return parsePort(raw, name)
}

/**
 * Reads a whole number above zero from an option's text, or undefined when the option is absent.
 * @throws Error `<flag> must be a positive whole number of <unit>` otherwise.
 */
export function parsePositiveInteger(
  raw: string | undefined,
  flag: string,
  unit: string,
): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (!(Number.isInteger(value) && value > 0)) {
    throw new Error(`${flag} must be a positive whole number of ${unit}`)
  }
  return value
}
