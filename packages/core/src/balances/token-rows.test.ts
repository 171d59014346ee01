import { describe, expect, it } from 'vitest'
import { devnetA } from '../testing/networks.js'
import type { TokenBalance } from './token-balance.js'
import { tokenRowsOf } from './token-rows.js'
import { tokensFromBalances } from './token-sources.js'

const tt: TokenBalance = {
  name: 'Test Token',
  symbol: 'TT',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: 2.5,
  price: 0.25,
  quantity: { decimals: '18', numeric: '10' },
}

describe('Tokens tab rows (SPEC §2: value, price, quantity, total USD)', () => {
  it('leads with the native balance when the list has none, and totals the known values', () => {
    const rows = tokenRowsOf({ balance: '1.5', balanceSymbol: 'ETH', tokenBalance: [tt] }, devnetA)
    expect(rows.tokens.map((t) => [t.symbol, t.quantity.numeric])).toEqual([
      ['ETH', '1.5'],
      ['TT', '10'],
    ])
    expect(rows.totalUsd).toBe(2.5)
  })

  it("keeps the list's own native entry, and gives no total without any price", () => {
    const native = { ...tt, address: undefined, symbol: 'ETH', value: undefined }
    const rows = tokenRowsOf({ balance: '1', tokenBalance: [native] }, devnetA)
    expect(rows.tokens).toEqual([native])
    expect(rows.totalUsd).toBeUndefined()
  })

  it('lists nothing of the native currency while its balance loads', () => {
    expect(tokenRowsOf({ balanceLoading: true }, devnetA).tokens).toEqual([])
  })

  it("reads the server's balances as token balances, dropping malformed ids", () => {
    const base = { name: 'A', symbol: 'A', price: 1, iconUrl: '', quantity: tt.quantity }
    const kept = { ...base, chainId: 'eip155:31337', address: tt.address }
    const { iconUrl: _, ...expected } = kept
    expect(tokensFromBalances([kept, { ...base, chainId: 'nope' }])).toEqual([expected])
  })
})
