/**
 * Face 2: the sats-connect provider (Xverse's `request()` API over WBIP-004 discovery). It
 * answers JSON-RPC 2.0 response messages and never rejects, as Xverse's provider does; failures
 * carry sats-connect's `RpcErrorCode`s (-32000 for a rejection).
 */
import type { WalletCore } from './core.js'
import { equalBytes } from './bitcoin.js'
import { invalidParams, rpcErrorOf, RpcErrorCode, unauthorized } from './errors.js'
import { keyFor, publicKeyHex, type AddressPurpose, type WalletKey } from './keys.js'
import { BITCOIN_NETWORK_NAMES, satsConnectNetwork } from './networks.js'
import { sendTransfer, signMessages, signPsbts } from './operations.js'
import { parseParams } from './params.js'
import { decodePsbt, type InputSigning } from './psbt.js'
import { createSatsConnectEvents } from './sats-connect-events.js'
import {
  changeNetworkParams,
  connectParams,
  getAddressesParams,
  sendTransferParams,
  signMessageParams,
  signPsbtParams,
} from './sats-connect-params.js'
import type {
  RpcResponseMessage,
  SatsConnectAddress,
  SatsConnectProvider,
} from './sats-connect-types.js'

const PURPOSES: readonly AddressPurpose[] = ['payment', 'ordinals']
const isBitcoinPurpose = (purpose: string): purpose is AddressPurpose =>
  PURPOSES.includes(purpose as AddressPurpose)

/** The wallet's version, as `getInfo` reports it (sats-connect reads it to adapt its requests). */
export const SATS_CONNECT_WALLET_VERSION = '1.0.0'

type Handler = (params: unknown) => Promise<unknown>

export function createSatsConnectProvider(core: WalletCore): {
  provider: SatsConnectProvider
  methods: readonly string[]
} {
  const addressOf = (key: WalletKey): SatsConnectAddress => ({
    address: core.addressOf(key),
    publicKey: publicKeyHex(key),
    purpose: key.purpose,
    addressType: key.addressType,
    walletType: 'software',
  })
  const addressesFor = (purposes: readonly string[]): SatsConnectAddress[] =>
    purposes.filter(isBitcoinPurpose).map((purpose) => addressOf(keyFor(core.selected(), purpose)))
  const account = () => ({
    id: `account-${core.selected().index}`,
    addresses: addressesFor(core.purposes()),
    walletType: 'software' as const,
    network: satsConnectNetwork(core.network()),
  })

  const events = createSatsConnectEvents(core, () => addressesFor(core.purposes()))

  /** Asks the user to connect the site for the Bitcoin purposes named (both by default). */
  const authorize = (method: string, purposes: readonly string[] = PURPOSES) => {
    const wanted = purposes.filter(isBitcoinPurpose)
    return core.authorize(method, wanted.length > 0 ? wanted : PURPOSES)
  }

  /** The connected account's key for an address: anything else is not this site's to use. */
  const keyOfAddress = (address: string): WalletKey => {
    core.requireAuthorized()
    const key = core.authorizedKey(address)
    if (!key) throw unauthorized(`${address} is not an address of the connected account`)
    return key
  }

  const changeNetwork = async (name: string) => {
    const network = BITCOIN_NETWORK_NAMES.find((known) => known === name)
    if (!network) {
      throw invalidParams(`${name} is not a network this wallet knows (Regtest, Mainnet, Testnet)`)
    }
    if (network === core.network()) return
    await core.approvals.ask('wallet_changeNetwork', `Switch to ${network}`)
    core.setNetwork(network)
  }

  const handlers: Record<string, Handler> = {
    getInfo: async () => ({
      version: SATS_CONNECT_WALLET_VERSION,
      platform: 'web',
      methods: Object.keys(handlers),
      supports: [],
    }),
    getAddresses: async (params) => {
      const { purposes } = parseParams(getAddressesParams, params)
      await authorize('getAddresses', purposes)
      return { addresses: addressesFor(purposes), network: satsConnectNetwork(core.network()) }
    },
    getAccounts: async (params) => {
      const { purposes } = parseParams(getAddressesParams, params)
      await authorize('getAccounts', purposes)
      return addressesFor(purposes)
    },
    wallet_connect: async (params) => {
      const parsed = parseParams(connectParams, params)
      if (parsed?.network !== undefined && parsed.network !== core.network()) {
        await changeNetwork(parsed.network)
      }
      const purposes = parsed?.addresses ?? PURPOSES
      await authorize('wallet_connect', purposes)
      return { ...account(), addresses: addressesFor(purposes) }
    },
    wallet_disconnect: async () => {
      core.forget()
      return null
    },
    wallet_getAccount: async () => {
      core.requireAuthorized()
      return account()
    },
    wallet_getNetwork: async () => satsConnectNetwork(core.network()),
    wallet_changeNetwork: async (params) => {
      await changeNetwork(parseParams(changeNetworkParams, params).name)
      return null
    },
    signMessage: async (params) => {
      const { address, message, protocol } = parseParams(signMessageParams, params)
      const key = keyOfAddress(address)
      const bytes = new TextEncoder().encode(message)
      const [signed] = await signMessages(core, 'signMessage', [
        { key, message: bytes, ...(protocol && { protocol }) },
      ])
      return {
        signature: signed!.base64,
        messageHash: signed!.messageHash,
        address,
        protocol: signed!.protocol,
      }
    },
    signPsbt: async (params) => {
      const { psbt, signInputs, broadcast = false } = parseParams(signPsbtParams, params)
      core.requireAuthorized()
      const decoded = decodePsbt(psbt)
      const signings: InputSigning[] = signInputs
        ? Object.entries(signInputs).map(([address, indexes]) => ({
            key: keyOfAddress(address),
            address,
            indexes,
          }))
        : ownInputs(
            decoded.txInputs.length,
            (index) => decoded.data.inputs[index]?.witnessUtxo?.script,
          )
      const [signed] = await signPsbts(core, 'signPsbt', [{ psbt: decoded, signings, broadcast }])
      return {
        psbt: signed!.psbt.toBase64(),
        ...(signed!.txid !== undefined && { txid: signed!.txid }),
      }
    },
    sendTransfer: async (params) => {
      const { recipients } = parseParams(sendTransferParams, params)
      core.requireAuthorized()
      return { txid: await sendTransfer(core, 'sendTransfer', recipients) }
    },
    getBalance: async () => {
      core.requireAuthorized()
      core.requireRegtest()
      const balance = await core.esplora.balance(core.addressOf(core.selected().payment))
      return {
        confirmed: String(balance.confirmed),
        unconfirmed: String(balance.unconfirmed),
        total: String(balance.total),
      }
    },
  }

  /** Without `signInputs`: every input that spends from the connected account's addresses. */
  function ownInputs(count: number, scriptOf: (index: number) => Uint8Array | undefined) {
    return core
      .purposes()
      .map((purpose) => keyFor(core.selected(), purpose))
      .map((key) => ({
        key,
        address: core.addressOf(key),
        indexes: Array.from({ length: count }, (_, index) => index).filter((index) => {
          const script = scriptOf(index)
          return script !== undefined && equalBytes(script, key.script)
        }),
      }))
      .filter((signing) => signing.indexes.length > 0)
  }

  let nextId = 1
  const request = async (method: string, params?: unknown): Promise<RpcResponseMessage> => {
    const id = `latch-${nextId++}`
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (!handler) {
      return {
        jsonrpc: '2.0',
        id,
        error: {
          code: RpcErrorCode.METHOD_NOT_FOUND,
          message: `Method not found: ${String(method)}`,
        },
      }
    }
    try {
      return { jsonrpc: '2.0', id, result: await handler(params) }
    } catch (error) {
      return { jsonrpc: '2.0', id, error: rpcErrorOf(error) }
    }
  }

  const provider: SatsConnectProvider = Object.freeze({
    request,
    addListener: events.addListener,
  })
  return { provider, methods: Object.keys(handlers) }
}
