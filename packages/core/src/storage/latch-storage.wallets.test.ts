import { describe, expect, it } from 'vitest'
import { metaMask, phantom, rabby, setup } from '../test/latch-storage-setup.js'

describe('createLatchStorage: recent wallets', () => {
  it('keeps at most 2, most recent first, deduped by id', () => {
    const { storage } = setup()
    storage.addRecentWallet(metaMask)
    storage.addRecentWallet(phantom)
    expect(storage.getRecentWallets()).toEqual([phantom, metaMask])
    storage.addRecentWallet(rabby)
    expect(storage.getRecentWallets()).toEqual([rabby, phantom])
    storage.addRecentWallet({ ...phantom, name: 'Phantom 2' })
    expect(storage.getRecentWallets()).toEqual([{ ...phantom, name: 'Phantom 2' }, rabby])
    storage.addRecentWallet(rabby)
    expect(storage.getRecentWallets()).toEqual([rabby, { ...phantom, name: 'Phantom 2' }])
    storage.addRecentWallet(rabby)
    expect(storage.getRecentWallets()).toEqual([rabby, { ...phantom, name: 'Phantom 2' }])
  })

  it('ignores and reports an invalid wallet, keeping the list', () => {
    const { storage, reports } = setup()
    storage.addRecentWallet(metaMask)
    storage.addRecentWallet({ id: 'x', name: 'X', imageUrl: 'javascript:alert(1)' })
    expect(storage.getRecentWallets()).toEqual([metaMask])
    expect(reports[0]).toMatchObject({ kind: 'write-failed', key: '@latch/recentWallets' })
  })

  it('returns a copy that callers cannot use to change the stored list', () => {
    const { storage } = setup()
    storage.addRecentWallet(metaMask)
    storage.getRecentWallets().push(phantom)
    expect(storage.getRecentWallets()).toEqual([metaMask])
  })
})

describe('createLatchStorage: remembered connections', () => {
  it('remembers most recent first, deduped by (namespace, connectorId)', () => {
    const { storage } = setup()
    storage.rememberConnection('eip155', 'io.metamask')
    storage.rememberConnection('solana', 'phantom')
    storage.rememberConnection('eip155', 'phantom')
    storage.rememberConnection('eip155', 'io.metamask')
    expect(storage.getRememberedConnections()).toEqual([
      { namespace: 'eip155', connectorId: 'io.metamask' },
      { namespace: 'eip155', connectorId: 'phantom' },
      { namespace: 'solana', connectorId: 'phantom' },
    ])
  })

  it('forgets only the given pair and removes the key when none remain', () => {
    const { port, storage } = setup()
    storage.rememberConnection('eip155', 'phantom')
    storage.rememberConnection('solana', 'phantom')
    storage.forgetConnection('eip155', 'phantom')
    expect(storage.getRememberedConnections()).toEqual([
      { namespace: 'solana', connectorId: 'phantom' },
    ])
    storage.forgetConnection('solana', 'phantom')
    expect(storage.getRememberedConnections()).toEqual([])
    expect(port.getItem('@latch/connections')).toBeNull()
  })
})

describe('createLatchStorage: disconnect flags (SPEC §4)', () => {
  it('remembers the flag per connector and clears it', () => {
    const { port, storage } = setup()
    storage.setConnectorDisconnected('io.metamask', true)
    storage.setConnectorDisconnected('io.metamask', true)
    storage.setConnectorDisconnected('io.rabby', true)
    expect(storage.get('disconnectedConnectors')).toEqual(['io.metamask', 'io.rabby'])
    expect(storage.isConnectorDisconnected('io.metamask')).toBe(true)
    expect(storage.isConnectorDisconnected('app.phantom')).toBe(false)
    storage.setConnectorDisconnected('io.metamask', false)
    storage.setConnectorDisconnected('io.rabby', false)
    expect(storage.isConnectorDisconnected('io.metamask')).toBe(false)
    expect(port.getItem('@latch/disconnectedConnectors')).toBeNull()
  })
})
