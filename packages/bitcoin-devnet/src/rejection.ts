/**
 * Why a transaction is refused, in bitcoind's words: Esplora passes `POST /tx` to bitcoind's
 * `sendrawtransaction` and answers its error as `sendrawtransaction RPC error: {json}` (400).
 */

/** bitcoind's RPC error codes `sendrawtransaction` answers with. */
export const RPC_ERROR = {
  /** RPC_DESERIALIZATION_ERROR: the hex is not a transaction. */
  deserialization: -22,
  /** RPC_VERIFY_ERROR / RPC_TRANSACTION_ERROR: missing inputs, fee above the maximum. */
  verify: -25,
  /** RPC_VERIFY_REJECTED: refused by consensus or policy (the reason says which rule). */
  rejected: -26,
  /** RPC_VERIFY_ALREADY_IN_UTXO_SET: the transaction is already confirmed. */
  alreadyInChain: -27,
} as const

/** A refused transaction: the RPC code and bitcoind's message (`reason, details`). */
export class TxRejection extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'TxRejection'
  }

  /** The text Esplora answers with. */
  toEsploraText(): string {
    return `sendrawtransaction RPC error: ${JSON.stringify({ code: this.code, message: this.message })}`
  }
}

/** A policy or consensus rejection (-26) with bitcoind's reject reason and optional details. */
export function rejected(reason: string, details?: string): TxRejection {
  return new TxRejection(RPC_ERROR.rejected, details ? `${reason}, ${details}` : reason)
}

/** A script failure as bitcoind words it: consensus (`mandatory`) or policy only. */
export function scriptFailure(error: string, mandatory = true): TxRejection {
  return rejected(
    mandatory
      ? `mandatory-script-verify-flag-failed (${error})`
      : `non-mandatory-script-verify-flag (${error})`,
  )
}

/** bitcoind's FormatMoney: BTC with trailing zeros trimmed, keeping at least two decimals. */
export function formatMoney(sats: bigint): string {
  const negative = sats < 0n
  const absolute = negative ? -sats : sats
  const whole = absolute / 100_000_000n
  const fraction = (absolute % 100_000_000n)
    .toString()
    .padStart(8, '0')
    .replace(/0{1,6}$/, '')
  return `${negative ? '-' : ''}${whole}.${fraction.padEnd(2, '0')}`
}
