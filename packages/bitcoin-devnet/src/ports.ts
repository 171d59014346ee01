/** The environment variable that pins the devnet's port. */
export const BITCOIN_DEVNET_PORT_ENV = 'LATCH_BITCOIN_PORT'

/**
 * Reads a TCP port from text (an option or the environment).
 * @throws Error naming `source` when the text is not a port (1-65535).
 */
export function parsePort(raw: string, source: string): number {
  const port = Number(raw)
  if (!/^[0-9]+$/.test(raw) || !Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${source} must be a TCP port (1-65535), got '${raw}'`)
  }
  return port
}

/**
 * Reads the port the environment pins, if any.
 * @throws Error when the variable is set to something that is not a TCP port.
 */
export function portFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[BITCOIN_DEVNET_PORT_ENV]?.trim()
  if (raw === undefined || raw === '') return undefined
  return parsePort(raw, BITCOIN_DEVNET_PORT_ENV)
}
