import './test/window.js'
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { isUserRejectedError, LatchError, type Network } from '@latch/core'
import { describe, expect, it } from 'vitest'
import {
  BITCOIN_MAINNET_REFERENCE,
  BITCOIN_REGTEST_REFERENCE,
  BITCOIN_TESTNET_REFERENCE,
  bitcoinMainnet,
  bitcoinTestnet,
} from './index.js'
import { failure, recordEvents, useStacks } from './test/harness.js'

const start = useStacks()
const [first, second] = bitcoinDevnetAccounts()
const accountsOf = (account: typeof first) => [
  { address: account!.payment.address, type: 'eoa' },
  { address: account!.ordinals.address, type: 'eoa' },
]
const faces = ['standard', 'satsConnect'] as const

describe.each(faces)('connections (%s face)', (face) => {
  it('connects: payment then ordinals, on regtest, with their keys and purposes', async () => {
    const { adapter, ids } = await start()
    const result = await adapter.connect({ connectorId: ids[face] })
    expect(result).toEqual({
      connectorId: ids[face],
      accounts: accountsOf(first),
      chainReference: BITCOIN_REGTEST_REFERENCE,
    })
    expect(await adapter.getAccounts({ connectorId: ids[face] })).toEqual(result.accounts)
    expect(await adapter.getAccountAddresses({ connectorId: ids[face] })).toEqual([
      { address: first!.payment.address, publicKey: first!.payment.publicKey, purpose: 'payment' },
      {
        address: first!.ordinals.address,
        // Taproot: the x-only internal key.
        publicKey: first!.ordinals.xOnlyPublicKey,
        purpose: 'ordinals',
      },
    ])
  })

  it('reconnects silently after a reload, and gives null once disconnected', async () => {
    const { adapter, ids, dev, reload } = await start()
    expect(await adapter.reconnect({ connectorId: ids[face] })).toBeNull()
    await adapter.connect({ connectorId: ids[face] })
    const asked = dev.control.requests().length

    // The next page: a new adapter, the wallet still authorizing the site, and no prompt.
    dev.control.setApproval('auto-reject')
    const reloaded = reload()
    const result = await reloaded.reconnect({ connectorId: ids[face] })
    expect(result).toEqual({
      connectorId: ids[face],
      accounts: accountsOf(first),
      chainReference: BITCOIN_REGTEST_REFERENCE,
    })
    expect(dev.control.requests()).toHaveLength(asked)

    await reloaded.disconnect({ connectorId: ids[face] })
    expect(dev.control.isAuthorized()).toBe(false)
    expect(await reload().reconnect({ connectorId: ids[face] })).toBeNull()
    expect(await reload().getAccounts({ connectorId: ids[face] })).toEqual([])
  })

  it('a rejected connect is a user rejection core recognises, and connects nothing', async () => {
    const { adapter, ids, dev } = await start('auto-reject')
    const error = await failure(adapter.connect({ connectorId: ids[face] }))
    expect(isUserRejectedError(error)).toBe(true)
    // The Wallet Standard face throws its own 4001; sats-connect's -32000 becomes USER_REJECTED.
    if (face === 'standard') expect(error).toMatchObject({ code: 4001 })
    else expect(error).toMatchObject({ code: 'USER_REJECTED', cause: { code: -32000 } })
    expect(dev.control.isAuthorized()).toBe(false)
  })

  it('reports an account switch and a network switch made in the wallet', async () => {
    const { adapter, ids, dev } = await start()
    await adapter.connect({ connectorId: ids[face] })
    const events = recordEvents(adapter)
    dev.control.selectAccount(1)
    await expect.poll(() => events.length).toBeGreaterThan(0)
    expect(events).toEqual([
      { type: 'accountsChanged', connectorId: ids[face], accounts: accountsOf(second) },
    ])
    events.length = 0
    dev.control.setNetwork('Testnet')
    await expect.poll(() => events.some((e) => e.type === 'accountsChanged')).toBe(true)
    expect(events).toContainEqual({
      type: 'chainChanged',
      connectorId: ids[face],
      chainReference: BITCOIN_TESTNET_REFERENCE,
    })
    const changed = events.find((event) => event.type === 'accountsChanged')
    expect(changed).toMatchObject({
      accounts: [
        { address: expect.stringMatching(/^tb1q/) },
        { address: expect.stringMatching(/^tb1p/) },
      ],
    })
  })

  it('reports the wallet ending the connection, and stops listening once disconnected', async () => {
    const { adapter, ids, dev } = await start()
    await adapter.connect({ connectorId: ids[face] })
    const events = recordEvents(adapter)
    dev.control.revoke()
    // Wallet Standard says "no accounts" (core's disconnection); sats-connect says disconnect.
    expect(events).toEqual([
      face === 'standard'
        ? { type: 'accountsChanged', connectorId: ids[face], accounts: [] }
        : { type: 'disconnect', connectorId: ids[face] },
    ])

    await adapter.connect({ connectorId: ids[face] })
    await adapter.disconnect({ connectorId: ids[face] })
    events.length = 0
    dev.control.selectAccount(1)
    dev.control.revoke()
    expect(events).toEqual([])
  })

  it('refuses another namespace’s network and names an unknown connector', async () => {
    const { adapter, ids } = await start()
    await adapter.connect({ connectorId: ids[face] })
    const evm = {
      ...bitcoinMainnet,
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:1',
    } as Network
    await expect(adapter.switchNetwork({ connectorId: ids[face], network: evm })).rejects.toThrow(
      'Chain is not supported',
    )
    await expect(adapter.connect({ connectorId: 'Nobody' })).rejects.toThrow('Provider not found.')
  })
})

describe('the chain of a connection', () => {
  it('Wallet Standard: the network asked for, else Latch’s active Bitcoin one, else the accounts’', async () => {
    const { adapter, ids } = await start()
    const asked = await adapter.connect({ connectorId: ids.standard, network: bitcoinTestnet })
    expect(asked.chainReference).toBe(BITCOIN_TESTNET_REFERENCE)
    const preferred = await adapter.connect({
      connectorId: ids.standard,
      preferredNetwork: bitcoinMainnet,
    })
    expect(preferred.chainReference).toBe(BITCOIN_MAINNET_REFERENCE)
    const evm = {
      ...bitcoinMainnet,
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:1',
    } as Network
    await adapter.disconnect({ connectorId: ids.standard })
    const fallback = await adapter.connect({ connectorId: ids.standard, preferredNetwork: evm })
    expect(fallback.chainReference).toBe(BITCOIN_REGTEST_REFERENCE)
  })

  it('sats-connect: the wallet’s own network, which a network asked for switches first', async () => {
    const { adapter, ids, dev } = await start()
    const preferred = await adapter.connect({
      connectorId: ids.satsConnect,
      preferredNetwork: bitcoinMainnet,
    })
    expect(preferred.chainReference).toBe(BITCOIN_REGTEST_REFERENCE)
    const asked = await adapter.connect({ connectorId: ids.satsConnect, network: bitcoinTestnet })
    expect(asked.chainReference).toBe(BITCOIN_TESTNET_REFERENCE)
    expect(dev.control.network()).toBe('Testnet')
  })
})

describe('switchNetwork', () => {
  it('sats-connect: asks the wallet (wallet_changeNetwork), then reports the chain once', async () => {
    const { adapter, ids, dev } = await start()
    await adapter.connect({ connectorId: ids.satsConnect })
    const events = recordEvents(adapter)
    await adapter.switchNetwork({ connectorId: ids.satsConnect, network: bitcoinTestnet })
    expect(dev.control.network()).toBe('Testnet')
    expect(dev.control.requests().at(-1)).toMatchObject({
      method: 'wallet_changeNetwork',
      outcome: 'approved',
    })
    expect(events.filter((event) => event.type === 'chainChanged')).toEqual([
      {
        type: 'chainChanged',
        connectorId: ids.satsConnect,
        chainReference: BITCOIN_TESTNET_REFERENCE,
      },
    ])
  })

  it('sats-connect: a rejected switch is a user rejection, and the chain stays', async () => {
    const { adapter, ids, dev } = await start()
    await adapter.connect({ connectorId: ids.satsConnect })
    dev.control.setApproval('auto-reject')
    const events = recordEvents(adapter)
    const error = await failure(
      adapter.switchNetwork({ connectorId: ids.satsConnect, network: bitcoinTestnet }),
    )
    expect(error).toBeInstanceOf(LatchError)
    expect(isUserRejectedError(error)).toBe(true)
    expect(dev.control.network()).toBe('Regtest')
    expect(events).toEqual([])
  })

  it('Wallet Standard has no switch request: the chain is recorded and reported', async () => {
    const { adapter, ids, dev } = await start()
    await adapter.connect({ connectorId: ids.standard })
    const events = recordEvents(adapter)
    const asked = dev.control.requests().length
    await adapter.switchNetwork({ connectorId: ids.standard, network: bitcoinMainnet })
    expect(events).toEqual([
      {
        type: 'chainChanged',
        connectorId: ids.standard,
        chainReference: BITCOIN_MAINNET_REFERENCE,
      },
    ])
    expect(dev.control.requests()).toHaveLength(asked)
  })
})
