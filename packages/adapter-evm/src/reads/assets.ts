import { formatAmount, type TokenBalance } from '@latch/core'
import { numberToHex, type Address } from 'viem'
import * as z from 'zod/mini'
import type { Eip1193Provider } from '../provider.js'

/** SPEC §3 "Wallet asset response entry", validated at the boundary (wallets are untrusted). */
const assetSchema = z.object({
  address: z.string().check(z.maxLength(100)),
  balance: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/)),
  type: z.pipe(
    z.pipe(
      z.string(),
      z.transform((t: string) => t.toUpperCase()),
    ),
    z.enum(['ERC20', 'NATIVE']),
  ),
  metadata: z.object({
    name: z.optional(z.string().check(z.maxLength(200))),
    symbol: z.string().check(z.maxLength(50)),
    decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
    price: z.optional(z.number().check(z.nonnegative())),
    iconUrl: z.optional(z.string().check(z.maxLength(2048))),
    value: z.optional(z.number().check(z.nonnegative())),
  }),
})
/**
 * The answer's part for one chain: a list (its entries are checked one by one below). Other
 * chains' parts are never read, so they are not checked either. (A loose object rather than a
 * record: zod's record type would be start-up weight for every host, since the zod code this lazy
 * module shares with the eager ones ships with them.)
 */
const assetsResponseFor = (chainHex: string) =>
  z.looseObject({ [chainHex]: z.optional(z.array(z.unknown())) })

/** SPEC §4: wallet asset discovery is used when the wallet advertises it. */
export async function supportsAssetDiscovery(
  provider: Eip1193Provider,
  address: Address,
  chainId: number,
): Promise<boolean> {
  try {
    const capabilities = (await provider.request({
      method: 'wallet_getCapabilities',
      params: [address],
    })) as Record<string, { assetDiscovery?: { supported?: boolean } }> | undefined
    return capabilities?.[numberToHex(chainId)]?.assetDiscovery?.supported === true
  } catch {
    return false
  }
}

/**
 * The account's tokens through wallet_getAssets (ERC-7811). Entries that fail validation are
 * dropped; zero-decimal tokens are kept, since SPEC §4's display filter is core's, for every adapter.
 */
export async function getWalletAssets(
  provider: Eip1193Provider,
  address: Address,
  chainId: number,
): Promise<TokenBalance[]> {
  const chainHex = numberToHex(chainId)
  const response = assetsResponseFor(chainHex).safeParse(
    await provider.request({
      method: 'wallet_getAssets',
      params: [{ account: address, chainFilter: [chainHex] }],
    }),
  )
  if (!response.success) return []
  const entries = response.data[chainHex] ?? []
  return entries.flatMap((raw) => {
    const parsed = assetSchema.safeParse(raw)
    if (!parsed.success) return []
    const { address: token, balance, type, metadata } = parsed.data
    const caipChain = `eip155:${chainId}` as const
    return [
      {
        name: metadata.name ?? metadata.symbol,
        symbol: metadata.symbol,
        chainId: caipChain,
        ...(type === 'ERC20' ? { address: `${caipChain}:${token}` as const } : {}),
        ...(metadata.price !== undefined ? { price: metadata.price } : {}),
        ...(metadata.value !== undefined ? { value: metadata.value } : {}),
        quantity: {
          decimals: String(metadata.decimals),
          numeric: formatAmount(BigInt(balance), metadata.decimals),
        },
        ...(metadata.iconUrl ? { iconUrl: metadata.iconUrl } : {}),
      },
    ]
  })
}
