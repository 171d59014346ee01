/**
 * What both faces share: the key set, the selected account, the network, the site's
 * authorization (remembered in storage), the approval queue and the Esplora client. A change
 * here is announced once, and each face tells its own listeners in its own words.
 */
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import * as z from 'zod/mini'
import { createApprovals, type Approvals } from './approvals.js'
import { invalidParams, unauthorized, unsupportedNetwork } from './errors.js'
import { createEsploraClient, type EsploraClient } from './esplora.js'
import {
  accountKeys,
  keyFor,
  type AccountKeys,
  type AddressPurpose,
  type WalletKey,
} from './keys.js'
import { BITCOIN_NETWORK_NAMES, type BitcoinNetworkName } from './networks.js'
import { parseParams } from './params.js'
import { readSession, writeSession } from './session.js'
import type { BitcoinDevWalletConfig } from './types.js'

/** What changed, for the faces to announce. */
export type CoreEvent = 'account' | 'network' | 'disconnect'

export interface WalletCore {
  readonly keys: readonly AccountKeys[]
  readonly approvals: Approvals
  readonly esplora: EsploraClient
  readonly feeTarget: number
  network(): BitcoinNetworkName
  selected(): AccountKeys
  isAuthorized(): boolean
  /** The purposes the site is authorized for, payment first. */
  purposes(): readonly AddressPurpose[]
  /** Asks the user to authorize the site for `purposes`, unless it already is. */
  authorize(method: string, purposes: readonly AddressPurpose[]): Promise<void>
  /** Ends the authorization; a `disconnect` event if there was one. */
  forget(): void
  selectAccount(account: number | string): void
  setNetwork(network: BitcoinNetworkName): void
  /** A key's address on the wallet's network. */
  addressOf(key: WalletKey): string
  /**
   * The selected account's key for an address on the wallet's network, if the site is
   * authorized for its purpose.
   */
  authorizedKey(address: string): WalletKey | undefined
  /** Throws 4901 unless the wallet is on regtest: it signs and sends nowhere else. */
  requireRegtest(): void
  /** Throws 4100 unless the site is authorized. */
  requireAuthorized(): void
  on(listener: (event: CoreEvent) => void): () => void
}

const PURPOSE_ORDER: readonly AddressPurpose[] = ['payment', 'ordinals']

const configSchema = z.object({
  esploraUrl: z.url({ protocol: /^https?$/, error: 'esploraUrl must be an http(s) URL' }),
  approval: z.unknown(),
  network: z.optional(
    z.enum(BITCOIN_NETWORK_NAMES as [BitcoinNetworkName, ...BitcoinNetworkName[]], {
      error: `network must be one of ${BITCOIN_NETWORK_NAMES.join(', ')}`,
    }),
  ),
  feeTarget: z.optional(
    z.int({ error: 'feeTarget is a whole number of blocks' }).check(z.gte(1), z.lte(1008)),
  ),
})

export function createWalletCore(config: BitcoinDevWalletConfig): WalletCore {
  parseParams(configSchema, config)
  const keys = accountKeys(config.accounts ?? bitcoinDevnetAccounts())
  const approvals = createApprovals(config.approval)
  const stored = readSession(config.storage)
  let selected = keys[stored.selected ?? 0] ?? keys[0]!
  let network: BitcoinNetworkName = stored.network ?? config.network ?? 'Regtest'
  let authorized = stored.authorized
  let purposes = stored.purposes
  const listeners = new Set<(event: CoreEvent) => void>()

  const emit = (event: CoreEvent) => {
    for (const listener of [...listeners]) listener(event)
  }
  const persist = () =>
    writeSession(config.storage, { authorized, purposes, selected: selected.index, network })

  const findAccount = (account: number | string): AccountKeys | undefined =>
    typeof account === 'number'
      ? keys[account]
      : keys.find((candidate) =>
          [candidate.payment, candidate.ordinals].some((key) =>
            BITCOIN_NETWORK_NAMES.some((name) => key.addressOn(name) === account),
          ),
        )

  return {
    keys,
    approvals,
    esplora: createEsploraClient(config.esploraUrl),
    feeTarget: config.feeTarget ?? 6,
    network: () => network,
    selected: () => selected,
    isAuthorized: () => authorized,
    purposes: () => purposes,
    async authorize(method, wanted) {
      if (authorized && wanted.every((purpose) => purposes.includes(purpose))) return
      const asked = PURPOSE_ORDER.filter((purpose) => wanted.includes(purpose))
      await approvals.ask(method, `Connect ${asked.join(' and ')} of account ${selected.index}`)
      const union = new Set([...(authorized ? purposes : []), ...wanted])
      purposes = PURPOSE_ORDER.filter((purpose) => union.has(purpose))
      authorized = true
      persist()
    },
    forget() {
      const was = authorized
      authorized = false
      persist()
      if (was) emit('disconnect')
    },
    selectAccount(account) {
      const next = findAccount(account)
      if (!next) throw invalidParams(`no such account: ${String(account)}`)
      if (next === selected) return
      selected = next
      persist()
      emit('account')
    },
    setNetwork(next) {
      if (!BITCOIN_NETWORK_NAMES.includes(next)) {
        throw invalidParams(`${String(next)} is not a network this wallet knows`)
      }
      if (next === network) return
      network = next
      persist()
      emit('network')
    },
    addressOf: (key) => key.addressOn(network),
    authorizedKey: (address) =>
      authorized
        ? purposes
            .map((purpose) => keyFor(selected, purpose))
            .find((key) => key.addressOn(network) === address)
        : undefined,
    requireRegtest() {
      if (network !== 'Regtest') throw unsupportedNetwork(network.toLowerCase())
    },
    requireAuthorized() {
      if (!authorized) throw unauthorized()
    },
    on(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** A short form of an address for the approval panel's one-line summaries. */
export const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-4)}`
