import type { Nft } from '@latch/core/api'
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.js'
import { chainTransfers, nftMetadata, tokenMetadata } from '../db/schema.js'
import { encodeNftCursor, type NftPosition } from './cursor.js'
import { nftMetadataOf, tokenMetadataOf } from './metadata-join.js'
import { nftLabel } from './nft-label.js'

/** NFTs per page of the gallery. */
export const NFTS_PAGE_SIZE = 20

/** One NFT list request, its cursor already read. */
export interface NftsRequest {
  account: string
  /** Only this chain's NFTs; all indexed chains' otherwise. */
  chainId: string | undefined
  after: NftPosition | undefined
}

/**
 * The query of one page of the NFTs an account holds: its ERC-721/1155 transfers in, net of
 * those out, by (chain, contract, id), with what is left above 0, after the cursor in that
 * order; joined to the collection's and the token's metadata. The transfers are found through
 * the two partial indexes on the NFT transfers' `to` and `from`, so fungible transfers are never
 * read. Exported unawaited so the bench and tests can print its plan.
 */
export function nftsPageQuery(db: Db, request: NftsRequest) {
  const account = request.account.toLowerCase()
  const t = chainTransfers
  // The literal (not a parameter) lets the planner prove the partial indexes' predicate.
  const where: SQL[] = [
    sql`${t.kind} in ('erc721', 'erc1155')`,
    or(eq(t.to, account), eq(t.from, account))!,
  ]
  if (request.chainId) where.push(eq(t.chainId, request.chainId))
  if (request.after) {
    const { chainId, contract, tokenId } = request.after
    where.push(
      sql`(${t.chainId}, ${t.token}, ${t.tokenId}) > (${chainId}, ${contract}, ${tokenId}::numeric)`,
    )
  }
  const held = sql`sum(case when ${t.to} = ${account} then ${t.amount} else 0 end) - sum(case when ${t.from} = ${account} then ${t.amount} else 0 end)`
  const holdings = db.$with('holdings').as(
    db
      .select({
        chainId: t.chainId,
        // Never null here: NFT transfers always name their contract and id. (The aliases are
        // unqualified in the outer query: none may be a column name of the tables it joins.)
        contract: sql<string>`${t.token}`.as('held_contract'),
        tokenId: sql<string>`${t.tokenId}::text`.as('token_id_text'),
        tokenIdOrder: sql<string>`${t.tokenId}`.as('token_id_order'),
        standard: sql<string>`max(${t.kind})`.as('standard'),
        amount: sql<string>`(${held})::text`.as('amount'),
      })
      .from(t)
      .where(and(...where))
      .groupBy(t.chainId, t.token, t.tokenId)
      .having(sql`${held} > 0`)
      .orderBy(asc(t.chainId), asc(t.token), asc(t.tokenId))
      .limit(NFTS_PAGE_SIZE + 1),
  )
  return db
    .with(holdings)
    .select({
      chainId: holdings.chainId,
      contract: holdings.contract,
      tokenId: holdings.tokenId,
      standard: holdings.standard,
      amount: holdings.amount,
      // Each joined object starts with a key column: drizzle reads a left join's object as
      // missing when its first column is null.
      collection: {
        chainId: tokenMetadata.chainId,
        name: tokenMetadata.name,
        symbol: tokenMetadata.symbol,
      },
      nft: {
        chainId: nftMetadata.chainId,
        name: nftMetadata.name,
        image: nftMetadata.image,
        description: nftMetadata.description,
      },
    })
    .from(holdings)
    .leftJoin(tokenMetadata, tokenMetadataOf(holdings.chainId, holdings.contract))
    .leftJoin(
      nftMetadata,
      nftMetadataOf(holdings.chainId, holdings.contract, holdings.tokenIdOrder),
    )
    .orderBy(asc(holdings.chainId), asc(holdings.contract), asc(holdings.tokenIdOrder))
}

/**
 * `GET /v1/account/{address}/nfts`: a page of the NFTs the account holds now, as the indexer saw
 * them move (see {@link nftsPageQuery}), each labelled like the history labels it (`nftLabel`),
 * and the cursor of the next page, or null on the last.
 */
export async function accountNfts(
  db: Db,
  request: NftsRequest,
): Promise<{ data: Nft[]; next: string | null }> {
  const rows = await nftsPageQuery(db, request)
  const page = rows.slice(0, NFTS_PAGE_SIZE)
  const data = page.map((row): Nft => {
    const label = nftLabel(row.collection, row.nft, row.tokenId)
    const description = row.nft?.description ?? undefined
    return {
      chainId: row.chainId,
      contract: `${row.chainId}:${row.contract}`,
      tokenId: row.tokenId,
      standard: row.standard === 'erc1155' ? 'erc1155' : 'erc721',
      amount: row.amount,
      name: label.name,
      collection: label.collection,
      ...(description ? { description } : {}),
      ...(label.image ? { image: label.image } : {}),
    }
  })
  const last = page[page.length - 1]
  return {
    data,
    next:
      rows.length > NFTS_PAGE_SIZE && last
        ? encodeNftCursor({ chainId: last.chainId, contract: last.contract, tokenId: last.tokenId })
        : null,
  }
}
