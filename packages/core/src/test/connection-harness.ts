import { createActor, fromPromise } from 'xstate'
import type { ConnectResult } from '../adapter/contract.js'
import { connectionMachine } from '../machines/connection.machine.js'
import { selectStatus } from '../machines/connection.selectors.js'
import type {
  ConnectionEmitted,
  ConnectorInfo,
  ConnectWalletInput,
  DisconnectWalletsInput,
  ReconnectCandidate,
} from '../machines/connection.types.js'
import { flush } from './deferred.js'

// The connection machine with scripted wallet calls, for its tests.

export const ADDRESS_A = '0x00000000000000000000000000000000000000aa'
export const ADDRESS_B = '0x00000000000000000000000000000000000000bb'
export const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

export const injected: ConnectorInfo = {
  id: 'io.dev.wallet',
  type: 'ANNOUNCED',
  name: 'Dev Wallet',
  imageUrl: 'data:image/svg+xml,<svg/>',
}
export const walletConnect: ConnectorInfo = {
  id: 'walletConnect',
  type: 'WALLET_CONNECT',
  name: 'WalletConnect',
}
export const phantom: ConnectorInfo = { id: 'app.phantom', type: 'ANNOUNCED', name: 'Phantom' }

export const result = (
  connectorId: string,
  address = ADDRESS_A,
  chainReference = '1',
): ConnectResult => ({
  connectorId,
  accounts: address ? [{ address, type: 'eoa' }] : [],
  chainReference,
})

export interface Fakes {
  connect?: (input: ConnectWalletInput) => Promise<ConnectResult>
  reconnect?: (input: ReconnectCandidate) => Promise<ConnectResult | null>
  disconnect?: (input: DisconnectWalletsInput) => Promise<void>
}

export function start(fakes: Fakes = {}) {
  const calls = {
    connect: [] as ConnectWalletInput[],
    reconnect: [] as ReconnectCandidate[],
    disconnect: [] as DisconnectWalletsInput[],
  }
  const machine = connectionMachine.provide({
    actors: {
      connectWallet: fromPromise(async ({ input }: { input: ConnectWalletInput }) => {
        calls.connect.push(input)
        return (fakes.connect ?? (async (i) => result(i.connector.id)))(input)
      }),
      reconnectWallet: fromPromise(async ({ input }: { input: ReconnectCandidate }) => {
        calls.reconnect.push(input)
        return (fakes.reconnect ?? (async () => null))(input)
      }),
      disconnectWallets: fromPromise(async ({ input }: { input: DisconnectWalletsInput }) => {
        calls.disconnect.push(input)
        return (fakes.disconnect ?? (async () => {}))(input)
      }),
    },
  })
  const actor = createActor(machine)
  const emitted: ConnectionEmitted[] = []
  actor.on('*', (event) => emitted.push(event))
  actor.start()
  return { actor, emitted, calls, status: () => selectStatus(actor.getSnapshot()) }
}

export async function connected(fakes: Fakes = {}, connector = injected, namespace = 'eip155') {
  const t = start(fakes)
  t.actor.send({ type: 'CONNECT', connector, namespace })
  await flush()
  return t
}
