/**
 * Face 1: the Wallet-Standard wallet. An app sees the selected account's addresses (payment
 * and/or ordinals, as it asked) once it connected; every signature asks the approval queue.
 */
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import * as z from 'zod/mini'
import type { WalletCore } from './core.js'
import { invalidParams, unauthorized, unsupportedNetwork } from './errors.js'
import { BITCOIN_DEV_WALLET_ICON, BITCOIN_DEV_WALLET_NAME } from './icon.js'
import { keyFor, type AddressPurpose, type WalletKey } from './keys.js'
import { BITCOIN_DEV_WALLET_CHAINS, networkOfChain } from './networks.js'
import { signMessages, signPsbts } from './operations.js'
import { decodePsbt, SIGHASH_FLAGS, type InputSigning } from './psbt.js'
import { parseParams } from './params.js'
import type { SatsConnectProvider } from './sats-connect-types.js'
import { standardAccount } from './standard-account.js'
import {
  BitcoinConnect,
  BitcoinSignAndSendTransaction,
  BitcoinSignMessage,
  BitcoinSignTransaction,
  SatsConnectFeatureName,
  type BitcoinConnectFeature,
  type BitcoinSignAndSendTransactionFeature,
  type BitcoinSignMessageFeature,
  type BitcoinSignTransactionFeature,
  type BitcoinSignTransactionInput,
  type SatsConnectFeature,
} from './standard-features.js'

export type BitcoinDevWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  BitcoinConnectFeature &
  BitcoinSignMessageFeature &
  BitcoinSignTransactionFeature &
  BitcoinSignAndSendTransactionFeature &
  SatsConnectFeature

const connectInputSchema = z.object({
  purposes: z
    .array(z.enum(['payment', 'ordinals'], { error: 'a purpose is payment or ordinals' }))
    .check(z.minLength(1, 'purposes must not be empty')),
})

/** The Wallet-Standard face over the shared core; `provider` is exposed as `sats-connect:`. */
export function createStandardWallet(core: WalletCore, provider: SatsConnectProvider): Wallet {
  // Authorized is remembered across reloads; connected is this page's: a new page sees no
  // accounts until it calls connect (silently or not), as with a real wallet.
  let connected = false
  const listeners = new Set<StandardEventsListeners['change']>()

  // Kept, so that an app sees the same account objects until something changes.
  const made = new Map<string, WalletAccount>()
  const accountOf = (purpose: AddressPurpose): WalletAccount => {
    const id = `${core.selected().index}:${purpose}:${core.network()}`
    let account = made.get(id)
    if (!account) {
      account = standardAccount(keyFor(core.selected(), purpose), core.network())
      made.set(id, account)
    }
    return account
  }
  const accountsFor = (purposes: readonly AddressPurpose[]): WalletAccount[] =>
    purposes.map(accountOf)
  const accounts = (): readonly WalletAccount[] => (connected ? accountsFor(core.purposes()) : [])

  const emitChange = () => {
    const properties = { accounts: accounts() }
    for (const listener of [...listeners]) listener(properties)
  }
  core.on((event) => {
    if (event === 'disconnect') {
      if (connected) {
        connected = false
        emitChange()
      }
    } else if (connected) emitChange()
  })

  /** The key behind an account the app passes back: only a connected account may sign. */
  const keyOf = (account: WalletAccount): WalletKey => {
    const key = connected ? core.authorizedKey(account.address) : undefined
    if (!key) {
      throw unauthorized(`${account.address} is not a connected account`)
    }
    return key
  }

  const connectFor = async (purposes: readonly AddressPurpose[], method: string) => {
    const before = accounts().length
    await core.authorize(method, purposes)
    connected = true
    // Newly connected, or connected for one more purpose: the app's accounts changed.
    if (accounts().length !== before) emitChange()
  }

  const connect: StandardConnectFeature[typeof StandardConnect]['connect'] = async (input) => {
    // A silent connect never prompts: unauthorized, it just finds no accounts.
    if (!core.isAuthorized() && input?.silent) return { accounts: [] }
    await connectFor(
      core.isAuthorized() ? core.purposes() : ['payment', 'ordinals'],
      StandardConnect,
    )
    return { accounts: accounts() }
  }

  const bitcoinConnect: BitcoinConnectFeature[typeof BitcoinConnect]['connect'] = async (input) => {
    const purposes = [...new Set(parseParams(connectInputSchema, input).purposes)]
    await connectFor(purposes, BitcoinConnect)
    return { accounts: accountsFor(purposes) }
  }

  const signingsOf = (input: BitcoinSignTransactionInput): InputSigning[] => {
    if (input.chain !== undefined) {
      const network = networkOfChain(input.chain)
      if (!network) throw invalidParams(`${input.chain} is not one of this wallet's chains`)
      if (network !== 'Regtest') throw unsupportedNetwork(input.chain)
    }
    return input.inputsToSign.map(({ account, signingIndexes, sigHash }) => {
      const sighash = typeof sigHash === 'string' ? SIGHASH_FLAGS[sigHash] : sigHash
      if (typeof sigHash === 'string' && sighash === undefined) {
        throw invalidParams(`sigHash ${sigHash} is not a SIGHASH flag`)
      }
      return {
        key: keyOf(account),
        address: account.address,
        indexes: signingIndexes,
        ...(sighash !== undefined && { sighash }),
      }
    })
  }

  const signTransactions = (
    method: string,
    inputs: readonly BitcoinSignTransactionInput[],
    broadcast: boolean,
  ) => {
    const requests = inputs.map((input) => ({
      signings: signingsOf(input),
      psbt: decodePsbt(input.psbt),
      broadcast,
    }))
    return signPsbts(core, method, requests)
  }

  const features: BitcoinDevWalletFeatures = {
    [StandardConnect]: { version: '1.0.0', connect },
    [StandardDisconnect]: { version: '1.0.0', disconnect: async () => core.forget() },
    [StandardEvents]: {
      version: '1.0.0',
      on: (event, listener) => {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => {
          listeners.delete(listener)
        }
      },
    },
    [BitcoinConnect]: { version: '1.0.0', connect: bitcoinConnect },
    [BitcoinSignMessage]: {
      version: '1.0.0',
      async signMessage(...inputs) {
        const requests = inputs.map(({ account, message }) => ({
          key: keyOf(account),
          message,
          protocol: 'BIP322' as const,
        }))
        const signed = await signMessages(core, BitcoinSignMessage, requests)
        return signed.map(({ signature }, index) => ({
          signedMessage: inputs[index]!.message,
          signature,
        }))
      },
    },
    [BitcoinSignTransaction]: {
      version: '1.0.0',
      async signTransaction(...inputs) {
        const signed = await signTransactions(BitcoinSignTransaction, inputs, false)
        return signed.map(({ psbt }) => ({ signedPsbt: psbt.toBuffer() }))
      },
    },
    [BitcoinSignAndSendTransaction]: {
      version: '1.0.0',
      async signAndSendTransaction(...inputs) {
        const signed = await signTransactions(BitcoinSignAndSendTransaction, inputs, true)
        return signed.map(({ txid }) => ({ txId: txid! }))
      },
    },
    [SatsConnectFeatureName]: { provider },
  }

  return Object.freeze({
    version: '1.0.0' as const,
    name: BITCOIN_DEV_WALLET_NAME,
    icon: BITCOIN_DEV_WALLET_ICON,
    chains: BITCOIN_DEV_WALLET_CHAINS as IdentifierString[],
    features,
    get accounts() {
      return accounts()
    },
  })
}
