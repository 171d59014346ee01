import { isHex, numberToHex, type LocalAccount, type TypedDataDefinition } from 'viem'
import type { ChainRegistry } from './chains.js'
import { DEFAULT_NATIVE_CURRENCY } from './chains.js'
import { invalidParams, unauthorized, unrecognizedChain, unsupportedMethod } from './errors.js'
import { isLoopbackUrl } from './loopback.js'
import { isWalletMethod, parseParams, type MethodParams, type WalletMethod } from './params.js'
import { sendTransaction } from './transaction.js'

/** What the method handlers need from the wallet. */
export interface MethodContext {
  readonly account: LocalAccount
  readonly chains: ChainRegistry
  /** Makes a known chain current and tells every session's dapp (chainChanged). */
  switchChain(chainId: number): Promise<void>
}

/** Methods a real wallet answers without asking: the session already granted them. */
const SILENT_METHODS: ReadonlySet<WalletMethod> = new Set([
  'eth_chainId',
  'eth_accounts',
  'eth_requestAccounts',
])

/** A request whose params are valid, ready to be approved (or answered at once). */
export type PreparedRequest = {
  [M in WalletMethod]: {
    method: M
    params: MethodParams<M>
    /** The chain the dapp addressed (CAIP-2 reference of the request's `chainId`). */
    chainId: number
    /** False for methods answered without asking the user. */
    needsApproval: boolean
  }
}[WalletMethod]

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/**
 * Validates a request before anyone is asked: unknown method → 4200, bad params → -32602, another
 * account → 4100, unknown chain → 4902. Throws a WalletRpcError; returns the parsed request.
 */
export function prepareRequest(
  ctx: MethodContext,
  method: string,
  params: unknown,
  chainId: number,
): PreparedRequest {
  if (!isWalletMethod(method)) throw unsupportedMethod(method)
  const needsApproval = !SILENT_METHODS.has(method)
  const prepared = {
    method,
    params: parseParams(method, params),
    chainId,
    needsApproval,
  } as PreparedRequest

  switch (prepared.method) {
    case 'personal_sign': {
      const [, address] = prepared.params
      if (!sameAddress(address, ctx.account.address)) throw unauthorized(address)
      break
    }
    case 'eth_signTypedData_v4': {
      const [address] = prepared.params
      if (!sameAddress(address, ctx.account.address)) throw unauthorized(address)
      break
    }
    case 'eth_sendTransaction': {
      const [tx] = prepared.params
      if (tx.from !== undefined && !sameAddress(tx.from, ctx.account.address)) {
        throw unauthorized(tx.from)
      }
      if (tx.chainId !== undefined && Number(tx.chainId) !== chainId) {
        throw invalidParams(
          method,
          `params[0].chainId: 0x${tx.chainId.toString(16)} is not the request's chain ${chainId}`,
        )
      }
      if (!ctx.chains.get(chainId)) throw unrecognizedChain(chainId)
      break
    }
    case 'wallet_switchEthereumChain': {
      const [{ chainId: target }] = prepared.params
      if (!ctx.chains.get(target)) throw unrecognizedChain(target)
      break
    }
    default:
      break
  }
  return prepared
}

/** Answers a prepared (and, where needed, approved) request. Throws a WalletRpcError or viem error. */
export async function executeRequest(
  ctx: MethodContext,
  request: PreparedRequest,
): Promise<unknown> {
  switch (request.method) {
    case 'eth_chainId':
      return numberToHex(ctx.chains.currentId)
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [ctx.account.address]
    case 'personal_sign': {
      const [message] = request.params
      return ctx.account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [, typedData] = request.params
      try {
        return await ctx.account.signTypedData(typedData as unknown as TypedDataDefinition)
      } catch (error) {
        // viem checks the message against its types: a mismatch is the dapp's params error.
        const detail = error instanceof Error ? error.message.split('\n')[0]! : String(error)
        throw invalidParams(request.method, `params[1]: ${detail}`)
      }
    }
    case 'eth_sendTransaction': {
      const entry = ctx.chains.get(request.chainId)
      if (!entry) throw unrecognizedChain(request.chainId)
      return sendTransaction(entry, ctx.account, request.params[0])
    }
    case 'wallet_switchEthereumChain': {
      const [{ chainId }] = request.params
      // Checked again: the chain list may have changed while the request waited for approval.
      if (!ctx.chains.get(chainId)) throw unrecognizedChain(chainId)
      await ctx.switchChain(chainId)
      return null
    }
    case 'wallet_addEthereumChain': {
      const [params] = request.params
      const rpcUrl = params.rpcUrls.find((url) => isLoopbackUrl(url, ['http:', 'https:']))!
      ctx.chains.add({
        chainId: params.chainId,
        name: params.chainName,
        rpcUrl,
        nativeCurrency: params.nativeCurrency ?? DEFAULT_NATIVE_CURRENCY,
      })
      return null
    }
  }
}
