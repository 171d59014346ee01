/**
 * Records every outbound TCP connection and fetch() that is not to loopback, so a test can assert
 * that sign-client (telemetry, verify, echo) never reaches for the internet.
 */
import net from 'node:net'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

export interface NetworkGuard {
  readonly outside: string[]
  restore(): void
}

export function guardNetwork(): NetworkGuard {
  const outside: string[] = []
  const originalConnect = net.Socket.prototype.connect
  const originalFetch = globalThis.fetch

  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0]
    const host =
      typeof first === 'object' && first !== null
        ? (first as { host?: string; path?: string }).path
          ? undefined
          : ((first as { host?: string }).host ?? 'localhost')
        : typeof args[1] === 'string'
          ? args[1]
          : typeof first === 'number'
            ? 'localhost'
            : undefined
    if (host !== undefined && !LOOPBACK.has(host)) outside.push(`tcp:${host}`)
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args)
  } as typeof net.Socket.prototype.connect

  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (!LOOPBACK.has(url.hostname)) outside.push(`fetch:${url.origin}`)
    return originalFetch(input, init)
  }

  return {
    outside,
    restore() {
      net.Socket.prototype.connect = originalConnect
      globalThis.fetch = originalFetch
    },
  }
}
