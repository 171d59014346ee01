import type { Transaction, TransactionTransfer } from '@latch/core/api'
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
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

type TxRow = typeof chainTransactions.$inferSelect
type TransferRow = typeof chainTransfers.$inferSelect

const txKey = (row: { chainId: string; blockNumber: number; txIndex: number }) =>
  `${row.chainId}/${row.blockNumber}/${row.txIndex}`

/**
 * SPEC §7 `GET /v1/account/{account}/history`: a page of the account's transactions, newest
 * first, each with the account's transfers (AppKit's `Transaction`), and the cursor of the next
 * page, or null on the last. The page is one index range scan (`account_transactions_page_idx`)
 * and two lookups by key, however long the history.
 */
export async function accountHistory(
  db: Db,
  config: ServerConfig,
  request: HistoryRequest,
): Promise<{ data: Transaction[]; next: string | null }> {
  const account = request.account.toLowerCase()
  const where: SQL[] = [eq(accountTransactions.account, account)]
  if (request.chainId) where.push(eq(accountTransactions.chainId, request.chainId))
  if (request.after) {
    const { minedAt, chainId, blockNumber, txIndex } = request.after
    where.push(
      sql`(${accountTransactions.minedAt}, ${accountTransactions.chainId}, ${accountTransactions.blockNumber}, ${accountTransactions.txIndex}) < (${minedAt}, ${chainId}, ${blockNumber}, ${txIndex})`,
    )
  }
  const positions = await db
    .select()
    .from(accountTransactions)
    .where(and(...where))
    .orderBy(
      desc(accountTransactions.minedAt),
      desc(accountTransactions.chainId),
      desc(accountTransactions.blockNumber),
      desc(accountTransactions.txIndex),
    )
    .limit(HISTORY_PAGE_SIZE + 1)
  const page = positions.slice(0, HISTORY_PAGE_SIZE)
  if (page.length === 0) return { data: [], next: null }

  const byKey = (table: typeof chainTransactions | typeof chainTransfers) =>
    or(
      ...page.map((p) =>
        and(
          eq(table.chainId, p.chainId),
          eq(table.blockNumber, p.blockNumber),
          eq(table.txIndex, p.txIndex),
        ),
      ),
    )
  const [txs, transfers] = await Promise.all([
    db.select().from(chainTransactions).where(byKey(chainTransactions)),
    db.select().from(chainTransfers).where(byKey(chainTransfers)),
  ])
  const mine = transfers.filter((t) => t.from === account || t.to === account)
  const labels = await transferLabels(db, mine)
  const txsByKey = new Map(txs.map((tx) => [txKey(tx), tx]))
  const transfersByKey = new Map<string, TransferRow[]>()
  for (const transfer of mine.sort(
    (a, b) => a.logIndex - b.logIndex || a.batchIndex - b.batchIndex,
  )) {
    const list = transfersByKey.get(txKey(transfer)) ?? []
    list.push(transfer)
    transfersByKey.set(txKey(transfer), list)
  }

  const data = page.flatMap((position) => {
    const tx = txsByKey.get(txKey(position))
    if (!tx) return []
    const own = transfersByKey.get(txKey(position)) ?? []
    return [toTransaction(config, request, account, tx, own, labels)]
  })
  const last = page[page.length - 1]!
  return { data, next: positions.length > HISTORY_PAGE_SIZE ? encodeCursor(last) : null }
}

/** What a transfer's token is called: ERC-20 metadata by contract, NFT metadata by token. */
interface Labels {
  tokens: Map<string, typeof tokenMetadata.$inferSelect>
  nfts: Map<string, typeof nftMetadata.$inferSelect>
}

async function transferLabels(db: Db, transfers: readonly TransferRow[]): Promise<Labels> {
  const contracts = [
    ...new Map(
      transfers.flatMap((t) => (t.token ? [[`${t.chainId}/${t.token}`, t] as const] : [])),
    ).values(),
  ]
  const nftTransfers = transfers.filter((t) => t.tokenId !== null && t.token !== null)
  const [tokens, nfts] = await Promise.all([
    contracts.length === 0
      ? []
      : db
          .select()
          .from(tokenMetadata)
          .where(
            or(
              ...contracts.map((t) =>
                and(eq(tokenMetadata.chainId, t.chainId), eq(tokenMetadata.address, t.token!)),
              ),
            ),
          ),
    nftTransfers.length === 0
      ? []
      : db
          .select()
          .from(nftMetadata)
          .where(
            or(
              ...nftTransfers.map((t) =>
                and(
                  eq(nftMetadata.chainId, t.chainId),
                  eq(nftMetadata.contract, t.token!),
                  eq(nftMetadata.tokenId, t.tokenId!),
                ),
              ),
            ),
          ),
  ])
  return {
    tokens: new Map(tokens.map((row) => [`${row.chainId}/${row.address}`, row])),
    nfts: new Map(nfts.map((row) => [`${row.chainId}/${row.contract}/${row.tokenId}`, row])),
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
  transfers: readonly TransferRow[],
  labels: Labels,
): Transaction {
  return {
    id: `${tx.chainId}:${tx.hash}`,
    metadata: {
      operationType: operationType(tx, account, transfers),
      hash: tx.hash,
      minedAt: new Date(tx.minedAt * 1000).toISOString(),
      sentFrom: tx.from,
      sentTo: tx.to ?? tx.contractAddress ?? '',
      status: tx.status === 'failed' ? 'failed' : 'confirmed',
      nonce: tx.nonce,
      chain: tx.chainId,
    },
    transfers: transfers.map((transfer) => toTransfer(config, request, account, transfer, labels)),
  }
}

function toTransfer(
  config: ServerConfig,
  request: HistoryRequest,
  account: string,
  transfer: TransferRow,
  labels: Labels,
): TransactionTransfer {
  const base = { direction: direction(account, transfer) }
  const contract = transfer.token
    ? labels.tokens.get(`${transfer.chainId}/${transfer.token}`)
    : undefined
  if (transfer.kind === 'erc721' || transfer.kind === 'erc1155') {
    const nft = labels.nfts.get(`${transfer.chainId}/${transfer.token}/${transfer.tokenId}`)
    const collection = contract?.name ?? contract?.symbol ?? 'NFT'
    const image = nft?.image ?? undefined
    return {
      ...base,
      nft_info: {
        name: nft?.name ?? `${collection} #${transfer.tokenId}`,
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
  const name = native?.name ?? contract?.name ?? undefined
  const symbol = native?.symbol ?? contract?.symbol ?? undefined
  const decimals = native?.decimals ?? contract?.decimals ?? 0
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
