import './test/window.js'
import { afterEach, describe, expect, it } from 'vitest'
import { solanaAdapter, solanaDevnet, solanaMainnet, type SolanaAdapter } from './index.js'
import { localnet, recordEvents, registerTestWallet } from './test/harness.js'
import { UserRejectedError } from './test/test-wallet.js'
import { solanaDevnetAccounts } from '@latch/solana-devnet'
import type { Network } from '@latch/core'

const adapters: SolanaAdapter[] = []
afterEach(() => adapters.splice(0).forEach((adapter) => adapter.destroy()))

function started() {
  const adapter = solanaAdapter()
  adapters.push(adapter)
  adapter.watchConnectors(() => undefined)
  return adapter
}

const [, account1, account2] = solanaDevnetAccounts()

describe('connections', () => {
  it('connects with standard:connect and reports the chain asked for', async () => {
    const wallet = await registerTestWallet({ label: 'connect' })
    const adapter = started()
    const result = await adapter.connect({ connectorId: wallet.name, network: localnet })
    expect(result).toEqual({
      connectorId: wallet.name,
      accounts: [{ address: account1!.address, type: 'eoa' }],
      chainReference: 'localnet',
    })
    expect(await adapter.getAccounts({ connectorId: wallet.name })).toEqual(result.accounts)
  })

  it('without a network, takes the chain the wallet account lists', async () => {
    const wallet = await registerTestWallet({ label: 'chain', chain: 'solana:devnet' })
    const result = await started().connect({ connectorId: wallet.name })
    expect(result.chainReference).toBe(solanaDevnet.caipNetworkId.slice('solana:'.length))
  })

  it("takes Latch's active Solana network over the wallet's first chain, never another namespace's", async () => {
    const wallet = await registerTestWallet({ label: 'preferred', chain: 'solana:devnet' })
    const adapter = started()
    const result = await adapter.connect({
      connectorId: wallet.name,
      preferredNetwork: solanaMainnet,
    })
    expect(result.chainReference).toBe(solanaMainnet.caipNetworkId.slice('solana:'.length))
    const evm = { ...solanaMainnet, chainNamespace: 'eip155', caipNetworkId: 'eip155:1' } as Network
    const other = await registerTestWallet({ label: 'preferred-evm', chain: 'solana:devnet' })
    const fallback = await adapter.connect({ connectorId: other.name, preferredNetwork: evm })
    expect(fallback.chainReference).toBe(solanaDevnet.caipNetworkId.slice('solana:'.length))
  })

  it('throws the wallet’s own 4001 error when the user rejects', async () => {
    const wallet = await registerTestWallet({ label: 'reject' })
    wallet.approval = 'reject'
    const error = await started()
      .connect({ connectorId: wallet.name })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedError)
    expect(error).toMatchObject({ code: 4001 })
  })

  it('reconnects silently: null until authorized, the accounts after, null after disconnect', async () => {
    const wallet = await registerTestWallet({ label: 'reconnect' })
    const adapter = started()
    expect(await adapter.reconnect({ connectorId: wallet.name })).toBeNull()
    await adapter.connect({ connectorId: wallet.name, network: localnet })

    // A fresh page: a new adapter, the wallet still authorizing the site, and no prompt.
    wallet.approval = 'reject'
    const reloaded = started()
    const result = await reloaded.reconnect({ connectorId: wallet.name })
    expect(result?.accounts).toEqual([{ address: account1!.address, type: 'eoa' }])

    // Reconnecting, the chain is Latch's restored network when it gives one.
    const restored = await started().reconnect({
      connectorId: wallet.name,
      preferredNetwork: solanaDevnet,
    })
    expect(restored?.chainReference).toBe(solanaDevnet.caipNetworkId.slice('solana:'.length))

    await reloaded.disconnect({ connectorId: wallet.name })
    expect(wallet.authorized).toBe(false)
    expect(await started().reconnect({ connectorId: wallet.name })).toBeNull()
  })

  it('reconnect gives null for a wallet that never registers, once its wait is aborted', async () => {
    const controller = new AbortController()
    const pending = started().reconnect({ connectorId: 'Nobody', signal: controller.signal })
    controller.abort()
    expect(await pending).toBeNull()
  })

  it('reports account changes from standard:events, zero accounts included', async () => {
    const wallet = await registerTestWallet({ label: 'events' })
    const adapter = started()
    const events = recordEvents(adapter)
    await adapter.connect({ connectorId: wallet.name })
    wallet.exposeAccounts(2)
    wallet.exposeAccounts(0)
    expect(events).toEqual([
      {
        type: 'accountsChanged',
        connectorId: wallet.name,
        accounts: [
          { address: account1!.address, type: 'eoa' },
          { address: account2!.address, type: 'eoa' },
        ],
      },
      { type: 'accountsChanged', connectorId: wallet.name, accounts: [] },
    ])
  })

  it('stops reporting a wallet’s events once disconnected', async () => {
    const wallet = await registerTestWallet({ label: 'quiet' })
    const adapter = started()
    const events = recordEvents(adapter)
    await adapter.connect({ connectorId: wallet.name })
    await adapter.disconnect({ connectorId: wallet.name })
    wallet.exposeAccounts(2)
    expect(events).toEqual([])
  })

  it('switches among Solana networks by recording the chain, and refuses another namespace', async () => {
    const wallet = await registerTestWallet({ label: 'switch' })
    const adapter = started()
    const events = recordEvents(adapter)
    await adapter.connect({ connectorId: wallet.name, network: localnet })
    await adapter.switchNetwork({ connectorId: wallet.name, network: solanaMainnet })
    expect(events).toEqual([
      {
        type: 'chainChanged',
        connectorId: wallet.name,
        chainReference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      },
    ])
    const evm = { ...localnet, chainNamespace: 'eip155', caipNetworkId: 'eip155:1' } as Network
    await expect(adapter.switchNetwork({ connectorId: wallet.name, network: evm })).rejects.toThrow(
      'Chain is not supported',
    )
  })

  it('names a connector it does not know', async () => {
    await expect(started().connect({ connectorId: 'Unknown wallet' })).rejects.toThrow(
      'Provider not found.',
    )
  })
})
