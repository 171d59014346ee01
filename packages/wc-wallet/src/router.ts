import { invalidParams } from './errors.js'
import { executeRequest, prepareRequest, type MethodContext } from './methods.js'
import { parseEip155ChainId } from './namespaces.js'
import type { PreparedCall } from './request-desk.js'
import { executeSolanaRequest, prepareSolanaRequest, type SolanaContext } from './solana/methods.js'

/**
 * Sends each request to the handlers of the namespace its chain id names: `eip155:<id>` to the
 * EVM methods, `solana:<ref>` to the Solana ones when the wallet holds a Solana key. Anything
 * else is refused with -32602 before anyone is asked.
 */
export function requestRouter(evm: MethodContext, solana: SolanaContext | undefined) {
  return (method: string, params: unknown, chainId: string): PreparedCall => {
    const evmChainId = parseEip155ChainId(chainId)
    if (evmChainId !== undefined) {
      const prepared = prepareRequest(evm, method, params, evmChainId)
      return { needsApproval: prepared.needsApproval, execute: () => executeRequest(evm, prepared) }
    }
    if (solana && chainId.startsWith('solana:')) {
      const prepared = prepareSolanaRequest(solana, method, params, chainId)
      return {
        needsApproval: prepared.needsApproval,
        execute: () => executeSolanaRequest(solana, prepared),
      }
    }
    throw invalidParams(method, `chainId ${chainId} is not a chain of this wallet`)
  }
}
