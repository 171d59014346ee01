import { and, eq, type SQLWrapper } from 'drizzle-orm'
import { nftMetadata, tokenMetadata } from '../db/schema.js'

// The account queries label tokens by joining the indexer's metadata tables; these are the join
// conditions, each on the table's primary key, so every label is one index lookup.

/** `token_metadata` of the contract `address` on `chainId` (columns or expressions). */
export function tokenMetadataOf(chainId: SQLWrapper, address: SQLWrapper) {
  return and(eq(tokenMetadata.chainId, chainId), eq(tokenMetadata.address, address))
}

/** `nft_metadata` of token `tokenId` of `contract` on `chainId` (columns or expressions). */
export function nftMetadataOf(chainId: SQLWrapper, contract: SQLWrapper, tokenId: SQLWrapper) {
  return and(
    eq(nftMetadata.chainId, chainId),
    eq(nftMetadata.contract, contract),
    eq(nftMetadata.tokenId, tokenId),
  )
}
