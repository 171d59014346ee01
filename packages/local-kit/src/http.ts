import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LOOPBACK_HOST } from './ports.js'

/**
 * Reads a request's body as UTF-8 text, or undefined once it passes `maxBytes`: the rest is then
 * read and dropped, so that the caller's 413 still reaches the client.
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const collect = (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) {
        chunks.push(chunk)
        return
      }
      request.off('data', collect)
      request.resume()
      resolve(undefined)
    }
    request.on('data', collect)
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** A server listening on the loopback host. */
export interface LoopbackServer {
  readonly port: number
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  /** Closes every connection; resolves once the port is free. Safe to call twice. */
  close(): Promise<void>
}

/**
 * Makes `server` listen on 127.0.0.1. Port 0 takes a free one from the OS at bind time, so no
 * other process can take it in between. The server is unreferenced: a library user's process
 * never hangs on a local part it forgot to stop (the commands keep themselves alive).
 * @param beforeClose closes what shares the server's port (a WebSocket server) first.
 * @throws Error (EADDRINUSE) when a given port is taken.
 */
export async function listenOnLoopback(
  server: Server,
  port: number,
  beforeClose: () => void = () => {},
): Promise<LoopbackServer> {
  const bound = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, LOOPBACK_HOST, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
  server.unref()
  let closing: Promise<void> | undefined
  return {
    port: bound,
    url: `http://${LOOPBACK_HOST}:${bound}`,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        beforeClose()
        server.close(() => resolve())
        server.closeAllConnections()
      })),
  }
}
