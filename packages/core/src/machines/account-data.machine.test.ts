import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { AccountHistoryResponse, Transaction } from '../api/account.js'
import { LatchError } from '../errors/latch-error.js'
import { accountDataMachine } from './account-data.machine.js'
import { selectActivity, selectNfts, selectOpenNft } from './account-data.selectors.js'
import type {
  AccountDataTarget,
  AccountList,
  FetchedPage,
  NftItem,
  NftPage,
  PageRequest,
} from './account-data.types.js'

const target = (address = '0xa'): AccountDataTarget => ({
  key: `eip155|${address}|eip155:1`,
  namespace: 'eip155',
  address,
  caipNetworkId: 'eip155:1',
})

const tx = (id: string): Transaction => ({
  id,
  metadata: {
    operationType: 'send',
    hash: id,
    minedAt: '2026-01-01T00:00:00.000Z',
    sentFrom: '0xa',
    sentTo: '0xb',
    status: 'confirmed',
    nonce: 0,
    chain: 'eip155:1',
  },
  transfers: [],
})

const nft = (id: string): NftItem => ({
  id,
  contract: 'eip155:1:0xc',
  tokenId: id,
  name: `Tile #${id}`,
  collection: 'Tiles',
  amount: '1',
  standard: 'erc721',
})

/** A history of `pages` (cursor → page); requests are recorded; `fail` makes every read fail. */
function start(
  pages: Record<string, AccountHistoryResponse>,
  options: { fail?: boolean; hold?: boolean; nfts?: NftPage } = {},
) {
  const requests: PageRequest[] = []
  const actor = createActor(
    accountDataMachine.provide({
      actors: {
        fetchPage: fromPromise<FetchedPage, PageRequest & { list: AccountList }>(
          async ({ input }) => {
            if (input.list === 'nfts') {
              if (options.fail) throw new LatchError('UNKNOWN_ERROR')
              return { list: 'nfts', page: options.nfts ?? { items: [], next: null } }
            }
            requests.push({
              address: input.address,
              caipNetworkId: input.caipNetworkId,
              ...(input.cursor ? { cursor: input.cursor } : {}),
            })
            if (options.hold) return new Promise<never>(() => undefined)
            if (options.fail) throw new LatchError('FAILED_TO_FETCH_TRANSACTIONS')
            return { list: 'activity', page: pages[input.cursor ?? '']! }
          },
        ),
      },
    }),
  )
  const emitted: string[] = []
  actor.on('historyFailed', (event) => emitted.push(event.type))
  actor.start()
  return { actor, requests, emitted }
}

const twoPages = {
  '': { data: [tx('3'), tx('2')], next: 'c1' },
  c1: { data: [tx('1')], next: null },
}
const ids = (items: readonly { id: string }[]) => items.map((item) => item.id)

describe('account-data machine: Activity', () => {
  it('reads nothing until the view is shown on the Activity tab', async () => {
    const { actor, requests } = start(twoPages)
    actor.send({ type: 'TARGET', target: target() })
    actor.send({ type: 'SHOW' })
    expect(requests).toEqual([])
    expect(selectActivity(actor.getSnapshot()).status).toBe('idle')
    actor.send({ type: 'SELECT_TAB', tab: 'activity' })
    await waitFor(actor, (s) => selectActivity(s).status === 'ready')
    expect(ids(selectActivity(actor.getSnapshot()).items)).toEqual(['3', '2'])
    expect(requests).toEqual([{ address: '0xa', caipNetworkId: 'eip155:1' }])
  })

  it('pages by cursor on LOAD_MORE, appending, until there is no next page', async () => {
    const { actor, requests } = start(twoPages)
    actor.send({ type: 'TARGET', target: target() })
    actor.send({ type: 'SELECT_TAB', tab: 'activity' })
    actor.send({ type: 'SHOW' })
    await waitFor(actor, (s) => selectActivity(s).status === 'ready')
    expect(selectActivity(actor.getSnapshot()).hasMore).toBe(true)
    actor.send({ type: 'LOAD_MORE' })
    expect(selectActivity(actor.getSnapshot()).status).toBe('loadingMore')
    await waitFor(actor, (s) => selectActivity(s).status === 'ready')
    const activity = selectActivity(actor.getSnapshot())
    expect(ids(activity.items)).toEqual(['3', '2', '1'])
    expect(activity.hasMore).toBe(false)
    actor.send({ type: 'LOAD_MORE' })
    expect(requests.map((r) => r.cursor)).toEqual([undefined, 'c1'])
  })

  it('keeps what was read while hidden, and reads the first page again when shown', async () => {
    const { actor, requests } = start(twoPages)
    actor.send({ type: 'TARGET', target: target() })
    actor.send({ type: 'SELECT_TAB', tab: 'activity' })
    actor.send({ type: 'SHOW' })
    await waitFor(actor, (s) => selectActivity(s).status === 'ready')
    actor.send({ type: 'HIDE' })
    expect(ids(actor.getSnapshot().context.activity.items)).toEqual(['3', '2'])
    actor.send({ type: 'SHOW' })
    // Shown at once from the cache while the first page is read again.
    expect(selectActivity(actor.getSnapshot())).toMatchObject({ status: 'loading' })
    expect(ids(selectActivity(actor.getSnapshot()).items)).toEqual(['3', '2'])
    await waitFor(actor, (s) => selectActivity(s).status === 'ready')
    expect(requests).toHaveLength(2)
  })

  it('does not read a tab again when the user comes back to it while the view stays', async () => {
    const { actor, requests } = start(twoPages)
    actor.send({ type: 'TARGET', target: target() })
    actor.send({ type: 'SHOW' })
    actor.send({ type: 'SELECT_TAB', tab: 'activity' })
    await waitFor(actor, (s) => selectActivity(s).status === 'ready')
    actor.send({ type: 'SELECT_TAB', tab: 'tokens' })
    actor.send({ type: 'SELECT_TAB', tab: 'activity' })
    expect(selectActivity(actor.getSnapshot()).status).toBe('ready')
    expect(requests).toHaveLength(1)
  })

  it("on failure: SPEC §8's error, the list empty with no next page, and RETRY reads again", async () => {
    const { actor, emitted } = start(twoPages, { fail: true })
    actor.send({ type: 'TARGET', target: target() })
    actor.send({ type: 'SELECT_TAB', tab: 'activity' })
    actor.send({ type: 'SHOW' })
    await waitFor(actor, (s) => selectActivity(s).status === 'failed')
    expect(selectActivity(actor.getSnapshot())).toEqual({
      status: 'failed',
      items: [],
      hasMore: false,
      error: 'FAILED_TO_FETCH_TRANSACTIONS',
    })
    expect(emitted).toEqual(['historyFailed'])
    actor.send({ type: 'RETRY' })
    expect(selectActivity(actor.getSnapshot()).status).toBe('loading')
  })

  it('stops a read when hidden or when the account changes, and never mixes accounts', async () => {
    const { actor, requests } = start(twoPages, { hold: true })
    actor.send({ type: 'TARGET', target: target('0xa') })
    actor.send({ type: 'SELECT_TAB', tab: 'activity' })
    actor.send({ type: 'SHOW' })
    expect(actor.getSnapshot().children).not.toEqual({})
    actor.send({ type: 'HIDE' })
    expect(actor.getSnapshot().children).toEqual({})
    actor.send({ type: 'SHOW' })
    actor.send({ type: 'TARGET', target: target('0xb') })
    expect(requests.map((r) => r.address)).toEqual(['0xa', '0xa', '0xb'])
    expect(actor.getSnapshot().context.activity.items).toEqual([])
  })

  it('reads nothing without an account', () => {
    const { actor, requests } = start(twoPages)
    actor.send({ type: 'SELECT_TAB', tab: 'activity' })
    actor.send({ type: 'SHOW' })
    expect(requests).toEqual([])
    expect(selectActivity(actor.getSnapshot()).status).toBe('idle')
  })
})

describe('account-data machine: NFTs', () => {
  it('reads the gallery on its tab, and opens and closes one NFT', async () => {
    const { actor } = start(twoPages, { nfts: { items: [nft('1'), nft('2')], next: null } })
    actor.send({ type: 'TARGET', target: target() })
    actor.send({ type: 'SHOW' })
    actor.send({ type: 'SELECT_TAB', tab: 'nfts' })
    await waitFor(actor, (s) => selectNfts(s).status === 'ready')
    expect(ids(selectNfts(actor.getSnapshot()).items)).toEqual(['1', '2'])
    actor.send({ type: 'SELECT_NFT', id: '2' })
    expect(selectOpenNft(actor.getSnapshot())?.name).toBe('Tile #2')
    actor.send({ type: 'SELECT_NFT', id: undefined })
    expect(selectOpenNft(actor.getSnapshot())).toBeUndefined()
  })

  it('shows an error, not a spinner, when the gallery cannot be read', async () => {
    const { actor, emitted } = start(twoPages, { fail: true })
    actor.send({ type: 'TARGET', target: target() })
    actor.send({ type: 'SELECT_TAB', tab: 'nfts' })
    actor.send({ type: 'SHOW' })
    await waitFor(actor, (s) => selectNfts(s).status === 'failed')
    expect(selectNfts(actor.getSnapshot()).error).toBe('UNKNOWN_ERROR')
    // Only the history's failure is SPEC §8's toast.
    expect(emitted).toEqual([])
  })
})
