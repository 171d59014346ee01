/** Host names that stay on this machine (as `URL#hostname` writes them). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Whether a URL's host is this machine. Plain http is allowed there only: for a local Latch
 * server, relay or devnet, whose traffic never crosses a network.
 */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname)
}
