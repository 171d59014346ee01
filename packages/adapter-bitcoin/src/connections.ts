import {
  ASYNC_INJECTION_WAIT_MS,
  LatchError,
  type AdapterEvent,
  type ConnectResult,
  type Network,
} from '@latch/core'
import { toAdapterAccounts } from './connectors/addresses.js'
import type {
  BitcoinAccountAddress,
  BitcoinWalletFace,
  WalletConnection,
} from './connectors/types.js'
import { referenceOf } from './chains.js'
import { BITCOIN_MAINNET_REFERENCE } from './references.js'

export interface ConnectionsDeps {
  faceFor(connectorId: string): BitcoinWalletFace | undefined
  /** Calls back whenever discovery's list changes. */
  onWalletsChanged(listener: () => void): () => void
  emit(event: AdapterEvent): void
}

interface Connection {
  face: BitcoinWalletFace
  reference: string
  addresses: readonly BitcoinAccountAddress[]
  unwatch: () => void
}

/**
 * The connections the adapter holds, whichever face they speak to: prompts, silent reconnects,
 * disconnects, the chain of each, and the wallet's changes turned into core's adapter events
 * (core decides what they mean: zero accounts is a disconnection, SPEC §4).
 *
 * The chain of a connection: a sats-connect wallet has one of its own (its answer, else the
 * network asked for); the Wallet Standard has none, so it is the network asked for at connect or
 * switch, else Latch's active Bitcoin network, else the chain the wallet's accounts list, else
 * mainnet.
 */
export function createConnections(deps: ConnectionsDeps) {
  const connections = new Map<string, Connection>()

  const requireFace = (connectorId: string) => {
    const face = deps.faceFor(connectorId)
    if (!face) throw new LatchError('PROVIDER_NOT_FOUND')
    return face
  }

  const setChain = (connectorId: string, reference: string) => {
    const connection = connections.get(connectorId)
    if (!connection || connection.reference === reference) return
    connection.reference = reference
    deps.emit({ type: 'chainChanged', connectorId, chainReference: reference })
  }

  function connected(
    connectorId: string,
    face: BitcoinWalletFace,
    found: WalletConnection,
    reference: string,
  ): ConnectResult {
    connections.get(connectorId)?.unwatch()
    const connection: Connection = {
      face,
      reference,
      addresses: found.addresses,
      unwatch: () => {},
    }
    connections.set(connectorId, connection)
    connection.unwatch = face.watch((event) => {
      if (connections.get(connectorId) !== connection) return
      if (event.type === 'chain') return setChain(connectorId, event.reference)
      if (event.type === 'disconnect') {
        forget(connectorId)
        return deps.emit({ type: 'disconnect', connectorId })
      }
      connection.addresses = event.addresses
      deps.emit({
        type: 'accountsChanged',
        connectorId,
        accounts: toAdapterAccounts(event.addresses),
      })
    })
    return { connectorId, accounts: toAdapterAccounts(found.addresses), chainReference: reference }
  }

  function waitForFace(connectorId: string, signal?: AbortSignal) {
    const now = deps.faceFor(connectorId)
    if (now) return Promise.resolve(now)
    // A wallet extension may register after the page's scripts ran: give it SPEC §9's wait.
    return new Promise<BitcoinWalletFace | undefined>((resolve) => {
      const done = (face: BitcoinWalletFace | undefined) => {
        clearTimeout(timer)
        stop()
        signal?.removeEventListener('abort', onAbort)
        resolve(face)
      }
      const onAbort = () => done(undefined)
      const timer = setTimeout(() => done(deps.faceFor(connectorId)), ASYNC_INJECTION_WAIT_MS)
      const stop = deps.onWalletsChanged(() => {
        const face = deps.faceFor(connectorId)
        if (face) done(face)
      })
      signal?.addEventListener('abort', onAbort)
    })
  }

  function forget(connectorId: string) {
    connections.get(connectorId)?.unwatch()
    connections.delete(connectorId)
  }

  return {
    requireFace,

    /** The CAIP-2 reference of a connection's chain. */
    chainOf: (connectorId: string) => connections.get(connectorId)?.reference,

    async connect(connectorId: string, network?: Network, preferred?: Network) {
      const face = requireFace(connectorId)
      const found = await face.connect(network)
      const asked = network && referenceOf(network)
      const reference =
        face.face === 'sats-connect'
          ? (found.reference ?? asked)
          : (asked ??
            (preferred && referenceOf(preferred)) ??
            connections.get(connectorId)?.reference ??
            found.reference)
      return connected(connectorId, face, found, reference ?? BITCOIN_MAINNET_REFERENCE)
    },

    /** Silent. `null` when the wallet is gone or no longer authorizes the site. */
    async reconnect(connectorId: string, signal?: AbortSignal): Promise<ConnectResult | null> {
      const face = await waitForFace(connectorId, signal)
      if (!face) return null
      const found = await face.reconnect()
      if (!found) return null
      const reference = found.reference ?? BITCOIN_MAINNET_REFERENCE
      return connected(connectorId, face, found, reference)
    },

    async disconnect(connectorId: string): Promise<void> {
      forget(connectorId)
      // Resolves even if the wallet is gone or fails: the site is disconnected either way.
      await deps.faceFor(connectorId)?.disconnect()
    },

    async switchTo(connectorId: string, network: Network): Promise<void> {
      const face = requireFace(connectorId)
      await face.switchNetwork(network)
      setChain(connectorId, referenceOf(network))
    },

    async getAddresses(connectorId: string): Promise<readonly BitcoinAccountAddress[]> {
      return requireFace(connectorId).getAccountAddresses()
    },

    /** The connection's face and the address `address` is, as the wallet described it. */
    async accountOf(connectorId: string, address: string) {
      const face = requireFace(connectorId)
      const known = connections.get(connectorId)?.addresses ?? []
      const account =
        known.find((candidate) => candidate.address === address) ??
        (await face.getAccountAddresses()).find((candidate) => candidate.address === address)
      if (!account) {
        throw new LatchError('ACCOUNT_NOT_FOUND_FOR_CONNECTOR', {
          values: { address, connectorId },
        })
      }
      return { face, account }
    },

    destroy() {
      for (const connectorId of [...connections.keys()]) forget(connectorId)
    },
  }
}

export type Connections = ReturnType<typeof createConnections>
