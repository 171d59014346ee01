// The adapter's working half, loaded on the first call after discovery (a connect, a reconnect, a
// balance…): the two wallet faces, the connections, Esplora reads, message and PSBT signing and
// sends. bitcoin-adapter.ts forwards every call here, so a host's start-up JS holds only the
// factory and discovery.
import type { AdapterEvent, ChainAdapter } from '@latch/core'
import * as z from 'zod/mini'
import type { BitcoinAdapter } from './bitcoin-adapter.js'
import { createConnections } from './connections.js'
import { satsConnectFace } from './connectors/sats-connect.js'
import type { BitcoinWalletFace } from './connectors/types.js'
import { walletStandardFace } from './connectors/wallet-standard.js'
import type { BitcoinDiscovery, DiscoveredWallet } from './discovery.js'
import { utxosOf } from './esplora.js'
import { sendBitcoin, signPsbt } from './send.js'
import { invalidFields } from './options.js'
import { assertBitcoinAddress, assertBitcoinNetwork } from './validation.js'

export interface RuntimeDeps {
  discovery: () => BitcoinDiscovery
  emit(event: AdapterEvent): void
  messageProtocol: 'bip322' | 'ecdsa'
  feeTarget: number
}

/** What the runtime answers: every call of the adapter but discovery's and events'. */
export type Runtime = Omit<
  BitcoinAdapter,
  'namespace' | 'watchConnectors' | 'subscribe' | 'estimateGas'
>

const signPsbtSchema = z.object({
  psbt: z.string().check(z.minLength(1)),
  signInputs: z.array(
    z.object({
      address: z.string(),
      index: z.int().check(z.nonnegative()),
      sighashTypes: z.optional(z.array(z.int().check(z.nonnegative(), z.lte(0xff)))),
    }),
  ),
  broadcast: z.optional(z.boolean()),
})

export function createRuntime(deps: RuntimeDeps): Runtime {
  // One face per discovered wallet, for as long as discovery keeps it.
  const faces = new WeakMap<DiscoveredWallet, BitcoinWalletFace>()
  const faceOf = (found: DiscoveredWallet): BitcoinWalletFace => {
    let face = faces.get(found)
    if (!face) {
      face =
        'wallet' in found
          ? walletStandardFace(found.wallet, found.connector)
          : satsConnectFace(found.provider, found.connector, found.methods)
      faces.set(found, face)
    }
    return face
  }
  const connections = createConnections({
    faceFor(connectorId) {
      const found = deps.discovery().getWallet(connectorId)
      return found && faceOf(found)
    },
    onWalletsChanged: (listener) => deps.discovery().subscribe(listener),
    emit: deps.emit,
  })

  const getAccounts: ChainAdapter['getAccounts'] = async ({ connectorId }) => {
    const addresses = await connections.getAddresses(connectorId)
    return addresses.map(({ address }) => ({ address, type: 'eoa' as const }))
  }

  return {
    connect({ connectorId, network, preferredNetwork }) {
      if (network) assertBitcoinNetwork(network)
      const preferred = preferredNetwork?.chainNamespace === 'bip122' ? preferredNetwork : undefined
      return connections.connect(connectorId, network, preferred)
    },
    reconnect: ({ connectorId, signal }) => connections.reconnect(connectorId, signal),
    disconnect: ({ connectorId }) => connections.disconnect(connectorId),
    getAccounts,
    getAccountAddresses: ({ connectorId }) => connections.getAddresses(connectorId),
    async switchNetwork({ connectorId, network }) {
      assertBitcoinNetwork(network)
      await connections.switchTo(connectorId, network)
    },
    async getBalance({ address, network, signal }) {
      assertBitcoinNetwork(network)
      assertBitcoinAddress(address)
      const coins = await utxosOf(network, address, signal)
      return {
        value: coins.reduce((sum, coin) => sum + coin.value, 0n),
        decimals: network.nativeCurrency.decimals,
        symbol: network.nativeCurrency.symbol,
      }
    },
    async signMessage({ connectorId, address, message, protocol }) {
      assertBitcoinAddress(address)
      const { face } = await connections.accountOf(connectorId, address)
      return face.signMessage({ address, message, protocol: protocol ?? deps.messageProtocol })
    },
    async signPSBT(request) {
      assertBitcoinNetwork(request.network)
      const checked = z.safeParse(signPsbtSchema, request)
      if (!checked.success) throw invalidFields(checked.error.issues, 'signPSBT.')
      return signPsbt(connections.requireFace(request.connectorId), { ...request, ...checked.data })
    },
    sendTransaction: (request) => sendBitcoin(connections, request, deps.feeTarget),
    destroy: () => connections.destroy(),
  }
}
