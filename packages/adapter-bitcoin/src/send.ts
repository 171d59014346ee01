import { LatchError, type Network, type TransactionRequest } from '@latch/core'
import type { Connections } from './connections.js'
import type { BitcoinWalletFace, SignInput } from './connectors/types.js'
import { isTxid } from './encoding.js'
import { broadcast, feeRateFor, utxosOf } from './esplora.js'
import { loadBitcoin } from './load-bitcoin.js'
import { referenceOf } from './chains.js'
import { assertAddressOn, requireChain } from './validation.js'

/** What a PSBT signature request names (see `BitcoinAdapter.signPSBT`). */
export interface SignPsbtRequest {
  connectorId: string
  network: Network
  /** The PSBT, base64. */
  psbt: string
  signInputs: readonly SignInput[]
  /** Finalize and broadcast once signed (by the wallet when it does, else through Esplora). */
  broadcast?: boolean
}

/**
 * Signs a PSBT with the wallet; with `broadcast`, a wallet that broadcasts itself (sats-connect)
 * is asked to, and otherwise the adapter finalizes the signed PSBT and `POST`s it to the network's
 * Esplora API.
 */
export async function signPsbt(
  face: BitcoinWalletFace,
  request: SignPsbtRequest,
): Promise<{ psbt: string; txid?: string }> {
  const broadcasting = request.broadcast ?? false
  const signed = await face.signPSBT({
    psbt: request.psbt,
    signInputs: request.signInputs,
    broadcast: broadcasting,
    network: request.network,
  })
  if (!broadcasting || signed.txid !== undefined) return signed
  const { hex } = (await loadBitcoin()).finalizeTransfer(signed.psbt)
  return { psbt: signed.psbt, txid: await broadcast(request.network, hex) }
}

/**
 * Sends `value` sats from `from` to `to` (issue 14's BTC send). Everything is checked before any
 * wallet is asked: the network, both addresses for it, the amount. Then:
 * - a wallet with its own transfer (sats-connect `sendTransfer`), sending from its payment
 *   address on the network asked for, does it all;
 * - otherwise the adapter builds the PSBT (bitcoinjs-lib, loaded now): the sender's coins from
 *   Esplora, largest first, the fee rate for `feeTarget` blocks from `/fee-estimates` times the
 *   virtual size, change back to the sender unless dust. The wallet signs every input; the
 *   adapter checks it signed that transaction, finalizes it and broadcasts it (`POST /tx`) to the
 *   network asked for, whatever node the wallet itself uses.
 * Resolves with the txid.
 */
export async function sendBitcoin(
  connections: Connections,
  request: TransactionRequest,
  feeTarget: number,
): Promise<string> {
  const chain = requireChain(request.network)
  assertAddressOn(request.from, request.network)
  assertAddressOn(request.to, request.network)
  if (request.value <= 0n) {
    throw new LatchError('INVALID_AMOUNT', { values: { value: String(request.value) } })
  }
  const { face, account } = await connections.accountOf(request.connectorId, request.from)
  // The checksum of a base58 address and the dust threshold need bitcoinjs-lib: loaded now.
  const lib = await loadBitcoin()
  lib.paymentScript(request.to, request.value, chain.family)

  if (face.sendTransfer && account.purpose === 'payment') {
    // The wallet sends on its own network: never on another than the one asked for.
    const walletChain = connections.chainOf(request.connectorId)
    if (walletChain !== referenceOf(request.network)) {
      throw new LatchError('CHAIN_MISMATCH', {
        values: {
          connectorChainId: `bip122:${walletChain ?? 'unknown'}`,
          connectionChainId: request.network.caipNetworkId,
        },
      })
    }
    const txid = await face.sendTransfer({ recipient: request.to, amount: request.value })
    if (!isTxid(txid)) throw new LatchError('INVALID_TRANSACTION_HASH')
    return txid
  }

  const [coins, feeRate] = await Promise.all([
    utxosOf(request.network, request.from),
    feeRateFor(request.network, feeTarget),
  ])
  const built = lib.buildTransfer({
    family: chain.family,
    from: account,
    to: request.to,
    value: request.value,
    coins,
    feeRate,
  })
  // Signed only: the adapter checks the wallet signed this transaction before broadcasting it.
  const signed = await face.signPSBT({
    psbt: built.psbt,
    signInputs: built.inputs.map((index) => ({ address: request.from, index })),
    broadcast: false,
    network: request.network,
  })
  const { hex } = lib.finalizeTransfer(signed.psbt, built.psbt)
  return broadcast(request.network, hex)
}
