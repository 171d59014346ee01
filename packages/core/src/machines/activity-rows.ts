import type { PendingTransaction } from '../flows/send/pending-transactions.machine.js'
import type { Transaction } from '../api/account.js'
import type { Network } from '../network/network.js'

/** One line of the Activity tab, derived from a transaction (SPEC §2). */
export interface ActivityRow {
  id: string
  hash: string
  /** `in`, `out` or `self`, of the first transfer (a contract call without one: `out`). */
  direction: 'in' | 'out' | 'self'
  /** What moved: a token, an NFT, or nothing (a contract call). */
  kind: 'token' | 'nft' | 'call'
  /** The server's operation type: send, receive, execute, deploy, mint, trade. */
  operation: string
  status: 'confirmed' | 'failed' | 'pending'
  /** ISO 8601. */
  minedAt: string
  /** The amount in whole tokens (an NFT's count), exact text. */
  amount?: string
  /** The token's symbol, or the NFT's name. */
  asset?: string
  /** Untrusted: pass it through core's image rule (`safeImageUrl`) before `<img>`. */
  imageUrl?: string
  /** The transaction on the network's block explorer, when the network names one. */
  explorerUrl?: string
}

/** The transaction page of `hash` on `network`'s default explorer (https only, as configured). */
export function explorerTransactionUrl(
  network: Network | undefined,
  hash: string,
): string | undefined {
  const base = network?.blockExplorers?.default?.url
  if (!base || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return undefined
  return `${base.replace(/\/+$/, '')}/tx/${hash}`
}

/** The Activity tab's lines, in the server's order (newest first). */
export function activityRows(
  transactions: readonly Transaction[],
  network: Network | undefined,
): ActivityRow[] {
  return transactions.map((transaction) => {
    const { metadata } = transaction
    const transfer = transaction.transfers[0]
    const nft = transfer?.nft_info
    const token = transfer?.fungible_info
    const image = nft?.content?.preview?.url ?? token?.icon?.url
    const asset = nft ? nft.name : token?.symbol
    const explorerUrl = explorerTransactionUrl(network, metadata.hash)
    return {
      id: transaction.id,
      hash: metadata.hash,
      direction: transfer?.direction ?? 'out',
      kind: nft ? 'nft' : transfer ? 'token' : 'call',
      operation: metadata.operationType,
      status: metadata.status,
      minedAt: metadata.minedAt,
      ...(transfer ? { amount: transfer.quantity.numeric } : {}),
      ...(asset ? { asset } : {}),
      ...(image ? { imageUrl: image } : {}),
      ...(explorerUrl ? { explorerUrl } : {}),
    }
  })
}

/**
 * The transactions core follows that the server's history does not list yet (SPEC §4 "Pending
 * transactions": each shows in Activity until it settles), newest first, as rows to put above
 * the history. One the history already has (the indexer saw it mined) is left to the history.
 */
export function pendingActivityRows(
  pending: readonly PendingTransaction[],
  history: readonly Transaction[],
): ActivityRow[] {
  const listed = new Set(history.map((transaction) => transaction.metadata.hash.toLowerCase()))
  return pending
    .filter((transaction) => !listed.has(transaction.hash.toLowerCase()))
    .reverse()
    .map(({ hash, network, sentAt, transfer }) => {
      const explorerUrl = explorerTransactionUrl(network, hash)
      return {
        id: `pending:${hash}`,
        hash,
        direction: 'out',
        kind: transfer ? 'token' : 'call',
        operation: 'send',
        status: 'pending',
        minedAt: sentAt,
        ...(transfer ? { amount: transfer.amount, asset: transfer.symbol } : {}),
        ...(explorerUrl ? { explorerUrl } : {}),
      }
    })
}
