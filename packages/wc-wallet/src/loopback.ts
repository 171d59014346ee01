import { z } from 'zod'

/** The only hosts this wallet talks to: it is a development tool and must never leave the machine. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Whether `value` is a URL with one of `protocols` on a loopback host. */
export function isLoopbackUrl(value: string, protocols: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return protocols.includes(url.protocol) && LOOPBACK_HOSTS.has(url.hostname)
}

/** A zod string that must be a loopback URL with one of `protocols`. */
export function loopbackUrl(protocols: readonly string[]) {
  return z.string().refine((value) => isLoopbackUrl(value, protocols), {
    message: `must be a ${protocols.map((p) => p.replace(':', '')).join('/')} URL on 127.0.0.1 (this wallet never reaches other hosts)`,
  })
}
