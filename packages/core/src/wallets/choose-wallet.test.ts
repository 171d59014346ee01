import { describe, expect, it } from 'vitest'
import { chooseWalletEvents } from './choose-wallet.js'

describe('choosing a wallet', () => {
  it('connects it and pushes ConnectingExternal with its connector id', () => {
    const connector = { id: 'io.dev', type: 'ANNOUNCED' as const, name: 'Dev' }
    expect(chooseWalletEvents({ connector, namespace: 'eip155' })).toEqual({
      connection: { type: 'CONNECT', connector, namespace: 'eip155' },
      modal: {
        type: 'PUSH',
        route: { view: 'ConnectingExternal', data: { connectorId: 'io.dev' } },
      },
    })
  })
})
