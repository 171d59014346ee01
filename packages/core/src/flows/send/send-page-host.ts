import { LatchError } from '../../errors/latch-error.js'
import { canFollow, followResultError } from './follow-transaction.js'
import { runPageSend, type PageSend, type PageSendResult } from './page-send.js'
import { PAGE_RECEIPT_TIMEOUT_MS } from './transaction-timings.js'
import type { FlowPort } from '../port.js'
import type { PendingTransactionsActor } from './pending-transactions.machine.js'
import type { SendServiceActor } from './send.service.js'
import { sendAccountOf, sendBalancesOf } from './send-listeners.js'

/**
 * The transaction's receipt, followed by the pending-transactions machine with the page
 * integration's 25 s wait (SPEC §9): resolves with the hash once it settles (confirmed,
 * replaced, or not confirmed in time: it may still be mined), when it is no longer followed
 * (a disconnect cleared it, the 99 limit, the instance destroyed); rejects with a revert's
 * reason (or 'unknown reason'), or the read's error.
 */
function receiptOf(pending: PendingTransactionsActor, sent: PageSendResult): Promise<string> {
  const { hash, network, transfer } = sent
  return new Promise<string>((resolve, reject) => {
    const done = (error?: LatchError) => {
      subscriptions.forEach((subscription) => subscription.unsubscribe())
      if (error) reject(error)
      else resolve(hash)
    }
    const subscriptions = [
      pending.on('settled', ({ transaction, result }) => {
        if (transaction.hash === hash) done(followResultError(result))
      }),
      pending.on('notWatched', ({ transaction }) => {
        if (transaction.hash === hash) done()
      }),
      pending.subscribe({
        next: (snapshot) => {
          // Left the list without settling: CLEAR (a disconnect) stopped following it.
          if (!snapshot.context.pending.some((t) => t.hash === hash)) done()
        },
        complete: () => done(),
      }),
    ]
    pending.send({ type: 'WATCH', hash, network, transfer, timeoutMs: PAGE_RECEIPT_TIMEOUT_MS })
  })
}

/**
 * `latch.send({ token, amount, to })` on the running instance: the current account on the active
 * network sends (checked by the send rules, `request` by `pageSendSchema`), its balances are read
 * again, and the receipt is followed when the adapter can (`followTransaction`). Resolves with the
 * hash or signature; rejects with the catalogue's error, or REQUEST_ABORTED when the instance is
 * destroyed before the wallet answered.
 */
export async function pageSend(
  port: Pick<FlowPort, 'connection' | 'network' | 'balance' | 'io'>,
  services: { sendService?: SendServiceActor; pendingTransactions?: PendingTransactionsActor },
  request: PageSend,
): Promise<string> {
  const { connection, network, io } = port
  const account = sendAccountOf(connection.getSnapshot(), network.getSnapshot())
  const { sendService, pendingTransactions } = services
  // The send flow's machines start with the runtime, so they are there whenever an account is.
  if (!account || !sendService || !pendingTransactions)
    throw new LatchError('NO_ACTIVE_CAIP_ADDRESS')
  const { tokenBalances } = sendBalancesOf(connection.getSnapshot(), account)
  const sent = await runPageSend(sendService, { account, tokenBalances, send: request })
  // The account just spent: its balances are read again, past the caches.
  port.balance.send({ type: 'READ', fresh: true })
  if (!canFollow(io.registry, sent.network.chainNamespace)) return sent.hash
  return receiptOf(pendingTransactions, sent)
}
