import type { SnapshotFrom } from 'xstate'
import type { ChainAdapter } from '../adapter/contract.js'
import { LatchError } from '../errors/latch-error.js'
import { toLatchError } from '../errors/rpc-error.js'
import { assertAddressOnNetwork } from '../identifiers/address-network.js'
import type { connectionMachine } from '../machines/connection.machine.js'
import { selectCurrentConnection } from '../machines/connection.selectors.js'
import type { Network } from '../network/network.js'
import type { AdapterRegistry } from '../adapter/registry.js'

/** What `latch.sendTransaction` takes: the rest comes from the current account and network. */
export interface PageTransaction {
  to: string
  /** Base units. */
  value: bigint
  /** Hex call data (EVM). */
  data?: string
}

/**
 * SPEC §1/§5 page actions on the current account: signing and sending go to the wallet behind
 * it (an extension, or a WalletConnect session on a phone), through its namespace's adapter.
 */
export function createPageActions(deps: {
  registry: AdapterRegistry
  connection: { getSnapshot(): SnapshotFrom<typeof connectionMachine> }
  activeNetwork(): Network | undefined
  /** The account's balances are read again once a send went through. */
  refreshBalance(): void
}) {
  function current(): { adapter: ChainAdapter; connectorId: string; address: string } {
    const connection = selectCurrentConnection(deps.connection.getSnapshot())
    const address = connection?.accounts[0]?.address
    if (!connection || !address) throw new LatchError('NO_ACTIVE_CAIP_ADDRESS')
    const adapter = deps.registry.get(connection.namespace)
    if (!adapter) throw new LatchError('CHAIN_ADAPTER_NOT_FOUND')
    return { adapter, connectorId: connection.connectorId, address }
  }

  return {
    /** Signs a plain-text message with the current account; resolves with the signature. */
    async signMessage(message: string): Promise<string> {
      const { adapter, connectorId, address } = current()
      try {
        return await adapter.signMessage({ connectorId, address, message })
      } catch (error) {
        throw toLatchError(error)
      }
    },
    /**
     * Sends a transaction from the current account on the active network; resolves with its hash.
     * `to` must be an address of the active network ({@link assertAddressOnNetwork}).
     */
    async sendTransaction(transaction: PageTransaction): Promise<string> {
      const { adapter, connectorId, address } = current()
      const network = deps.activeNetwork()
      if (!network) throw new LatchError('NETWORK_NOT_FOUND_THROWN')
      // Before any wallet is asked: another network's address (a mainnet `bc1…` on regtest) is
      // refused with a clear error, and nothing is sent.
      assertAddressOnNetwork(transaction.to, network)
      let hash: string
      try {
        hash = await adapter.sendTransaction({
          connectorId,
          network,
          from: address,
          to: transaction.to,
          value: transaction.value,
          ...(transaction.data ? { data: transaction.data } : {}),
        })
      } catch (error) {
        throw toLatchError(error)
      }
      deps.refreshBalance()
      return hash
    },
  }
}
