import { createServer } from 'node:net'
import { LOOPBACK_HOST } from '../ports.js'

/** A port free right now on 127.0.0.1 (the OS picks it), for tests that pin one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, LOOPBACK_HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
