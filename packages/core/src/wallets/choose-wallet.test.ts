import { describe, expect, it } from 'vitest'
import { chooseWalletEvents } from './choose-wallet.js'

describe('choosing a wallet', () => {
  it('only pushes ConnectingExternal with its connector id: showing that view is what connects', () => {
    const connector = { id: 'io.dev', type: 'ANNOUNCED' as const, name: 'Dev' }
    expect(chooseWalletEvents({ connector, namespace: 'eip155' })).toEqual({
      modal: {
        type: 'PUSH',
        route: { view: 'ConnectingExternal', data: { connectorId: 'io.dev' } },
      },
    })
  })
})
