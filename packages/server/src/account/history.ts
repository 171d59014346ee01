import type { Transaction, TransactionTransfer } from '@latch/core/api'
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { formatUnits, zeroAddress } from 'viem'
import type { ServerConfig } from '../config/schema.js'
import type { Db } from '../db/database.js'
import {
  accountTransactions,
  chainTransactions,
  chainTransfers,
  nftMetadata,
  tokenMetadata,
} from '../db/schema.js'
import { encodeCursor, type HistoryPosition } from './cursor.js'
import { nftMetadataOf, tokenMetadataOf } from './metadata-join.js'
import { nftLabel } from './nft-label.js'
import { configuredTokens, priceOf, tokenIconUrl } from './tokens.js'

/** Transactions per history page. */
export const HISTORY_PAGE_SIZE = 20

/** One history request, its cursor already read. */
export interface HistoryRequest {
  account: string
  /** Only this chain's transactions; all indexed chains' otherwise. */
  chainId: string | undefined
  after: HistoryPosition | undefined
  origin: string
  projectId: string
}

type HistoryRow = Awaited<ReturnType<typeof historyPageQuery>>[number]
type TxRow = HistoryRow['tx']
type TransferRow = NonNullable<HistoryRow['transfer']>
type TokenRow = NonNullable<HistoryRow['token']>
type NftRow = NonNullable<HistoryRow['nft']>

/** One of the account's transfers in a page, with what its token is called. */
interface LabelledTransfer {
  transfer: TransferRow
  /** The ERC-20 (or NFT collection) contract's metadata, when the indexer read it. */
  token: TokenRow | null
  /** The NFT's metadata, for an ERC-721/1155 transfer. */
  nft: NftRow | null
}

/**
 * The query of one history page: a backward index range scan of `account_transactions` from the
 * cursor for the page's positions (one more than a page, to know whether another follows),
 * joined by primary key to the transactions, the account's transfers and their token and NFT
 * metadata.
 * One row per transfer (one for a transaction without the account's transfers), in page order.
 * Exported unawaited so the bench can print its plan (`.toSQL()`).
 */
export function historyPageQuery(
  db: Db,
  request: Pick<HistoryRequest, 'account' | 'chainId' | 'after'>,
) {
  const account = request.account.toLowerCase()
  const at = accountTransactions
  const where: SQL[] = [eq(at.account, account)]
  // Across chains, pages go by block time (`account_transactions_page_idx`). On one chain they go
  // by block and index, which is the same order (a chain's block times never go back), and which
  // the primary key (account, chain, block, index) serves: a backward scan from the cursor, 21
  // rows read on any page, where ordering by time would read and sort the chain's whole history.
  const oneChain = request.chainId
  let order: ('minedAt' | 'chainId' | 'blockNumber' | 'txIndex')[]
  if (oneChain) {
    order = ['blockNumber', 'txIndex']
    where.push(eq(at.chainId, oneChain))
  } else {
    order = ['minedAt', 'chainId', 'blockNumber', 'txIndex']
  }
  const after = request.after
  if (after && oneChain && after.chainId === oneChain) {
    where.push(sql`(${at.blockNumber}, ${at.txIndex}) < (${after.blockNumber}, ${after.txIndex})`)
  } else if (after) {
    // (A cursor from another chain's or the all-chains list: the rows after it in time.)
    where.push(
      sql`(${at.minedAt}, ${at.chainId}, ${at.blockNumber}, ${at.txIndex}) < (${after.minedAt}, ${after.chainId}, ${after.blockNumber}, ${after.txIndex})`,
    )
  }
  const page = db.$with('page').as(
    db
      .select({
        account: at.account,
        chainId: at.chainId,
        blockNumber: at.blockNumber,
        txIndex: at.txIndex,
        minedAt: at.minedAt,
      })
      .from(at)
      .where(and(...where))
      .orderBy(...order.map((column) => desc(at[column])))
      .limit(HISTORY_PAGE_SIZE + 1),
  )
  const sameTx = (table: typeof chainTransactions | typeof chainTransfers) =>
    and(
      eq(table.chainId, page.chainId),
      eq(table.blockNumber, page.blockNumber),
      eq(table.txIndex, page.txIndex),
    )
  return db
    .with(page)
    .select({
      minedAt: page.minedAt,
      // Only the columns a page shows: the rows are many (one per transfer) and an NFT's
      // metadata row may hold a long inline image, so each column left out is bytes not sent.
      tx: {
        chainId: chainTransactions.chainId,
        blockNumber: chainTransactions.blockNumber,
        txIndex: chainTransactions.txIndex,
        hash: chainTransactions.hash,
        from: chainTransactions.from,
        to: chainTransactions.to,
        contractAddress: chainTransactions.contractAddress,
        nonce: chainTransactions.nonce,
        status: chainTransactions.status,
        minedAt: chainTransactions.minedAt,
      },
      transfer: {
        chainId: chainTransfers.chainId,
        kind: chainTransfers.kind,
        token: chainTransfers.token,
        tokenId: chainTransfers.tokenId,
        from: chainTransfers.from,
        to: chainTransfers.to,
        amount: chainTransfers.amount,
      },
      // Each joined object starts with a key column: drizzle reads a left join's object as
      // missing when its first column is null (a contract without name(), a token without URI).
      token: {
        chainId: tokenMetadata.chainId,
        name: tokenMetadata.name,
        symbol: tokenMetadata.symbol,
        decimals: tokenMetadata.decimals,
      },
      nft: { chainId: nftMetadata.chainId, name: nftMetadata.name, image: nftMetadata.image },
    })
    .from(page)
    .innerJoin(chainTransactions, sameTx(chainTransactions))
    .leftJoin(
      chainTransfers,
      and(
        sameTx(chainTransfers),
        or(eq(chainTransfers.from, page.account), eq(chainTransfers.to, page.account)),
      ),
    )
    .leftJoin(tokenMetadata, tokenMetadataOf(chainTransfers.chainId, chainTransfers.token))
    .leftJoin(
      nftMetadata,
      nftMetadataOf(chainTransfers.chainId, chainTransfers.token, chainTransfers.tokenId),
    )
    .orderBy(
      ...order.map((column) => desc(page[column])),
      asc(chainTransfers.logIndex),
      asc(chainTransfers.batchIndex),
    )
}

/**
 * SPEC §7 `GET /v1/account/{account}/history`: a page of the account's transactions, newest
 * first, each with the account's transfers (AppKit's `Transaction`), and the cursor of the next
 * page, or null on the last. One query a page ({@link historyPageQuery}), however long the
 * history.
 */
export async function accountHistory(
  db: Db,
  config: ServerConfig,
  request: HistoryRequest,
): Promise<{ data: Transaction[]; next: string | null }> {
  const account = request.account.toLowerCase()
  const rows = await historyPageQuery(db, request)

  // The rows come one per transfer (or one for a transaction without the account's transfers),
  // in page order: group them back into transactions.
  const txs: { tx: TxRow; minedAt: number; transfers: LabelledTransfer[] }[] = []
  for (const row of rows) {
    let last = txs[txs.length - 1]
    if (!last || last.tx.chainId !== row.tx.chainId || last.tx.hash !== row.tx.hash) {
      last = { tx: row.tx, minedAt: row.minedAt, transfers: [] }
      txs.push(last)
    }
    if (row.transfer) {
      last.transfers.push({ transfer: row.transfer, token: row.token, nft: row.nft })
    }
  }
  const data = txs
    .slice(0, HISTORY_PAGE_SIZE)
    .map(({ tx, transfers }) => toTransaction(config, request, account, tx, transfers))
  const last = txs[HISTORY_PAGE_SIZE - 1]
  return {
    data,
    next:
      txs.length > HISTORY_PAGE_SIZE && last
        ? encodeCursor({
            minedAt: last.minedAt,
            chainId: last.tx.chainId,
            blockNumber: last.tx.blockNumber,
            txIndex: last.tx.txIndex,
          })
        : null,
  }
}

function direction(account: string, transfer: TransferRow): TransactionTransfer['direction'] {
  if (transfer.from === account && transfer.to === account) return 'self'
  return transfer.to === account ? 'in' : 'out'
}

/** AppKit's operation types, from the account's side of the transaction. */
function operationType(tx: TxRow, account: string, transfers: readonly TransferRow[]): string {
  if (tx.to === null && tx.from === account) return 'deploy'
  if (transfers.length === 0) return tx.from === account ? 'execute' : 'receive'
  const directions = new Set(transfers.map((t) => direction(account, t)))
  if (transfers.every((t) => t.from === zeroAddress && t.to === account)) return 'mint'
  if (directions.has('in') && directions.has('out')) return 'trade'
  if (!directions.has('out') && !directions.has('self')) return 'receive'
  return 'send'
}

function toTransaction(
  config: ServerConfig,
  request: HistoryRequest,
  account: string,
  tx: TxRow,
  transfers: readonly LabelledTransfer[],
): Transaction {
  return {
    id: `${tx.chainId}:${tx.hash}`,
    metadata: {
      operationType: operationType(
        tx,
        account,
        transfers.map((t) => t.transfer),
      ),
      hash: tx.hash,
      minedAt: new Date(tx.minedAt * 1000).toISOString(),
      sentFrom: tx.from,
      sentTo: tx.to ?? tx.contractAddress ?? '',
      status: tx.status === 'failed' ? 'failed' : 'confirmed',
      nonce: tx.nonce,
      chain: tx.chainId,
    },
    transfers: transfers.map((transfer) => toTransfer(config, request, account, transfer)),
  }
}

function toTransfer(
  config: ServerConfig,
  request: HistoryRequest,
  account: string,
  { transfer, token, nft }: LabelledTransfer,
): TransactionTransfer {
  const base = { direction: direction(account, transfer) }
  if (transfer.kind === 'erc721' || transfer.kind === 'erc1155') {
    const { name, image } = nftLabel(token, nft, transfer.tokenId ?? '')
    return {
      ...base,
      nft_info: {
        name,
        ...(image ? { content: { preview: { url: image }, detail: { url: image } } } : {}),
        flags: { is_spam: false },
      },
      quantity: { numeric: String(transfer.amount) },
    }
  }
  const native =
    transfer.kind === 'native'
      ? (configuredTokens(config, transfer.chainId).find((t) => t.address === 'native') ?? {
          name: 'Ether',
          symbol: 'ETH',
          decimals: 18,
        })
      : undefined
  const name = native?.name ?? token?.name ?? undefined
  const symbol = native?.symbol ?? token?.symbol ?? undefined
  const decimals = native?.decimals ?? token?.decimals ?? 0
  const numeric = formatUnits(BigInt(transfer.amount), decimals)
  const price = symbol ? priceOf(config, symbol) : 0
  const icon = symbol ? tokenIconUrl(config, symbol, request.origin, request.projectId) : ''
  return {
    ...base,
    fungible_info: {
      ...(name ? { name } : {}),
      ...(symbol ? { symbol } : {}),
      ...(icon ? { icon: { url: icon } } : {}),
    },
    quantity: { numeric },
    value: Number(numeric) * price,
    price,
  }
}
