import { LatchError } from '@latch/core'
import * as z from 'zod/mini'
import { chainInfo, referenceOf, referenceOfChain } from '../chains.js'
import { toAddresses } from './addresses.js'
import {
  accountAnswer,
  isMethodNotFound,
  networkAnswer,
  parseAnswer,
  request,
  signMessageAnswer,
  signPsbtAnswer,
  txidAnswer,
  type SatsConnectProvider,
} from './sats-connect-rpc.js'
import type { BitcoinConnector, BitcoinWalletFace, WalletConnection } from './types.js'

const PURPOSES = ['payment', 'ordinals'] as const

type AccountAnswer = z.infer<typeof accountAnswer>

function connectionOf(answer: AccountAnswer): WalletConnection {
  const addresses = toAddresses(
    answer.addresses.map(({ derivationPath, ...address }) => ({
      ...address,
      path: derivationPath,
    })),
  )
  const name = answer.network?.bitcoin.name
  const reference = name === undefined ? undefined : referenceOfChain(name)
  return { addresses, ...(reference !== undefined && { reference }) }
}

const eventSchema = z.object({
  addresses: z.optional(accountAnswer.shape.addresses),
  bitcoin: z.optional(networkAnswer.shape.bitcoin),
})

/**
 * The sats-connect face (WBIP-004 / Xverse's `request()` API): `wallet_connect` (falling back to
 * `getAddresses` on older providers), `wallet_getAccount` for silent reconnects, `signMessage`
 * (BIP-322 or ECDSA), `signPsbt`, `sendTransfer`, `wallet_changeNetwork`, and the
 * `accountChange`, `networkChange` and `disconnect` listeners.
 */
export function satsConnectFace(
  provider: SatsConnectProvider,
  connector: BitcoinConnector,
  methods: readonly string[] | undefined,
): BitcoinWalletFace {
  const call = (method: string, params?: unknown) => request(provider, method, params)
  const account = async () =>
    connectionOf(parseAnswer(accountAnswer, await call('wallet_getAccount'), 'UNKNOWN_ERROR'))

  const face: BitcoinWalletFace = {
    face: 'sats-connect',
    connector,
    async connect(network) {
      const name = network && chainInfo(referenceOf(network))?.satsConnectName
      let answer: unknown
      try {
        answer = await call('wallet_connect', {
          addresses: PURPOSES,
          ...(name && { network: name }),
        })
      } catch (error) {
        if (!isMethodNotFound(error)) throw error
        answer = await call('getAddresses', { purposes: PURPOSES })
      }
      const found = connectionOf(parseAnswer(accountAnswer, answer, 'UNKNOWN_ERROR'))
      if (found.reference !== undefined) return found
      // Older answers leave the network out: ask for it (no prompt); unknown is left to the adapter.
      const current = await call('wallet_getNetwork').catch(() => undefined)
      const reference = z.safeParse(networkAnswer, current).data?.bitcoin.name
      const known = reference === undefined ? undefined : referenceOfChain(reference)
      return { ...found, ...(known !== undefined && { reference: known }) }
    },
    // `wallet_getAccount` never prompts: it answers the authorized account or ACCESS_DENIED.
    reconnect: async () => {
      const found = await account().catch(() => null)
      return found && found.addresses.length > 0 ? found : null
    },
    async disconnect() {
      await call('wallet_disconnect').catch(() => undefined)
    },
    getAccountAddresses: async () => (await account().catch(() => null))?.addresses ?? [],
    async signMessage({ address, message, protocol }) {
      const params = { address, message, protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' }
      const answer = await call('signMessage', params)
      return parseAnswer(signMessageAnswer, answer, 'INVALID_SIGNATURE').signature
    },
    async signPSBT({ psbt, signInputs, broadcast }) {
      // sats-connect 0.16's signPsbt takes `{ address: [indexes] }`; sighash types are the PSBT's.
      const byAddress: Record<string, number[]> = {}
      for (const { address, index } of signInputs) (byAddress[address] ??= []).push(index)
      const answer = await call('signPsbt', { psbt, signInputs: byAddress, broadcast })
      const signed = parseAnswer(signPsbtAnswer, answer, 'INVALID_SIGNATURE')
      return { psbt: signed.psbt, ...(signed.txid !== undefined && { txid: signed.txid }) }
    },
    async switchNetwork(network) {
      const name = chainInfo(referenceOf(network))?.satsConnectName
      if (!name) throw new LatchError('CHAIN_NOT_SUPPORTED')
      await call('wallet_changeNetwork', { name })
    },
    watch(listener) {
      const on = (eventName: string, handle: (event: z.infer<typeof eventSchema>) => void) => {
        const cb = (event: unknown) => {
          const parsed = z.safeParse(eventSchema, event)
          if (parsed.success) handle(parsed.data)
        }
        const addListener = provider.addListener as AddListener | undefined
        let off: unknown
        try {
          off = addListener?.({ eventName, cb })
        } catch {
          // Older providers take addListener(eventName, cb).
          try {
            off = addListener?.(eventName, cb)
          } catch {
            off = undefined
          }
        }
        return typeof off === 'function' ? (off as () => void) : () => undefined
      }
      // An event without its addresses (older wallets): ask for them, without a prompt.
      const emitAddresses = (addresses: AccountAnswer['addresses'] | undefined) => {
        if (addresses)
          return listener({ type: 'accounts', addresses: connectionOf({ addresses }).addresses })
        void account()
          .catch(() => ({ addresses: [] }))
          .then(({ addresses }) => listener({ type: 'accounts', addresses }))
      }
      const offs = [
        on('accountChange', (event) => emitAddresses(event.addresses)),
        on('networkChange', (event) => {
          const reference = event.bitcoin && referenceOfChain(event.bitcoin.name)
          if (reference !== undefined) listener({ type: 'chain', reference })
          if (event.addresses) emitAddresses(event.addresses)
        }),
        on('disconnect', () => listener({ type: 'disconnect' })),
      ]
      return () => offs.forEach((off) => off())
    },
  }
  // WBIP-004 entries list their methods: sendTransfer is used only where it is listed.
  if (methods === undefined || methods.includes('sendTransfer')) {
    face.sendTransfer = async ({ recipient, amount }) => {
      const answer = await call('sendTransfer', {
        recipients: [{ address: recipient, amount: Number(amount) }],
      })
      return parseAnswer(txidAnswer, answer, 'INVALID_TRANSACTION_HASH').txid
    }
  }
  return face
}

/** sats-connect's `addListener({ eventName, cb })` (or the older `(eventName, cb)`): the unsubscribe. */
type AddListener = {
  (info: { eventName: string; cb: (event: unknown) => void }): unknown
  (eventName: string, cb: (event: unknown) => void): unknown
}
