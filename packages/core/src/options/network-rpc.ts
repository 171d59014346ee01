// SPEC §7 "The default RPC path for a chain is /v1/ with query parameters chainId and projectId":
// a network the host passes without `rpcUrls` gets its Latch server's RPC endpoint. Without a
// server (or without the project id the endpoint needs) such a network could never be reached,
// so the options refuse it, naming the field.
import { serverRpcUrl } from '../api/urls.js'
import type { Network, HostNetwork } from '../network/network.js'
import { LatchOptionsError } from './options-error.js'

/**
 * Why a network without `rpcUrls` is refused; `undefined` when it gets the server's RPC. Only
 * presence counts: a wrong `serverUrl` is that option's own issue.
 */
export function missingRpcMessage(serverUrl: unknown, projectId: unknown): string | undefined {
  if (serverUrl === undefined) {
    return 'Required without serverUrl (the Latch server gives a network its default RPC)'
  }
  if (!projectId) return 'Required without projectId (the default RPC is per project)'
  return undefined
}

function hasRpcUrls(network: HostNetwork): network is Network {
  return network.rpcUrls !== undefined
}

/** Where the default RPC comes from: the instance's `serverUrl` and project id. */
export interface RpcDefaults {
  serverUrl?: string | undefined
  projectId: string
}

/**
 * The networks as adapters and views read them: the host's own objects when they have
 * `rpcUrls` (a viem chain keeps its contracts and formatters), else a copy whose
 * `rpcUrls.default.http[0]` is `serverRpcUrl(serverUrl, caipNetworkId, projectId)`.
 * `defaultNetwork` becomes the entry of `networks` with its caipNetworkId, so both are one object.
 * @throws LatchOptionsError naming `networks.{i}.rpcUrls` when a network has none and there is
 * no server to give it one (parseOptions reports this before calling).
 */
export function resolveNetworks(
  networks: readonly HostNetwork[],
  defaultNetwork: HostNetwork | undefined,
  defaults: RpcDefaults,
): { networks: Network[]; defaultNetwork?: Network } {
  const resolved = networks.map((network, index) => {
    if (hasRpcUrls(network)) return network
    const message = missingRpcMessage(defaults.serverUrl, defaults.projectId)
    if (message !== undefined || defaults.serverUrl === undefined) {
      const path = `networks.${index}.rpcUrls`
      throw new LatchOptionsError('INVALID_OPTIONS', [{ path, message: message ?? '' }])
    }
    const url = serverRpcUrl(defaults.serverUrl, network.caipNetworkId, defaults.projectId)
    return { ...network, rpcUrls: { default: { http: [url] } } }
  })
  const chosen = defaultNetwork
    ? resolved.find((network) => network.caipNetworkId === defaultNetwork.caipNetworkId)
    : undefined
  return chosen ? { networks: resolved, defaultNetwork: chosen } : { networks: resolved }
}
