/**
 * sendTransfer's transaction: the payment address's coins (never the ordinals address's: a wallet
 * keeps inscriptions out of payments), largest first until the recipients and the fee are
 * covered, change back to the payment address unless it would be dust.
 */
import { address as bitcoinAddress, networks, Psbt } from 'bitcoinjs-lib'
import { invalidParams } from './errors.js'
import type { EsploraClient } from './esplora.js'
import type { WalletKey } from './keys.js'
import { BITCOIN_NETWORK_NAMES, networkInfo } from './networks.js'
import { planSigning, type SigningPlan } from './psbt.js'

export interface Recipient {
  readonly address: string
  /** Sats. */
  readonly amount: number
}

export interface TransferPlan extends SigningPlan {
  /** Sats paid in fees. */
  readonly fee: number
  /** Sats leaving the wallet: the recipients' amounts and the fee. */
  readonly spent: number
}

/** The output script of a regtest address; another network's address is refused by name. */
export function regtestScript(address: string): Uint8Array {
  try {
    return bitcoinAddress.toOutputScript(address, networks.regtest)
  } catch {
    const other = BITCOIN_NETWORK_NAMES.find((name) => {
      try {
        return Boolean(bitcoinAddress.toOutputScript(address, networkInfo(name).bitcoinjs))
      } catch {
        return false
      }
    })
    throw invalidParams(
      other
        ? `${address} is a ${other.toLowerCase()} address; this wallet sends on regtest only`
        : `${address} is not a Bitcoin address`,
    )
  }
}

/** Whether a script is a witness program (segwit v0-v16): its spends are cheaper, its dust lower. */
function isWitnessProgram(script: Uint8Array): boolean {
  const version = script[0]!
  const isVersion = version === 0x00 || (version >= 0x51 && version <= 0x60)
  return isVersion && script.length >= 4 && script.length <= 42 && script[1] === script.length - 2
}

/** bitcoind's dust threshold at its 3 sat/vB dust relay fee: 294 P2WPKH, 330 Taproot, 546 P2PKH. */
export function dustLimit(script: Uint8Array): number {
  const outputSize = 8 + 1 + script.length
  const spendSize = isWitnessProgram(script) ? 67 : 148
  return 3 * (outputSize + spendSize)
}

// Virtual sizes: a P2WPKH input is 41 bytes plus a ~108-byte witness (68 vB); the version,
// counts, locktime and segwit marker come to 10.5 vB.
const P2WPKH_INPUT_VBYTES = 68
const OVERHEAD_VBYTES = 10.5
const outputVbytes = (script: Uint8Array) => 8 + 1 + script.length

/**
 * Builds the unsigned PSBT of a transfer from `from` (a payment key), at `feeRate` sat/vB.
 * @throws WalletError -32602 for a recipient that is not a regtest address, dust, or too little money.
 */
export async function planTransfer(
  esplora: EsploraClient,
  from: WalletKey,
  fromAddress: string,
  recipients: readonly Recipient[],
  feeRate: number,
): Promise<TransferPlan> {
  const outputs = recipients.map(({ address, amount }) => {
    const script = regtestScript(address)
    if (amount < dustLimit(script)) {
      throw invalidParams(`${amount} sats to ${address} is dust: the least is ${dustLimit(script)}`)
    }
    return { script, value: amount }
  })
  const paying = outputs.reduce((sum, output) => sum + output.value, 0)
  const baseVbytes = OVERHEAD_VBYTES + outputs.reduce((sum, o) => sum + outputVbytes(o.script), 0)
  // Whole vbytes first, as bitcoind counts them (weight / 4, rounded up), so the rate is met.
  const feeFor = (inputs: number, withChange: boolean) =>
    Math.ceil(
      feeRate *
        Math.ceil(
          baseVbytes + inputs * P2WPKH_INPUT_VBYTES + (withChange ? outputVbytes(from.script) : 0),
        ),
    )

  const coins = (await esplora.utxos(fromAddress)).sort((a, b) => b.value - a.value)
  const chosen: typeof coins = []
  let gathered = 0
  for (const coin of coins) {
    chosen.push(coin)
    gathered += coin.value
    if (gathered >= paying + feeFor(chosen.length, false)) break
  }
  if (gathered < paying + feeFor(chosen.length, false)) {
    throw invalidParams(
      `insufficient funds: ${fromAddress} has ${gathered} sats, the transfer needs ${paying + feeFor(chosen.length, false)}`,
    )
  }
  const change = gathered - paying - feeFor(chosen.length, true)
  const withChange = change >= dustLimit(from.script)

  const psbt = new Psbt({ network: networks.regtest })
  for (const coin of chosen) {
    psbt.addInput({
      hash: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: from.script, value: BigInt(coin.value) },
    })
  }
  for (const output of outputs)
    psbt.addOutput({ script: output.script, value: BigInt(output.value) })
  if (withChange) psbt.addOutput({ script: from.script, value: BigInt(change) })

  const fee = withChange ? feeFor(chosen.length, true) : gathered - paying
  const plan = planSigning(psbt, [
    { key: from, address: fromAddress, indexes: chosen.map((_, index) => index) },
  ])
  return { ...plan, fee, spent: paying + fee }
}
