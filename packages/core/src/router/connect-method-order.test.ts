import { describe, expect, it } from 'vitest'
import type { Connector } from '../connector/connector.js'
import { connectorOrderTypes } from '../options/schema.js'
import { connectMethodOrder, orderWalletGroups } from './connect-method-order.js'

const announced: Connector = { id: 'io.dev', type: 'ANNOUNCED', name: 'Dev', chain: 'eip155' }
const injected: Connector = {
  id: 'injected',
  type: 'INJECTED',
  name: 'Browser Wallet',
  chain: 'eip155',
}
const wc: Connector = {
  id: 'walletConnect',
  type: 'WALLET_CONNECT',
  name: 'WalletConnect',
  chain: 'eip155',
}
const base = { emailEnabled: true, socialsEnabled: true }

describe('connect method order (SPEC §2)', () => {
  it('defaults to email, social, wallet', () => {
    expect(connectMethodOrder({ ...base, connectors: [wc] })).toEqual(['email', 'social', 'wallet'])
  })

  it('becomes wallet, email, social when an announced wallet is visible', () => {
    expect(connectMethodOrder({ ...base, connectors: [wc, announced] })).toEqual([
      'wallet',
      'email',
      'social',
    ])
  })

  it('becomes wallet, email, social when an injected wallet is visible', () => {
    expect(connectMethodOrder({ ...base, connectors: [injected] })).toEqual([
      'wallet',
      'email',
      'social',
    ])
  })

  it("the host's configured order wins", () => {
    expect(
      connectMethodOrder({
        ...base,
        configuredOrder: ['social', 'wallet', 'email'],
        connectors: [announced],
      }),
    ).toEqual(['social', 'wallet', 'email'])
  })

  it('leaves out disabled methods but always offers wallets', () => {
    expect(
      connectMethodOrder({ emailEnabled: false, socialsEnabled: false, connectors: [] }),
    ).toEqual(['wallet'])
    expect(connectMethodOrder({ ...base, configuredOrder: ['email'], connectors: [] })).toEqual([
      'email',
      'wallet',
    ])
  })

  it('offers only wallets while email and social login are off (this build), in any order', () => {
    const off = { emailEnabled: false, socialsEnabled: false }
    for (const connectors of [[], [wc], [announced], [injected, wc]]) {
      expect(connectMethodOrder({ ...off, connectors })).toEqual(['wallet'])
      expect(
        connectMethodOrder({ ...off, configuredOrder: ['social', 'email', 'wallet'], connectors }),
      ).toEqual(['wallet'])
      expect(connectMethodOrder({ ...off, configuredOrder: ['email'], connectors })).toEqual([
        'wallet',
      ])
    }
  })
})

describe('connector type order (SPEC §2)', () => {
  it('has the SPEC default order', () => {
    expect(connectorOrderTypes).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
  })

  it('lays wallet groups out in the configured order, each wallet once', () => {
    const groups = {
      recent: [{ id: 'a' }],
      injected: [{ id: 'a' }, { id: 'b' }],
      recommended: [{ id: 'c' }, { id: 'b' }],
    }
    expect(
      orderWalletGroups(['recommended', 'recent', 'injected'], groups).map((w) => w.id),
    ).toEqual(['c', 'b', 'a'])
    expect(orderWalletGroups(connectorOrderTypes, groups).map((w) => w.id)).toEqual(['a', 'b', 'c'])
  })
})
