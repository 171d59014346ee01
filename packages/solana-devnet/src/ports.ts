import { portFromEnv as readPortFromEnv } from '@latch/local-kit'

/** The environment variable that pins the devnet's port (HTTP and WebSocket alike). */
export const SOLANA_DEVNET_PORT_ENV = 'LATCH_SOLANA_PORT'

/**
 * Reads the port the environment pins, if any.
 * @throws Error when the variable is set to something that is not a TCP port.
 */
export function portFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return readPortFromEnv(SOLANA_DEVNET_PORT_ENV, env)
}
