import { formatAmount, type TokenBalance } from '@latch/core'
import { numberToHex, type Address } from 'viem'
import { z } from 'zod'
import type { Eip1193Provider } from '../provider.js'

/** SPEC §3 "Wallet asset response entry", validated at the boundary (wallets are untrusted). */
const assetSchema = z.object({
  address: z.string().max(100),
  balance: z.string().regex(/^0x[0-9a-fA-F]{1,64}$/),
  type: z
    .string()
    .transform((t) => t.toUpperCase())
    .pipe(z.enum(['ERC20', 'NATIVE'])),
  metadata: z.object({
    name: z.string().max(200).optional(),
    symbol: z.string().max(50),
    decimals: z.number().int().min(0).max(255),
    price: z.number().nonnegative().optional(),
    iconUrl: z.string().max(2048).optional(),
    value: z.number().nonnegative().optional(),
  }),
})
const assetsResponseSchema = z.record(z.string(), z.array(z.unknown()))

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
 * dropped, and so are zero-decimal tokens (SPEC §4: "Tokens with zero decimals are filtered out").
 */
export async function getWalletAssets(
  provider: Eip1193Provider,
  address: Address,
  chainId: number,
): Promise<TokenBalance[]> {
  const chainHex = numberToHex(chainId)
  const response = assetsResponseSchema.safeParse(
    await provider.request({
      method: 'wallet_getAssets',
      params: [{ account: address, chainFilter: [chainHex] }],
    }),
  )
  if (!response.success) return []
  const entries = response.data[chainHex] ?? []
  return entries.flatMap((raw) => {
    const parsed = assetSchema.safeParse(raw)
    if (!parsed.success || parsed.data.metadata.decimals === 0) return []
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
