import {
  erc20Abi,
  erc20Abi_bytes32,
  hexToString,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { DEFAULT_NATIVE_CURRENCY, type ChainEntry } from './chains.js'
import { invalidParams } from './errors.js'
import { parseChainIdHex } from './add-chain.js'

/** One ERC-7811 asset as wallet_getAssets returns it. */
export interface Asset {
  address: Address | 'native'
  balance: Hex
  type: 'native' | 'erc20'
  metadata: { name: string; symbol: string; decimals: number }
}

/** wallet_getAssets' request (ERC-7811). */
export interface AssetsRequest {
  account: Address
  /** Per chain id; when present, only these assets are returned and the other filters ignored. */
  assetFilter?: Map<number, { address: string; type: string }[]>
  assetTypeFilter?: string[]
  chainFilter?: number[]
}

export function parseAssetsRequest(params: unknown): AssetsRequest {
  const input: unknown = Array.isArray(params) ? params[0] : undefined
  if (typeof input !== 'object' || input === null)
    throw invalidParams('expected one request object')
  const { account, assetFilter, assetTypeFilter, chainFilter } = input as Record<string, unknown>
  if (typeof account !== 'string' || !isHex(account) || account.length !== 42) {
    throw invalidParams('account must be an address')
  }
  const request: AssetsRequest = { account }
  if (assetFilter !== undefined) {
    if (typeof assetFilter !== 'object' || assetFilter === null) {
      throw invalidParams('assetFilter must be an object keyed by hex chain id')
    }
    request.assetFilter = new Map(
      Object.entries(assetFilter).map(([chainId, assets]) => {
        if (!Array.isArray(assets)) throw invalidParams('assetFilter values must be lists')
        return [parseChainIdHex(chainId, 'assetFilter key'), assets]
      }),
    )
  }
  if (assetTypeFilter !== undefined) {
    if (!Array.isArray(assetTypeFilter)) throw invalidParams('assetTypeFilter must be a list')
    request.assetTypeFilter = assetTypeFilter.map((type) => String(type).toLowerCase())
  }
  if (chainFilter !== undefined) {
    if (!Array.isArray(chainFilter)) throw invalidParams('chainFilter must be a list')
    request.chainFilter = chainFilter.map((chainId) => parseChainIdHex(chainId, 'chainFilter'))
  }
  return request
}

type Metadata = Asset['metadata']

async function readText(client: PublicClient, address: Address, functionName: 'name' | 'symbol') {
  try {
    return await client.readContract({ address, abi: erc20Abi, functionName })
  } catch {
    // Some old tokens (MKR, SAI) return their name and symbol as bytes32.
    const raw = await client.readContract({ address, abi: erc20Abi_bytes32, functionName })
    return hexToString(raw, { size: 32 })
  }
}

async function readMetadata(client: PublicClient, address: Address): Promise<Metadata> {
  const [name, symbol, decimals] = await Promise.all([
    readText(client, address, 'name'),
    readText(client, address, 'symbol'),
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
  ])
  return { name, symbol, decimals }
}

/** Reads native and ERC-20 balances and token metadata from each chain; caches the metadata. */
export function createAssetReader(configured: Record<number, Address[]>) {
  const metadataCache = new Map<string, Promise<Metadata>>()

  function metadata(entry: ChainEntry, address: Address): Promise<Metadata> {
    const key = `${entry.config.chainId}:${address.toLowerCase()}`
    let cached = metadataCache.get(key)
    if (!cached) {
      cached = readMetadata(entry.publicClient(), address)
      cached.catch(() => metadataCache.delete(key))
      metadataCache.set(key, cached)
    }
    return cached
  }

  async function readAsset(entry: ChainEntry, account: Address, address: string) {
    const client = entry.publicClient()
    if (address === 'native') {
      const balance = await client.getBalance({ address: account })
      const { name, symbol, decimals } = entry.config.nativeCurrency ?? DEFAULT_NATIVE_CURRENCY
      const asset: Asset = {
        address: 'native',
        balance: numberToHex(balance),
        type: 'native',
        metadata: { name, symbol, decimals },
      }
      return asset
    }
    if (!isHex(address) || address.length !== 42) return undefined
    const [balance, meta] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [account] }),
      metadata(entry, address),
    ])
    const asset: Asset = { address, balance: numberToHex(balance), type: 'erc20', metadata: meta }
    return asset
  }

  function wanted(entry: ChainEntry, request: AssetsRequest): { address: string; type: string }[] {
    const filtered = request.assetFilter?.get(entry.config.chainId)
    if (filtered)
      return filtered.map(({ address, type }) => ({ address, type: type.toLowerCase() }))
    const all = [
      { address: 'native', type: 'native' },
      ...(configured[entry.config.chainId] ?? []).map((address) => ({ address, type: 'erc20' })),
    ]
    const types = request.assetTypeFilter
    return types ? all.filter((asset) => types.includes(asset.type)) : all
  }

  /** wallet_getAssets' answer for the given known chains. */
  return async function getAssets(chains: ChainEntry[], request: AssetsRequest) {
    const selected = chains.filter(({ config }) =>
      request.assetFilter
        ? request.assetFilter.has(config.chainId)
        : (request.chainFilter?.includes(config.chainId) ?? true),
    )
    const lists = await Promise.all(
      selected.map(async (entry) => {
        const assets = await Promise.all(
          wanted(entry, request)
            .filter(({ type }) => type === 'native' || type === 'erc20')
            // A token that cannot be read (not a contract, chain down) is left out, not fatal.
            .map(({ address }) =>
              readAsset(entry, request.account, address).catch(() => undefined),
            ),
        )
        return [entry.config.chainId, assets.filter((asset) => asset !== undefined)] as const
      }),
    )
    const result: Record<Hex, Asset[]> = {}
    for (const [chainId, assets] of lists) {
      if (assets.length > 0) result[numberToHex(chainId)] = assets
    }
    return result
  }
}
