/** The environment variable that pins the devnet's port (HTTP and WebSocket alike). */
export const SOLANA_DEVNET_PORT_ENV = 'LATCH_SOLANA_PORT'

/**
 * Reads the port the environment pins, if any.
 * @throws Error when the variable is set to something that is not a TCP port.
 */
export function portFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[SOLANA_DEVNET_PORT_ENV]?.trim()
  if (raw === undefined || raw === '') return undefined
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${SOLANA_DEVNET_PORT_ENV} must be a TCP port (1-65535), got '${raw}'`)
  }
  return port
}
