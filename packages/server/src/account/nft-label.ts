/** What the indexer read of an NFT's collection contract (`token_metadata`). */
export interface CollectionMetadata {
  name: string | null
  symbol: string | null
}

/** What the indexer read of one NFT (`nft_metadata`). */
export interface StoredNftMetadata {
  name: string | null
  image: string | null
}

/** How the account routes show an NFT: its collection's name, its own name and image. */
export interface NftLabel {
  /** The collection's name, else its symbol, else `NFT`. */
  collection: string
  /** The token's metadata name, else `{collection} #{tokenId}`. */
  name: string
  /** An image a page can show in an `<img>`, or undefined. */
  image: string | undefined
}

/**
 * Image URLs an `<img>` may load: the web's, IPFS gateways' schemes, and inline images. A token's
 * metadata is anyone's text (the contract decides it), so any other scheme is dropped.
 */
const IMAGE_URL = /^(https?:\/\/|ipfs:\/\/|data:image\/)/i

/**
 * The label of an NFT from whatever metadata the indexer found: a contract without `name()` or a
 * token whose URI is not inline still gets a readable name, the one the history and the NFT list
 * both show.
 */
export function nftLabel(
  collection: CollectionMetadata | null,
  nft: StoredNftMetadata | null,
  tokenId: string,
): NftLabel {
  // A contract's name() is anyone's text, of any length: kept to what a label needs.
  const collectionName = (collection?.name ?? collection?.symbol ?? 'NFT').slice(0, 256)
  const image = nft?.image ?? undefined
  return {
    collection: collectionName,
    name: nft?.name ?? `${collectionName} #${tokenId}`,
    image: image !== undefined && IMAGE_URL.test(image) ? image : undefined,
  }
}
