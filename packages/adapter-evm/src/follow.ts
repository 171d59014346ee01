import type { ChainAdapter, Network } from '@latch/core'
import type { Client } from 'viem'

/** Core's optional fee and follow methods, which the EVM adapter always has. */
export type FollowMethods = Required<Pick<ChainAdapter, 'estimateFee' | 'followTransaction'>>

/**
 * The adapter's fee estimate and transaction following (core's optional `estimateFee` and
 * `followTransaction`). Their viem code is imported on first use, like the rest of the kit, so
 * a page that never sends downloads none of it.
 */
export function followMethods(clientFor: (network: Network) => Promise<Client>): FollowMethods {
  return {
    async estimateFee(request) {
      const [{ estimateFee }, client] = await Promise.all([
        import('./reads/estimate-fee.js'),
        clientFor(request.network),
      ])
      return estimateFee(client, request)
    },
    async followTransaction(request) {
      const [{ followTransaction }, client] = await Promise.all([
        import('./writes/follow-transaction.js'),
        clientFor(request.network),
      ])
      return followTransaction(client, request)
    },
  }
}
