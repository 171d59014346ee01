/**
 * The signing operations both faces run, once their params are checked and mapped to keys: every
 * one is checked in full first, then asked of the user once, then signed (and sent), so a
 * rejected or refused request signs and sends nothing.
 */
import type { Psbt } from 'bitcoinjs-lib'
import { short, type WalletCore } from './core.js'
import type { WalletKey } from './keys.js'
import { signMessageWith, type MessageSignature, type MessageSigningProtocol } from './message.js'
import {
  finalizeTransaction,
  planSigning,
  sign,
  type InputSigning,
  type SigningPlan,
} from './psbt.js'
import { planTransfer, type Recipient } from './transfer.js'

/** One PSBT to sign: its signings, and whether to finalize and broadcast it after. */
export interface PsbtRequest {
  readonly psbt: Psbt
  readonly signings: readonly InputSigning[]
  readonly broadcast: boolean
}

export interface SignedPsbt {
  readonly psbt: Psbt
  /** Set when broadcast. */
  readonly txid?: string
}

/** Finalizes a signed PSBT and sends it through the regtest node; resolves with the txid. */
export async function broadcastPsbt(core: WalletCore, psbt: Psbt): Promise<string> {
  return core.esplora.broadcast(finalizeTransaction(psbt).toHex())
}

/** Signs (and broadcasts where asked) PSBTs after one approval. */
export async function signPsbts(
  core: WalletCore,
  method: string,
  requests: readonly PsbtRequest[],
): Promise<SignedPsbt[]> {
  core.requireRegtest()
  const plans: SigningPlan[] = requests.map(({ psbt, signings }) => planSigning(psbt, signings))
  const inputs = plans.reduce((sum, plan) => sum + plan.signatures.length, 0)
  const sending = requests.some((request) => request.broadcast)
  await core.approvals.ask(
    method,
    `${sending ? 'Sign and send' : 'Sign'} ${requests.length} transaction(s), ${inputs} input(s)`,
  )
  const signed: SignedPsbt[] = []
  // One after another, in the order given: a later transaction may spend an earlier one.
  for (const [index, plan] of plans.entries()) {
    const psbt = sign(plan)
    signed.push(
      requests[index]!.broadcast ? { psbt, txid: await broadcastPsbt(core, psbt) } : { psbt },
    )
  }
  return signed
}

/** Signs messages after one approval. */
export async function signMessages(
  core: WalletCore,
  method: string,
  requests: readonly { key: WalletKey; message: Uint8Array; protocol?: MessageSigningProtocol }[],
): Promise<MessageSignature[]> {
  core.requireRegtest()
  const first = requests[0]
  const by = first ? ` with ${short(core.addressOf(first.key))}` : ''
  await core.approvals.ask(method, `Sign ${requests.length} message(s)${by}`)
  return requests.map(({ key, message, protocol }) => signMessageWith(key, message, protocol))
}

/**
 * Pays recipients from the selected account's payment address: builds the transaction (coins
 * and fee from the regtest node), asks, signs, broadcasts. Resolves with the txid.
 */
export async function sendTransfer(
  core: WalletCore,
  method: string,
  recipients: readonly Recipient[],
): Promise<string> {
  core.requireRegtest()
  const from = core.selected().payment
  const fromAddress = core.addressOf(from)
  const feeRate = await core.esplora.feeRate(core.feeTarget)
  const plan = await planTransfer(core.esplora, from, fromAddress, recipients, feeRate)
  const to = recipients.map((r) => `${r.amount} sats to ${short(r.address)}`).join(', ')
  await core.approvals.ask(method, `Send ${to} (fee ${plan.fee} sats)`)
  return broadcastPsbt(core, sign(plan))
}
