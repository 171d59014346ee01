/** Test helpers: fresh devnets, wallets on them, and what an app or a block explorer would call. */
import {
  startBitcoinDevnet,
  type BitcoinDevnet,
  type BitcoinDevnetOrdinalsKey,
  type BitcoinDevnetPaymentKey,
} from '@latch/bitcoin-devnet'
import { address as bitcoinAddress, networks, Psbt } from 'bitcoinjs-lib'
import { afterEach } from 'vitest'
import { fromHex } from '../bitcoin.js'
import type { RpcResponseMessage } from '../sats-connect-types.js'
import type { BitcoinDevWalletFeatures } from '../standard-wallet.js'
import type {
  ApprovalPolicy,
  BitcoinDevWallet,
  BitcoinDevWalletConfig,
  SessionStorageLike,
} from '../types.js'
import { createBitcoinDevWallet } from '../wallet.js'

/**
 * Call at a test file's top level: returns a starter of fresh devnets (a few milliseconds each,
 * so one per test keeps every test's coins its own), each stopped after its test.
 */
export function useDevnets(): () => Promise<BitcoinDevnet> {
  const started: BitcoinDevnet[] = []
  afterEach(async () => {
    await Promise.all(started.splice(0).map((devnet) => devnet.stop()))
  })
  return async () => {
    // A free port, whatever LATCH_BITCOIN_PORT the shell has set.
    const devnet = await startBitcoinDevnet({ port: 0 })
    started.push(devnet)
    return devnet
  }
}

export function walletConfig(
  devnet: BitcoinDevnet,
  overrides: Partial<BitcoinDevWalletConfig> = {},
): BitcoinDevWalletConfig {
  return { esploraUrl: devnet.esploraUrl, approval: 'auto-approve', ...overrides }
}

/** The features as an app reaches them: by name, typed by the wallet's own feature map. */
export const features = (dev: BitcoinDevWallet) => dev.wallet.features as BitcoinDevWalletFeatures

/** A wallet the app already connected to (Wallet Standard), then set to `approval`. */
export async function connectedWallet(
  devnet: BitcoinDevnet,
  approval: ApprovalPolicy = 'auto-approve',
  overrides: Partial<BitcoinDevWalletConfig> = {},
): Promise<BitcoinDevWallet> {
  const dev = createBitcoinDevWallet(
    walletConfig(devnet, { ...overrides, approval: 'auto-approve' }),
  )
  await features(dev)['standard:connect'].connect()
  dev.control.setApproval(approval)
  return dev
}

export function memoryStorage(): SessionStorageLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  }
}

/** The error a call fails with; throws when it succeeds instead. */
export async function rejection(promise: Promise<unknown>): Promise<Error & { code?: number }> {
  try {
    await promise
  } catch (error) {
    return error as Error & { code?: number }
  }
  throw new Error('expected the call to fail')
}

/** A sats-connect call's result; throws the JSON-RPC error (with its code) otherwise. */
export async function satsResult<T>(
  dev: BitcoinDevWallet,
  method: string,
  params?: unknown,
): Promise<T> {
  const response: RpcResponseMessage = await dev.provider.request(method, params)
  if ('error' in response) {
    throw Object.assign(new Error(response.error.message), { code: response.error.code })
  }
  return response.result as T
}

async function esplora<T>(devnet: BitcoinDevnet, path: string): Promise<T> {
  const response = await fetch(`${devnet.esploraUrl}${path}`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

export interface Coin {
  txid: string
  vout: number
  value: number
}

export const coinsOf = (devnet: BitcoinDevnet, address: string) =>
  esplora<Coin[]>(devnet, `/address/${address}/utxo`)

/** An address's balance in sats, mempool included, from the Esplora API. */
export async function balanceOf(devnet: BitcoinDevnet, address: string): Promise<number> {
  const stats = await esplora<{
    chain_stats: { funded_txo_sum: number; spent_txo_sum: number }
    mempool_stats: { funded_txo_sum: number; spent_txo_sum: number }
  }>(devnet, `/address/${address}`)
  const { chain_stats: chain, mempool_stats: mempool } = stats
  return chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum
}

export const mempool = (devnet: BitcoinDevnet) => esplora<string[]>(devnet, '/mempool/txids')

export const txOf = (devnet: BitcoinDevnet, txid: string) =>
  esplora<{
    fee: number
    weight: number
    status: { confirmed: boolean }
    vout: { value: number }[]
  }>(devnet, `/tx/${txid}`)

export type DevnetKey = BitcoinDevnetPaymentKey | BitcoinDevnetOrdinalsKey

/**
 * An unsigned PSBT spending coins of devnet keys to outputs, as an app builds one: each input
 * with its witnessUtxo, and the Taproot ones with their tapInternalKey unless `bareTaproot`.
 */
export function unsignedPsbt(
  inputs: readonly { key: DevnetKey; coin: Coin; sighashType?: number }[],
  outputs: readonly { address: string; value: number }[],
  { bareTaproot = false } = {},
): Psbt {
  const psbt = new Psbt({ network: networks.regtest })
  for (const { key, coin, sighashType } of inputs) {
    psbt.addInput({
      hash: coin.txid,
      index: coin.vout,
      witnessUtxo: {
        script: bitcoinAddress.toOutputScript(key.address, networks.regtest),
        value: BigInt(coin.value),
      },
      ...(key.addressType === 'p2tr' &&
        !bareTaproot && { tapInternalKey: fromHex(key.xOnlyPublicKey)! }),
      ...(sighashType !== undefined && { sighashType }),
    })
  }
  for (const { address, value } of outputs) psbt.addOutput({ address, value: BigInt(value) })
  return psbt
}

/** POSTs a raw transaction to the devnet, as an app broadcasting a finalized PSBT would. */
export async function broadcast(devnet: BitcoinDevnet, hex: string) {
  const response = await fetch(`${devnet.esploraUrl}/tx`, { method: 'POST', body: hex })
  return { status: response.status, text: await response.text() }
}
