import type { Network } from '@latch/core'
import {
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
} from '@solana/kit'

export interface SolanaClients {
  rpc: Rpc<SolanaRpcApi>
  /** Made on first use: only a send needs the WebSocket. */
  subscriptions(): RpcSubscriptions<SolanaRpcSubscriptionsApi>
}
export type ClientFor = (network: Network) => SolanaClients

/**
 * The network's PubSub URL: `rpcUrls.default.webSocket[0]`, else the HTTP URL with its scheme
 * swapped (http → ws, https → wss), which is where public RPC providers serve both.
 */
export function webSocketUrlOf(network: Network): string {
  const configured = network.rpcUrls.default.webSocket?.[0]
  if (configured) return configured
  const http = new URL(network.rpcUrls.default.http[0] as string)
  http.protocol = http.protocol === 'https:' ? 'wss:' : 'ws:'
  return http.toString()
}

/** One RPC client (and at most one WebSocket) per network, made on first use. */
export function createClientCache(): ClientFor {
  const clients = new Map<string, SolanaClients>()
  return (network) => {
    const key = network.caipNetworkId
    let entry = clients.get(key)
    if (!entry) {
      const rpc = createSolanaRpc(network.rpcUrls.default.http[0] as string)
      let subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi> | undefined
      entry = {
        rpc,
        subscriptions: () =>
          (subscriptions ??= createSolanaRpcSubscriptions(webSocketUrlOf(network))),
      }
      clients.set(key, entry)
    }
    return entry
  }
}
