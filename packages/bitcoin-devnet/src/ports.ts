import { portFromEnv as readPortFromEnv } from '@latch/local-kit'

export { parsePort } from '@latch/local-kit'

/** The environment variable that pins the devnet's port. */
export const BITCOIN_DEVNET_PORT_ENV = 'LATCH_BITCOIN_PORT'

/**
 * Reads the port the environment pins, if any.
 * @throws Error when the variable is set to something that is not a TCP port.
 */
export function portFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return readPortFromEnv(BITCOIN_DEVNET_PORT_ENV, env)
}
