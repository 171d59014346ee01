import { invalidParams } from './errors.js'
import type { DevWalletChain } from './types.js'

const ALLOWED_KEYS = new Set([
  'chainId',
  'chainName',
  'nativeCurrency',
  'rpcUrls',
  'blockExplorerUrls',
  'iconUrls',
])

/** EIP-3085 / EIP-695: a 0x-prefixed hex number without leading zeros. */
const CHAIN_ID_HEX = /^0x[1-9a-f][0-9a-f]*$/i

function isUrl(value: unknown, protocols: readonly string[]): value is string {
  if (typeof value !== 'string') return false
  try {
    return protocols.includes(new URL(value).protocol)
  } catch {
    return false
  }
}

function urlList(value: unknown, key: string, protocols: readonly string[]): string[] {
  if (!Array.isArray(value) || !value.every((url) => isUrl(url, protocols))) {
    throw invalidParams(`${key} must be a list of ${protocols.join(' or ')} URLs`)
  }
  return value as string[]
}

/** Parses a chain id given as hex text (as in RPC params); throws -32602 when malformed. */
export function parseChainIdHex(value: unknown, key = 'chainId'): number {
  if (typeof value !== 'string' || !CHAIN_ID_HEX.test(value)) {
    throw invalidParams(`${key} must be a 0x-prefixed hex number without leading zeros`)
  }
  const chainId = Number.parseInt(value, 16)
  if (!Number.isSafeInteger(chainId)) throw invalidParams(`${key} is too large`)
  return chainId
}

/**
 * Validates wallet_addEthereumChain's one parameter (EIP-3085: chainId, chainName,
 * nativeCurrency, rpcUrls, blockExplorerUrls, iconUrls) and turns it into a chain configuration.
 * Unknown keys are refused, as MetaMask does, so that a dapp's typo shows up in tests.
 */
export function parseAddChainParams(params: unknown): DevWalletChain {
  if (!Array.isArray(params) || params.length !== 1) {
    throw invalidParams('expected one AddEthereumChainParameter object')
  }
  const input: unknown = params[0]
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalidParams('expected one AddEthereumChainParameter object')
  }
  const record = input as Record<string, unknown>
  const extra = Object.keys(record).filter((key) => !ALLOWED_KEYS.has(key))
  if (extra.length > 0) throw invalidParams(`unexpected keys ${extra.join(', ')}`)

  const chainId = parseChainIdHex(record.chainId)
  const { chainName, nativeCurrency } = record
  if (typeof chainName !== 'string' || chainName.trim() === '') {
    throw invalidParams('chainName must be a non-empty string')
  }
  if (typeof nativeCurrency !== 'object' || nativeCurrency === null) {
    throw invalidParams('nativeCurrency must be an object with name, symbol and decimals')
  }
  const { name, symbol, decimals } = nativeCurrency as Record<string, unknown>
  if (typeof name !== 'string' || name === '') {
    throw invalidParams('nativeCurrency.name must be a non-empty string')
  }
  if (typeof symbol !== 'string' || symbol.length < 2 || symbol.length > 6) {
    throw invalidParams('nativeCurrency.symbol must be 2 to 6 characters')
  }
  if (decimals !== 18) throw invalidParams('nativeCurrency.decimals must be 18')

  const rpcUrls = urlList(record.rpcUrls, 'rpcUrls', ['http:', 'https:', 'ws:', 'wss:'])
  // The wallet's clients speak HTTP; a chain reachable only over websockets cannot be used.
  const rpcUrl = rpcUrls.find((url) => isUrl(url, ['http:', 'https:']))
  if (!rpcUrl) throw invalidParams('rpcUrls must hold at least one http(s) URL')
  const explorers =
    record.blockExplorerUrls === undefined || record.blockExplorerUrls === null
      ? []
      : urlList(record.blockExplorerUrls, 'blockExplorerUrls', ['http:', 'https:'])
  if (record.iconUrls !== undefined) {
    urlList(record.iconUrls, 'iconUrls', ['http:', 'https:', 'data:', 'ipfs:'])
  }

  return {
    chainId,
    name: chainName,
    rpcUrl,
    nativeCurrency: { name, symbol, decimals },
    ...(explorers[0] ? { blockExplorerUrl: explorers[0] } : {}),
  }
}
