import type { BitcoinDevnet } from '@latch/bitcoin-devnet'
import { Verifier } from 'bip322-js'

// What the Bitcoin tests read straight from the regtest chain, over its Esplora API, and how they
// check a signature: with bip322-js, an implementation independent of the wallet's and adapter's.

interface AddressStats {
  funded_txo_sum: number
  spent_txo_sum: number
}

/** An address's sats, confirmed and in the mempool, as Esplora's `GET /address/:a` counts them. */
export async function satsOf(devnet: BitcoinDevnet, address: string): Promise<bigint> {
  const response = await fetch(`${devnet.esploraUrl}/address/${address}`)
  if (!response.ok) throw new Error(`GET /address/${address}: ${response.status}`)
  const { chain_stats: chain, mempool_stats: mempool } = (await response.json()) as {
    chain_stats: AddressStats
    mempool_stats: AddressStats
  }
  const sum = (stats: AddressStats) => BigInt(stats.funded_txo_sum - stats.spent_txo_sum)
  return sum(chain) + sum(mempool)
}

/** A transaction's fee in sats, and whether a block confirmed it. */
export async function transaction(
  devnet: BitcoinDevnet,
  txid: string,
): Promise<{ fee: bigint; confirmed: boolean }> {
  const response = await fetch(`${devnet.esploraUrl}/tx/${txid}`)
  if (!response.ok) throw new Error(`GET /tx/${txid}: ${response.status}`)
  const tx = (await response.json()) as { fee: number; status: { confirmed: boolean } }
  return { fee: BigInt(tx.fee), confirmed: tx.status.confirmed }
}

/** Sats as the exact BTC text core shows (8 decimals, no trailing zeros), e.g. 1.74987654. */
export function btcText(sats: bigint): string {
  const whole = sats / 100_000_000n
  const fraction = (sats % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/** Whether `signature` (base64, BIP-322 or legacy) signs `message` for `address`. */
export function verifiesBitcoinMessage(
  address: string,
  message: string,
  signature: string,
): boolean {
  try {
    return Verifier.verifySignature(address, message, signature)
  } catch {
    return false
  }
}
