import type { Network } from '@latch/core'
import { createClient, type Client } from 'viem'
import { toViemChain } from '../network/viem-chain.js'
import { createEvmTransport, rpcUrlFor } from '../transport.js'

export interface RpcOptions {
  /** The provider project id, for the SPEC §7 default RPC path. */
  projectId?: string
  /** Base URL of a self-hosted RPC proxy; when absent, each network's own RPC URL is used. */
  rpcBaseUrl?: string
  /**
   * How often to poll for blocks and receipts (SPEC §9: 500 to 4000 ms). Default: viem's, from
   * the chain's block time. A devnet mining on demand can poll faster.
   */
  pollingInterval?: number
}

/** One viem public client per network, made on first use and kept for the adapter's life. */
export function createClientCache(options: RpcOptions) {
  const clients = new Map<string, Client>()
  return (network: Network): Client => {
    let client = clients.get(network.caipNetworkId)
    if (!client) {
      // A bare client plus the actions each call imports from viem/actions: createPublicClient
      // would bundle every public action (multicall, ENS, signature checks…) into the host's JS.
      client = createClient({
        chain: toViemChain(network),
        transport: createEvmTransport(rpcUrlFor(network, options)),
        ...(options.pollingInterval ? { pollingInterval: options.pollingInterval } : {}),
      })
      clients.set(network.caipNetworkId, client)
    }
    return client
  }
}

export type ClientFor = ReturnType<typeof createClientCache>
