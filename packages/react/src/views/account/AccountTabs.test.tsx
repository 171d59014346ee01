import { fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { enMessages } from '../../i18n/en.js'
import {
  accountServerFetch,
  STORY_SERVER_URL,
  storyBalances,
  storyNfts,
  storyTransaction,
  type AccountServerScript,
} from '../../stories/account-server.js'
import {
  axeViolations,
  connectWallet,
  modalRoot,
  openModal,
  renderAccount,
} from '../../test/render-account.js'

/*
 * The Account tabs on a Latch server's data (answered in memory by `fetch`, see
 * stories/account-server.ts): core's clients fetch, cache and page; the view renders each state.
 */

const m = enMessages
const owner = `0x${'a'.padStart(40, '0')}`

afterEach(() => vi.unstubAllGlobals())

async function openWithServer(
  script: AccountServerScript,
  features: { activity?: boolean } = { activity: true },
) {
  vi.stubGlobal('fetch', accountServerFetch(script))
  const kit = renderAccount({ options: { serverUrl: STORY_SERVER_URL, features } })
  await connectWallet(kit.latch, kit.wallets[0]!)
  openModal(kit.latch)
  const ui = kit.modal()
  await ui.findByRole('heading', { name: m['view.Account.title'] })
  const showTab = (name: string) => {
    fireEvent.click(ui.getByRole('tab', { name }))
    return ui.getByRole('tabpanel', { name })
  }
  return { ...kit, ui, showTab }
}

describe('Account tabs: Tokens', () => {
  it("lists the server's tokens with quantity, price and value, and the total in USD", async () => {
    const { ui } = await openWithServer({ balances: storyBalances })
    const panel = ui.getByRole('tabpanel', { name: m['view.Account.tab.tokens'] })
    const list = await within(panel).findByRole('list', { name: m['view.Account.tokens.list'] })
    await within(list).findByText('Latch Test Token')
    expect(within(list).getByText('100 LTT')).toBeTruthy()
    expect(within(list).getByText('$0.25 each')).toBeTruthy()
    expect(within(list).getByText('$25.00')).toBeTruthy()
    expect(within(panel).getByText('$4,525.00')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })
})

describe('Account tabs: features.activity', () => {
  const tabNames = (ui: Awaited<ReturnType<typeof openWithServer>>['ui']) =>
    ui.getAllByRole('tab').map((tab) => tab.textContent)

  it('offers Tokens, NFTs and Activity while features.activity is on', async () => {
    const { ui } = await openWithServer({})
    expect(tabNames(ui)).toEqual([
      m['view.Account.tab.tokens'],
      m['view.Account.tab.nfts'],
      m['view.Account.tab.activity'],
    ])
  })

  it('leaves Activity out when the host turns it off: no tab, no panel, arrows skip it', async () => {
    const { ui } = await openWithServer({}, { activity: false })
    expect(tabNames(ui)).toEqual([m['view.Account.tab.tokens'], m['view.Account.tab.nfts']])
    expect(ui.queryByRole('tabpanel', { name: m['view.Account.tab.activity'] })).toBeNull()
    const tokens = ui.getByRole('tab', { name: m['view.Account.tab.tokens'] })
    fireEvent.keyDown(tokens, { key: 'End' })
    expect(ui.getByRole('tab', { name: m['view.Account.tab.nfts'] }).ariaSelected).toBe('true')
    fireEvent.keyDown(ui.getByRole('tab', { name: m['view.Account.tab.nfts'] }), {
      key: 'ArrowRight',
    })
    expect(tokens.ariaSelected).toBe('true')
    expect(await axeViolations()).toEqual([])
  })

  it('shows Tokens in its place when Activity was picked before the feature went off', async () => {
    const { latch, ui } = await openWithServer({}, { activity: false })
    latch.accountData.send({ type: 'SELECT_TAB', tab: 'activity' })
    await waitFor(() =>
      expect(ui.getByRole('tab', { name: m['view.Account.tab.tokens'] }).ariaSelected).toBe('true'),
    )
    expect(ui.getByRole('tabpanel', { name: m['view.Account.tab.tokens'] }).hidden).toBe(false)
  })
})

describe('Account tabs: Activity', () => {
  const page1 = {
    data: [
      storyTransaction('3', owner, 'in', { day: 3 }),
      storyTransaction('2', owner, 'out', { day: 2, status: 'pending' }),
    ],
    next: 'cGFnZTI',
  }
  const page2 = {
    data: [storyTransaction('1', owner, 'self', { nft: 'Latch Tile #1' })],
    next: null,
  }

  it('shows in, out and self transfers with status, then the next page on Load more', async () => {
    const { showTab } = await openWithServer({ history: { '': page1, cGFnZTI: page2 } })
    const panel = showTab(m['view.Account.tab.activity'])
    const list = await within(panel).findByRole('list', { name: m['view.Account.activity.list'] })
    expect(within(list).getByText(m['view.Account.activity.in'])).toBeTruthy()
    expect(within(list).getByText(m['view.Account.activity.status.pending'])).toBeTruthy()
    expect(within(list).getByText('+2.5 LTT')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    fireEvent.click(within(panel).getByRole('button', { name: m['view.Account.loadMore'] }))
    await within(panel).findByText(m['view.Account.activity.self'])
    expect(within(panel).getByText('Latch Tile #1')).toBeTruthy()
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3)
    // The last page: nothing more to load.
    expect(within(panel).queryByRole('button', { name: m['view.Account.loadMore'] })).toBeNull()
  })

  it('never shows a small transfer as 0: two significant digits below 0.0001', async () => {
    const tiny = storyTransaction('4', owner, 'self', { symbol: 'ETH' })
    tiny.transfers[0]!.quantity.numeric = '0.0000123'
    const { showTab } = await openWithServer({ history: { '': { data: [tiny], next: null } } })
    const panel = showTab(m['view.Account.tab.activity'])
    await within(panel).findByText(m['view.Account.activity.self'])
    expect(within(panel).getByText('0.000012 ETH')).toBeTruthy()
  })

  it("says 'Failed to fetch transactions' with an empty list and Try again, and toasts it", async () => {
    const { showTab, latch } = await openWithServer({ history: 'fail' })
    const panel = showTab(m['view.Account.tab.activity'])
    const alert = await within(panel).findByRole('alert')
    expect(alert.textContent).toBe(m['error.FAILED_TO_FETCH_TRANSACTIONS'])
    expect(within(panel).queryByRole('list')).toBeNull()
    await waitFor(() =>
      expect(latch.toast.getSnapshot().context.toast?.message).toBe(
        m['error.FAILED_TO_FETCH_TRANSACTIONS'],
      ),
    )
    expect(await axeViolations()).toEqual([])
    fireEvent.click(within(panel).getByRole('button', { name: m['view.Account.retry'] }))
    expect(within(panel).getByRole('status').textContent).toBe(m['view.Account.activity.loading'])
  })

  it('speaks its loading state while the server has not answered', async () => {
    const { showTab } = await openWithServer({ history: 'hold' })
    const panel = showTab(m['view.Account.tab.activity'])
    expect(within(panel).getByRole('status').textContent).toBe(m['view.Account.activity.loading'])
  })
})

describe('Account tabs: NFTs', () => {
  it('shows a gallery with images, and a detail view that goes back', async () => {
    const { showTab, ui } = await openWithServer({ nfts: { '': storyNfts(3) } })
    const panel = showTab(m['view.Account.tab.nfts'])
    const gallery = await within(panel).findByRole('list', { name: m['view.Account.nfts.gallery'] })
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(3)
    expect(gallery.querySelectorAll('img')).toHaveLength(3)
    expect(await axeViolations()).toEqual([])
    fireEvent.click(within(gallery).getByRole('button', { name: 'Latch Tile #2' }))
    expect(ui.getByRole('heading', { name: 'Latch Tile #2' })).toBeTruthy()
    expect(within(panel).getByText('Latch Tiles')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    fireEvent.click(within(panel).getByRole('button', { name: m['view.Account.nfts.back'] }))
    expect(within(panel).getByRole('list', { name: m['view.Account.nfts.gallery'] })).toBeTruthy()
  })

  it('says the gallery could not be loaded, never a spinner, when the server fails', async () => {
    const { showTab } = await openWithServer({ nfts: 'fail' })
    const panel = showTab(m['view.Account.tab.nfts'])
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      m['view.Account.nfts.failed'],
    )
  })

  it('never renders a token image that is not a safe image URL', async () => {
    const page = storyNfts(1)
    page.data[0]!.image = 'javascript:alert(1)'
    const { showTab } = await openWithServer({ nfts: { '': page } })
    const panel = showTab(m['view.Account.tab.nfts'])
    await within(panel).findByText('Latch Tile #1')
    expect(panel.querySelector('img')).toBeNull()
    expect(within(panel).getByText(m['view.Account.nfts.noImage'])).toBeTruthy()
  })
})

describe('Account header: identity (SPEC §7)', () => {
  it('shows the name and the avatar the identity lookup found', async () => {
    const avatar = 'https://avatars.example/alice.png'
    const { ui } = await openWithServer({ identity: { name: 'alice.eth', avatar } })
    expect(await ui.findByText('alice.eth')).toBeTruthy()
    const sources = [...modalRoot().querySelectorAll('img')].map((img) => img.getAttribute('src'))
    expect(sources).toContain(avatar)
  })
})
