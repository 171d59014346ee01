import { portFromEnv as readPortFromEnv } from '@latch/local-kit'
import { createServer } from 'node:net'

/** Environment variables that pin the first and second chain's ports. */
export const DEVNET_PORT_ENV = ['LATCH_DEVNET_PORT_A', 'LATCH_DEVNET_PORT_B'] as const

/** The loopback host every devnet process binds to: nothing is ever exposed beyond it. */
export const DEVNET_HOST = '127.0.0.1'

/**
 * Reads the port the environment pins for the chain at `index`, if any.
 * @throws Error when the variable is set to something that is not a TCP port.
 */
export function portFromEnv(
  index: number,
  env: NodeJS.ProcessEnv = process.env,
): number | undefined {
  const name = DEVNET_PORT_ENV[index]
  return name === undefined ? undefined : readPortFromEnv(name, env)
}

// Ports handed out in this process and not yet released: the kernel may offer a port again as
// soon as the probe socket closes, before the anvil it was meant for has bound it.
const handedOut = new Set<number>()

/**
 * Finds a free loopback port by binding a server to port 0, skipping ports this process already
 * handed out. The caller owns the port until {@link releasePort}.
 */
export async function takeFreePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await probeFreePort()
    if (!handedOut.has(port)) {
      handedOut.add(port)
      return port
    }
  }
  throw new Error('No free port found on 127.0.0.1')
}

/** Returns a port from {@link takeFreePort} once nothing of ours listens on it any more. */
export function releasePort(port: number): void {
  handedOut.delete(port)
}

function probeFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, DEVNET_HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('No port was assigned'))))
    })
  })
}
