import * as z from 'zod/mini'
import type { TokenBalance } from '../../balances/token-balance.js'
import { LatchError } from '../../errors/latch-error.js'
import type { Network } from '../../network/network.js'
import { nativeTokenOf, tokenContract, type SendAccount } from './send-rules.js'
import type { SendServiceActor } from './send.service.js'
import type { SendEmitted } from './send.types.js'

/**
 * What `latch.send` takes (issue 15): the token's contract address (EVM; omitted for the native
 * coin), the amount in whole tokens as text, and the receiver's address or name.
 */
export const pageSendSchema = z.object({
  token: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  amount: z.string().check(z.maxLength(100)),
  to: z.string().check(z.maxLength(200)),
})

export type PageSend = z.infer<typeof pageSendSchema>

/**
 * The token a page send names: the native coin when none is given (from the balances when read,
 * else the network's currency with its balance unknown), else the balance entry whose contract
 * matches. An unknown token is 'A token is required': its decimals are unknown.
 */
export function findSendToken(
  tokenBalances: readonly TokenBalance[],
  network: Network,
  token: string | undefined,
): TokenBalance {
  if (token === undefined) {
    const { name, symbol, decimals } = network.nativeCurrency
    return (
      nativeTokenOf(tokenBalances, network) ?? {
        name,
        symbol,
        chainId: network.caipNetworkId,
        // Unknown balance: the send is not checked against it; the wallet still is.
        quantity: { decimals: String(decimals), numeric: '' },
      }
    )
  }
  const wanted = token.toLowerCase()
  const found = tokenBalances.find(
    (t) =>
      t.chainId === network.caipNetworkId &&
      (t.address?.toLowerCase() === wanted || tokenContract(t)?.toLowerCase() === wanted),
  )
  if (!found) throw new LatchError('SEND_TOKEN_REQUIRED')
  return found
}

/** A send that went through: its hash (or signature), and what the root does next. */
export type PageSendResult = Omit<Extract<SendEmitted, { type: 'sent' }>, 'type'>

/**
 * Runs one send without a form, for `latch.send({ token, amount, to })`: a send machine of its
 * own, spawned by the send flow's keeper (so it is in the instance's actor system), filled,
 * sent, and stopped. Resolves with the hash (or signature) and what to do next (`after`:
 * refresh the balance, or show Account), so the helper can follow it like a form send; rejects
 * with the catalogue's error (the SPEC texts, USER_REJECTED), or REQUEST_ABORTED when the
 * instance stops first. A name as `to` is resolved first, as in the form.
 */
export function runPageSend(
  service: SendServiceActor,
  request: {
    account: SendAccount
    tokenBalances: readonly TokenBalance[]
    send: PageSend
  },
): Promise<PageSendResult> {
  const parsed = z.safeParse(pageSendSchema, request.send)
  if (!parsed.success) return Promise.reject(new LatchError('SEND_AMOUNT_AND_RECEIVER_REQUIRED'))
  const { token, amount, to } = parsed.data
  const { account, tokenBalances } = request
  let chosen: TokenBalance
  try {
    chosen = findSendToken(tokenBalances, account.network, token)
  } catch (error) {
    return Promise.reject(error)
  }
  const id = crypto.randomUUID()
  service.send({ type: 'PAGE_SEND', id, account })
  const send = service.getSnapshot().context.pageSends[id]
  if (!send) return Promise.reject(new LatchError('REQUEST_ABORTED'))
  const subscriptions: Array<{ unsubscribe(): void }> = []
  return new Promise<PageSendResult>((resolve, reject) => {
    subscriptions.push(
      send.on('sent', ({ type: _, ...sent }) => resolve(sent)),
      send.on('failed', (event) => reject(event.error)),
      // The instance was destroyed before the wallet answered.
      send.subscribe({ complete: () => reject(new LatchError('REQUEST_ABORTED')) }),
    )
    // Listening now: a send the rules refuse at once is heard too.
    const fill = { id, tokenBalances, token: chosen, amount, receiver: to }
    service.send({ type: 'PAGE_SEND_FILL', ...fill })
  }).finally(() => {
    subscriptions.forEach((subscription) => subscription.unsubscribe())
    service.send({ type: 'PAGE_SEND_DONE', id })
  })
}
