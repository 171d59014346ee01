import { describe, expect, it } from 'vitest'
import type { Connection } from '../machines/connection.types.js'
import { EVM, mainnet, polygon, solana } from '../test/network-fixtures.js'
import { start } from '../test/network-harness.js'
import {
  nativeBalanceOf,
  otherConnections,
  profileNameOf,
  selectNetworkOptions,
  selectSwitchStatus,
  type SwitchStatus,
} from './account-network.js'

const connection = (connectorId: string, namespace = 'eip155'): Connection => ({
  connectorId,
  namespace,
  accounts: [{ address: `0x${connectorId}`, type: 'eoa' }],
  chainReference: '1',
})

describe('otherConnections', () => {
  const a = connection('a')
  const b = connection('b')
  const aOnSolana = connection('a', 'solana')

  it('leaves out the current connection only, keeping core order', () => {
    expect(otherConnections([a, b, aOnSolana], a)).toEqual([b, aOnSolana])
  })

  it('matches on connector and namespace together', () => {
    expect(otherConnections([a, aOnSolana], aOnSolana)).toEqual([a])
  })

  it('lists every connection when none is current', () => {
    expect(otherConnections([a, b], undefined)).toEqual([a, b])
  })
})

describe('profileNameOf', () => {
  it('gives the profile name core resolved', () => {
    expect(profileNameOf({ profileName: 'alice.eth' })).toBe('alice.eth')
  })

  it('treats a missing or blank name as none, so the address is shown', () => {
    expect(profileNameOf({})).toBeUndefined()
    expect(profileNameOf({ profileName: '   ' })).toBeUndefined()
  })
})

describe('nativeBalanceOf', () => {
  it('is loading while core reads', () => {
    expect(nativeBalanceOf({ balance: '1.5', balanceLoading: true }, mainnet)).toEqual({
      status: 'loading',
    })
  })

  it('is loading before core has answered at all: an absent balance is not zero', () => {
    expect(nativeBalanceOf({}, mainnet)).toEqual({ status: 'loading' })
  })

  it("shows core's balance and symbol, with the network's currency name", () => {
    expect(nativeBalanceOf({ balance: '1.5', balanceSymbol: 'ETH' }, mainnet)).toEqual({
      status: 'ready',
      balance: '1.5',
      isFallback: false,
      symbol: 'ETH',
      name: mainnet.nativeCurrency.name,
    })
  })

  it("keeps core's 0.00 fallback and takes the network's symbol when core gave none", () => {
    expect(nativeBalanceOf({ balance: '0.00', balanceLoading: false }, polygon)).toEqual({
      status: 'ready',
      balance: '0.00',
      isFallback: true,
      symbol: polygon.nativeCurrency.symbol,
      name: polygon.nativeCurrency.name,
    })
  })

  it('tells a real zero from the fallback: a read amount has no trailing zeros', () => {
    const zero = nativeBalanceOf({ balance: '0', balanceSymbol: 'ETH' }, mainnet)
    expect(zero.status === 'ready' && zero.isFallback).toBe(false)
  })

  it('has no currency name on an unconfigured network', () => {
    expect(nativeBalanceOf({ balance: '0.00', balanceSymbol: 'ETH' }, undefined)).toEqual({
      status: 'ready',
      balance: '0.00',
      isFallback: true,
      symbol: 'ETH',
    })
  })
})

describe('selectNetworkOptions', () => {
  it('lists every configured network in order and marks the active one', () => {
    const { actor } = start()
    const options = selectNetworkOptions(actor.getSnapshot())
    expect(options.map((o) => o.network.caipNetworkId)).toEqual(
      actor.getSnapshot().context.networks.map((n) => n.caipNetworkId),
    )
    expect(options.filter((o) => o.isActive).map((o) => o.network)).toEqual([mainnet])
  })

  it('filters by namespace when asked', () => {
    const { actor } = start()
    const options = selectNetworkOptions(actor.getSnapshot(), 'solana')
    expect(options.every((o) => o.network.chainNamespace === 'solana')).toBe(true)
    expect(options.map((o) => o.network)).toContain(solana)
  })

  it('marks nothing when the wallet is on a chain that is not configured', () => {
    const { actor, facts } = start()
    facts({ eip155: EVM })
    actor.send({ type: 'WALLET_CHAIN_CHANGED', namespace: 'eip155', chainReference: '999' })
    expect(selectNetworkOptions(actor.getSnapshot()).some((o) => o.isActive)).toBe(false)
  })
})

describe('selectSwitchStatus', () => {
  function record(script: { switchChain?: (number | 'ok')[]; addChain?: (number | 'ok')[] }) {
    const harness = start({}, script)
    harness.facts({ eip155: EVM })
    const seen: SwitchStatus['status'][] = []
    harness.actor.subscribe((s) => {
      const { status } = selectSwitchStatus(s, polygon.caipNetworkId)
      if (seen[seen.length - 1] !== status) seen.push(status)
    })
    return { ...harness, seen }
  }

  it('is idle before any switch', () => {
    const { actor } = start()
    expect(selectSwitchStatus(actor.getSnapshot(), polygon.caipNetworkId)).toEqual({
      status: 'idle',
    })
  })

  it('is requesting while the wallet is asked, then idle after success', async () => {
    const { actor, seen, settled } = record({})
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    expect(selectSwitchStatus(actor.getSnapshot(), polygon.caipNetworkId).status).toBe('requesting')
    await settled()
    expect(seen).toEqual(['requesting', 'idle'])
  })

  it('goes through addingChain and retrying after a 4902', async () => {
    const { actor, seen, settled } = record({ switchChain: [4902] })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    await settled()
    expect(seen).toEqual(['requesting', 'addingChain', 'retrying', 'idle'])
  })

  it('is failed with the error after a rejection', async () => {
    const { actor, settled } = record({ switchChain: [4001] })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    await settled()
    const status = selectSwitchStatus(actor.getSnapshot(), polygon.caipNetworkId)
    expect(status.status).toBe('failed')
    expect(status.status === 'failed' && status.error.code).toBe('USER_REJECTED')
  })

  it('is idle for a network other than the pending one', () => {
    const { actor, facts } = start()
    facts({ eip155: EVM })
    actor.send({ type: 'CONFIRM_SWITCH', network: polygon })
    expect(selectSwitchStatus(actor.getSnapshot(), mainnet.caipNetworkId).status).toBe('idle')
  })
})
