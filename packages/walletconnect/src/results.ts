import { isAddressForNamespace, type ChainNamespace } from '@latch/core'
import * as z from 'zod/mini'
import { WalletRpcError } from './errors.js'

const HEX_DATA = /^0x[0-9a-fA-F]*$/
const TX_HASH = /^0x[0-9a-fA-F]{64}$/
const SIGNATURE_METHODS = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
])
const NULL_METHODS = new Set(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
const ACCOUNT_METHODS = new Set(['eth_accounts', 'eth_requestAccounts'])

const hexData = z.string().check(z.maxLength(1_000_000), z.regex(HEX_DATA))
const txHash = z.string().check(z.regex(TX_HASH))
const addresses = z.array(z.string()).check(z.maxLength(256))

function malformed(method: string): WalletRpcError {
  return new WalletRpcError(-32603, `The wallet answered ${method} with a malformed result.`)
}

/**
 * A request's result checked at the boundary: for the EVM methods Latch calls, what the wallet
 * (or the provider) answered must have the shape EIP-1193 gives it. Other methods' results are
 * handed over as they are, for the adapter that asked to check.
 */
export function checkResult(namespace: ChainNamespace, method: string, result: unknown): unknown {
  if (namespace !== 'eip155') return result
  if (ACCOUNT_METHODS.has(method)) {
    const parsed = addresses.safeParse(result)
    if (!parsed.success) throw malformed(method)
    return parsed.data.filter((address) => isAddressForNamespace(namespace, address))
  }
  if (SIGNATURE_METHODS.has(method)) {
    const parsed = hexData.safeParse(result)
    if (!parsed.success) throw malformed(method)
    return parsed.data
  }
  if (method === 'eth_sendTransaction') {
    const parsed = txHash.safeParse(result)
    if (!parsed.success) throw malformed(method)
    return parsed.data
  }
  if (NULL_METHODS.has(method)) return null
  return result
}

/** An EVM chain reference (`'31337'`) as EIP-1193's hex chain id (`'0x7a69'`). */
export function toHexChainId(reference: string): string {
  return `0x${BigInt(reference).toString(16)}`
}
