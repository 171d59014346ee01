import type { AdapterEvent, ChainAdapter, SignMessageRequest } from '@latch/core'
import * as z from 'zod/mini'
import type { BitcoinAccountAddress, MessageProtocol, SignInput } from './connectors/types.js'
import { createBitcoinDiscovery, type BitcoinDiscovery } from './discovery.js'
import { lazily } from './lazy.js'
import type { Runtime } from './runtime.js'
import type { SignPsbtRequest } from './send.js'
import { invalidFields } from './options.js'

/** `GET /fee-estimates`' target for sends, in blocks, unless the host names another. */
export const DEFAULT_FEE_TARGET = 6

export interface BitcoinAdapterOptions {
  /** Wallets hidden by connector id (wallet name, provider id) or name (SPEC §5). */
  excludeWalletIds?: readonly string[]
  /** `signMessage`'s protocol: BIP-322 (the default) or the legacy ECDSA signature (BIP-137). */
  messageProtocol?: MessageProtocol
  /** Sends pay the fee rate for confirmation within this many blocks (1–1008); default 6. */
  feeTarget?: number
}

const optionsSchema = z.object({
  excludeWalletIds: z.optional(z.array(z.string())),
  messageProtocol: z.optional(z.enum(['bip322', 'ecdsa'])),
  feeTarget: z.optional(z.int().check(z.positive(), z.lte(1008))),
})

/** The Bitcoin adapter: core's contract plus what only Bitcoin has. */
export interface BitcoinAdapter extends ChainAdapter {
  readonly namespace: 'bip122'
  /** The addresses the wallet exposes to the site, payment first, with their keys and purposes. */
  getAccountAddresses(request: { connectorId: string }): Promise<readonly BitcoinAccountAddress[]>
  /** As core's, with the protocol for this one message (the adapter's `messageProtocol` else). */
  signMessage(request: SignMessageRequest & { protocol?: MessageProtocol }): Promise<string>
  /**
   * Signs the inputs `signInputs` names (AppKit's shape); with `broadcast`, the transaction is
   * also sent (by the wallet, or finalized and `POST`ed to the network's Esplora API).
   */
  signPSBT(request: SignPsbtRequest): Promise<{ psbt: string; txid?: string }>
  /** Stops discovery and every listener. */
  destroy(): void
}

export type { BitcoinAccountAddress, MessageProtocol, SignInput, SignPsbtRequest }

/**
 * Creates the Bitcoin adapter. Nothing happens until core calls it: discovery (Wallet Standard
 * and `btc_providers`) starts with the first `watchConnectors`; the rest of the adapter (the
 * wallet faces, connections, Esplora, signing: runtime.ts) is loaded on the first other call, and
 * bitcoinjs-lib on the first PSBT the adapter builds or finalizes. So a host pays only for this
 * factory and discovery at start-up.
 *
 * Balances are the sum of the address's UTXOs on the network's Esplora API
 * (`rpcUrls.default.http[0]`), in sats (8 decimals); a failure throws, and core applies its 30 s
 * cooldown. Wallet errors are thrown as the wallet threw them (a sats-connect rejection, -32000,
 * as core's USER_REJECTED); core maps them.
 * @throws LatchError `INVALID_OPTIONS` naming each wrong option.
 */
export function bitcoinAdapter(options: BitcoinAdapterOptions = {}): BitcoinAdapter {
  const parsed = z.safeParse(optionsSchema, options)
  if (!parsed.success) throw invalidFields(parsed.error.issues)
  const listeners = new Set<(event: AdapterEvent) => void>()
  let discovery: BitcoinDiscovery | undefined
  const getDiscovery = () => (discovery ??= createBitcoinDiscovery(options.excludeWalletIds ?? []))
  let runtime: Runtime | undefined
  const load = lazily(async () => {
    const { createRuntime } = await import('./runtime.js')
    return (runtime ??= createRuntime({
      discovery: getDiscovery,
      emit: (event) => listeners.forEach((listener) => listener(event)),
      messageProtocol: options.messageProtocol ?? 'bip322',
      feeTarget: options.feeTarget ?? DEFAULT_FEE_TARGET,
    }))
  })

  return {
    namespace: 'bip122',
    watchConnectors(onConnectors) {
      const d = getDiscovery()
      const publish = () => onConnectors(d.getConnectors())
      publish()
      return d.subscribe(publish)
    },
    connect: async (request) => (await load()).connect(request),
    reconnect: async (request) => (await load()).reconnect(request),
    disconnect: async (request) => (await load()).disconnect(request),
    getAccounts: async (request) => (await load()).getAccounts(request),
    getAccountAddresses: async (request) => (await load()).getAccountAddresses(request),
    switchNetwork: async (request) => (await load()).switchNetwork(request),
    getBalance: async (request) => (await load()).getBalance(request),
    signMessage: async (request) => (await load()).signMessage(request),
    signPSBT: async (request) => (await load()).signPSBT(request),
    // SPEC §5: namespaces without gas estimate 0.
    estimateGas: async () => 0n,
    sendTransaction: async (request) => (await load()).sendTransaction(request),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      runtime?.destroy()
      discovery?.destroy()
      discovery = undefined
      listeners.clear()
    },
  }
}
