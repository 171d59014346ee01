// `GET /v1/account/{address}/nfts?chainId&cursor` (Latch's own call; AppKit 1.7.8 has none): the
// server's page (api/account.ts's `accountNftsResponseSchema`) as the gallery's items.
import type { AccountNftsResponse } from '../api/account.js'
import type { NftItem, NftPage } from '../machines/account-data.types.js'

/** The server's page as the gallery's items (ids unique per contract and token). */
export function nftPageOf(response: AccountNftsResponse): NftPage {
  const items = response.data.map((nft): NftItem => ({
    id: `${nft.contract}/${nft.tokenId}`,
    contract: nft.contract,
    tokenId: nft.tokenId,
    name: nft.name,
    collection: nft.collection,
    amount: nft.amount,
    standard: nft.standard,
    ...(nft.description ? { description: nft.description } : {}),
    ...(nft.image ? { imageUrl: nft.image } : {}),
  }))
  return { items, next: response.next }
}
