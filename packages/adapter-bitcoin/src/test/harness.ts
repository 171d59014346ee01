import './window.js'
import type { AdapterEvent, Network } from '@latch/core'
import { startBitcoinDevnet, type BitcoinDevnet } from '@latch/bitcoin-devnet'
import {
  announceProvider,
  createBitcoinDevWallet,
  type ApprovalPolicy,
  type BitcoinDevWallet,
} from '@latch/bitcoin-wallet'
import { getWallets } from '@wallet-standard/app'
import { afterEach } from 'vitest'
import { bitcoinAdapter, bitcoinRegtest, type BitcoinAdapter } from '../index.js'

/** What every test starts from: its own chain, the dev wallet on it, and a started adapter. */
export interface Stack {
  devnet: BitcoinDevnet
  dev: BitcoinDevWallet
  network: Network
  adapter: BitcoinAdapter
  /** The two connector ids: the Wallet Standard wallet's name, the sats-connect provider's id. */
  ids: { standard: string; satsConnect: string }
  /** A second adapter on the same page, as after a reload. */
  reload(): BitcoinAdapter
}

/** The page's `window` stand-in, where sats-connect providers are announced. */
export const page = (globalThis as unknown as { window: Record<string, unknown> }).window

/**
 * Call at a test file's top level: returns a starter of fresh stacks, each taken down after its
 * test: the adapters destroyed, the wallet unregistered from the Wallet Standard registry and
 * removed from `btc_providers` (so the next test's wallet, of the same name, is the one found),
 * the devnet stopped. The wallet is the real `@latch/bitcoin-wallet`, shown to the page as its
 * `registerBitcoinDevWallet` does (register.test.ts uses that one itself).
 */
export function useStacks(): (approval?: ApprovalPolicy) => Promise<Stack> {
  const cleanups: (() => unknown)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  return async (approval = 'auto-approve') => {
    const devnet = await startBitcoinDevnet({ port: 0 })
    cleanups.push(() => devnet.stop())
    const dev = createBitcoinDevWallet({ esploraUrl: devnet.esploraUrl, approval })
    cleanups.push(getWallets().register(dev.wallet))
    announceProvider(page, dev.provider, dev.providerInfo)
    cleanups.push(() => removeProvider(dev.providerInfo.id))
    const started = () => {
      const adapter = bitcoinAdapter()
      adapter.watchConnectors(() => undefined)
      cleanups.push(() => adapter.destroy())
      return adapter
    }
    return {
      devnet,
      dev,
      network: bitcoinRegtest({ esploraUrl: devnet.esploraUrl }),
      adapter: started(),
      ids: { standard: dev.wallet.name, satsConnect: dev.providerInfo.id },
      reload: started,
    }
  }
}

/** Takes a provider off the page: its `btc_providers` entry and its global. */
export function removeProvider(id: string): void {
  const list = page.btc_providers
  if (Array.isArray(list)) {
    const index = list.findIndex((entry: { id?: unknown }) => entry.id === id)
    if (index !== -1) list.splice(index, 1)
  }
  delete page[id]
}

/** Collects what the adapter reports, for assertions. */
export function recordEvents(adapter: { subscribe(l: (e: AdapterEvent) => void): () => void }) {
  const events: AdapterEvent[] = []
  adapter.subscribe((event) => events.push(event))
  return events
}

/** The error a call fails with; throws when it succeeds instead. */
export async function failure(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise
  } catch (error) {
    return error as Error & Record<string, unknown>
  }
  throw new Error('expected the call to fail')
}

async function esplora<T>(devnet: BitcoinDevnet, path: string): Promise<T> {
  const response = await fetch(`${devnet.esploraUrl}${path}`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** An address's coins, straight from the devnet's Esplora API. */
export const coinsOf = (devnet: BitcoinDevnet, address: string) =>
  esplora<{ txid: string; vout: number; value: number }[]>(devnet, `/address/${address}/utxo`)

/** An address's balance in sats: the sum of its coins, mempool included. */
export async function satsOf(devnet: BitcoinDevnet, address: string): Promise<bigint> {
  const coins = await coinsOf(devnet, address)
  return coins.reduce((sum, coin) => sum + BigInt(coin.value), 0n)
}

export const mempool = (devnet: BitcoinDevnet) => esplora<string[]>(devnet, '/mempool/txids')

/** A transaction as the devnet reports it: its fee, weight and the value of each input and output. */
export const txOf = (devnet: BitcoinDevnet, txid: string) =>
  esplora<{
    fee: number
    weight: number
    status: { confirmed: boolean }
    vin: { prevout: { value: number; scriptpubkey_address?: string } }[]
    vout: { value: number; scriptpubkey_address?: string }[]
  }>(devnet, `/tx/${txid}`)
