import { describe, expect, it } from 'vitest'
import type { Transaction } from '../api/account.js'
import { defineNetwork } from '../network/network.js'
import { devnetA } from '../testing/networks.js'
import { activityRows, explorerTransactionUrl, pendingActivityRows } from './activity-rows.js'

const hash = '0x' + 'ab'.repeat(32)
const base: Transaction = {
  id: 't',
  metadata: {
    operationType: 'receive',
    hash,
    minedAt: '2026-01-01T00:00:00.000Z',
    sentFrom: '0xb',
    sentTo: '0xa',
    status: 'pending',
    nonce: 0,
    chain: 'eip155:31337',
  },
  transfers: [],
}
const withExplorer = defineNetwork({
  ...devnetA,
  blockExplorers: { default: { name: 'Scan', url: 'https://scan.example/' } },
})

describe('Activity rows (SPEC §2: in/out/self, token and NFT transfers, status, explorer)', () => {
  it('reads a token transfer: direction, amount, symbol, status and the explorer link', () => {
    const tx: Transaction = {
      ...base,
      transfers: [
        { direction: 'in', quantity: { numeric: '2.5' }, fungible_info: { symbol: 'TT' } },
      ],
    }
    expect(activityRows([tx], withExplorer)).toEqual([
      {
        id: 't',
        hash,
        direction: 'in',
        kind: 'token',
        operation: 'receive',
        status: 'pending',
        minedAt: base.metadata.minedAt,
        amount: '2.5',
        asset: 'TT',
        explorerUrl: `https://scan.example/tx/${hash}`,
      },
    ])
  })

  it("reads an NFT transfer with its name and preview, and a call as 'out' with no amount", () => {
    const nft: Transaction = {
      ...base,
      transfers: [
        {
          direction: 'self',
          quantity: { numeric: '1' },
          nft_info: {
            name: 'Tile #3',
            flags: { is_spam: false },
            content: { preview: { url: 'https://img.example/3.png' } },
          },
        },
      ],
    }
    const [row, call] = activityRows([nft, base], devnetA)
    expect(row).toMatchObject({ kind: 'nft', direction: 'self', asset: 'Tile #3' })
    expect(row?.imageUrl).toBe('https://img.example/3.png')
    expect(call).toMatchObject({ kind: 'call', direction: 'out' })
    expect(call?.amount).toBeUndefined()
    expect(call?.explorerUrl).toBeUndefined()
  })

  it('links only a real transaction hash', () => {
    expect(explorerTransactionUrl(withExplorer, 'javascript:alert(1)')).toBeUndefined()
  })
})

describe('pending rows (SPEC §4: each followed transaction shows in Activity until it settles)', () => {
  const other = '0x' + 'cd'.repeat(32)
  const sentAt = '2026-03-01T10:00:00.000Z'
  const followed = [
    { hash, network: withExplorer, sentAt, transfer: { amount: '0.5', symbol: 'ETH', to: '0xb' } },
    { hash: other, network: devnetA, sentAt: '2026-03-01T10:01:00.000Z' },
  ]

  it('lists what the history has not yet, newest first, as pending sends', () => {
    expect(pendingActivityRows(followed, [])).toEqual([
      {
        id: `pending:${other}`,
        hash: other,
        direction: 'out',
        kind: 'call',
        operation: 'send',
        status: 'pending',
        minedAt: '2026-03-01T10:01:00.000Z',
      },
      {
        id: `pending:${hash}`,
        hash,
        direction: 'out',
        kind: 'token',
        operation: 'send',
        status: 'pending',
        minedAt: sentAt,
        amount: '0.5',
        asset: 'ETH',
        explorerUrl: `https://scan.example/tx/${hash}`,
      },
    ])
  })

  it('leaves a transaction the history lists (in any letter case) to the history', () => {
    const listed: Transaction = {
      ...base,
      metadata: { ...base.metadata, hash: hash.toUpperCase().replace('0X', '0x') },
    }
    expect(pendingActivityRows(followed, [listed]).map((row) => row.hash)).toEqual([other])
  })
})
