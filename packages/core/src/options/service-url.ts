import * as z from 'zod/mini'
import { isLoopbackHost } from '../identifiers/loopback.js'

const parsedUrl = (value: string) => (URL.canParse(value) ? new URL(value) : undefined)

/**
 * The one rule for the URL of a service Latch talks to (the Latch server, the WalletConnect
 * relay and verify service): `secure`, or `plain` only when it stays on this machine; never with
 * a user name or password in it (the client would send them to the service, and logs would keep
 * them).
 */
export function secureOrLoopbackUrl(secure: string, plain: string) {
  return z.url({ protocol: new RegExp(`^(${secure}|${plain})$`) }).check(
    z.refine((value) => {
      // Only judges the plain scheme; any other scheme is the URL check's to report.
      const url = parsedUrl(value)
      return url?.protocol !== `${plain}:` || isLoopbackHost(url.hostname)
    }, `Must use ${secure}: unless the host is a loopback address`),
    z.refine((value) => {
      const url = parsedUrl(value)
      return !url || (url.username === '' && url.password === '')
    }, 'Must not contain a user name or password'),
  )
}

/**
 * The `serverUrl` option: the root of the host's Latch server (https:, or http: on a loopback
 * host), with or without a path. Every call appends its own path and query to it, so it may
 * carry neither a query nor a fragment.
 */
export const serverUrlSchema = /* @__PURE__ */ secureOrLoopbackUrl('https', 'http').check(
  z.refine((value) => !/[?#]/.test(value), 'Must not contain a query or a fragment'),
)
