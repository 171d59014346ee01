import type { DirectoryWallet } from '@latch/core'
import { fakeDirectoryService } from '@latch/core/testing'
import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import { renderLatch, testDirectory, type RenderLatchOptions } from '../../test/render-latch.js'
import { ROW_HEIGHT_PX } from './WalletList.js'

const VIEWPORT_PX = 400

// jsdom has no layout: give the list's scroll container a height, and let tests scroll it.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.hasAttribute('data-virtual-scroller') ? VIEWPORT_PX : 0
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

async function openAllWallets(input: RenderLatchOptions = {}) {
  const t = await renderLatch({ ...input, open: { route: { view: 'AllWallets' } } })
  const scroller = () => t.modalRoot().querySelector<HTMLElement>('[data-virtual-scroller]')!
  const list = () => t.modal().getByRole('list', { name: m['view.AllWallets.list'] })
  const rows = () => within(list()).queryAllByRole('button')
  const names = () => rows().map((row) => row.querySelector('span')?.textContent)
  const search = () => t.modal().getByRole('searchbox', { name: m['view.AllWallets.search'] })
  const scrollTo = (top: number) => {
    const element = scroller()
    Object.defineProperty(element, 'scrollTop', { configurable: true, value: top })
    fireEvent.scroll(element)
  }
  return { ...t, scroller, list, rows, names, search, scrollTo }
}

/** A directory service over `wallets` (`@latch/core/testing`), as the instance's `env`. */
function directoryService(wallets: DirectoryWallet[]) {
  const state = fakeDirectoryService(wallets)
  return { state, env: { directory: state.directory } }
}

describe('AllWallets: the list', () => {
  it('takes focus on the search when it shows (issue 37: focus where the task is)', async () => {
    const t = await openAllWallets({ directory: testDirectory(10) })
    await waitFor(() => expect(t.focused()).toBe(t.search()))
  })

  it('is virtualized: with 1,000 wallets only a window of rows is in the DOM', async () => {
    const t = await openAllWallets({ directory: testDirectory(1000) })
    const shown = await waitFor(() => {
      const rows = t.rows()
      expect(rows.length).toBeGreaterThan(0)
      return rows
    })
    expect(shown.length).toBeLessThanOrEqual(Math.ceil(VIEWPORT_PX / ROW_HEIGHT_PX) + 12)
    expect(t.names().slice(0, 3)).toEqual(['Wallet 0000', 'Wallet 0001', 'Wallet 0002'])
    const first = t.list().querySelector('li')!
    expect(first.getAttribute('aria-setsize')).toBe('1000')
    expect(first.getAttribute('aria-posinset')).toBe('1')
    expect(await t.axe()).toEqual([])
  })

  it('loads 40 per page, the next one when the end of the list comes near', async () => {
    const t = await openAllWallets({ directory: testDirectory(100) })
    await waitFor(() => expect(t.rows().length).toBeGreaterThan(0))
    t.scrollTo(20 * ROW_HEIGHT_PX)
    await waitFor(() => expect(t.names()).toContain('Wallet 0025'))
    expect(t.names()).not.toContain('Wallet 0040')
    t.scrollTo(34 * ROW_HEIGHT_PX)
    await waitFor(() => expect(t.names()).toContain('Wallet 0040'))
    t.scrollTo(95 * ROW_HEIGHT_PX)
    await waitFor(() => expect(t.names()).toContain('Wallet 0099'))
    expect(t.modal().queryByText(m['view.AllWallets.loadingMore'])).toBeNull()
  })

  it('puts 4 recommended at the top, featured first, without repeating them', async () => {
    const t = await openAllWallets({
      directory: testDirectory(200),
      options: { featuredWalletIds: ['w0150'] },
    })
    await waitFor(() =>
      expect(t.names().slice(0, 6)).toEqual([
        'Wallet 0150',
        'Wallet 0000',
        'Wallet 0001',
        'Wallet 0002',
        'Wallet 0003',
        'Wallet 0004',
      ]),
    )
    expect(t.names().filter((name) => name === 'Wallet 0000')).toHaveLength(1)
  })

  it('hides excluded wallets, in the list and in search', async () => {
    const t = await openAllWallets({
      directory: testDirectory(50),
      options: { excludeWalletIds: ['w0000', 'Wallet 0001'] },
    })
    await waitFor(() => expect(t.names()[0]).toBe('Wallet 0002'))
    fireEvent.change(t.search(), { target: { value: 'Wallet 000' } })
    expect(t.names().slice(0, 2)).toEqual(['Wallet 0002', 'Wallet 0003'])
  })

  it('lazy-loads every icon and preloads at most 20, https only', async () => {
    const started: string[] = []
    vi.stubGlobal(
      'Image',
      class {
        decoding = ''
        onload: (() => void) | null = null
        onerror: (() => void) | null = null
        set src(url: string) {
          if (url) started.push(url)
        }
      },
    )
    const wallets = testDirectory(100).map((w) => ({
      ...w,
      imageUrl: `https://img.test/${w.id}.png`,
    }))
    const service = directoryService(wallets)
    const t = await openAllWallets({ env: service.env })
    await waitFor(() => expect(t.rows().length).toBeGreaterThan(0))
    for (const image of t.list().querySelectorAll('img')) {
      expect(image.getAttribute('loading')).toBe('lazy')
      expect(image.getAttribute('alt')).toBe('')
    }
    expect(started).toHaveLength(20)
    expect(started[0]).toBe('https://img.test/w0000.png')
    t.scrollTo(35 * ROW_HEIGHT_PX)
    await waitFor(() => expect(t.names()).toContain('Wallet 0040'))
    expect(started).toHaveLength(20)
  })
})

describe('AllWallets: search', () => {
  it('filters in the same render as the keystroke, with a labelled search box', async () => {
    const t = await openAllWallets({ directory: testDirectory(1000) })
    await waitFor(() => expect(t.rows().length).toBeGreaterThan(0))
    fireEvent.change(t.search(), { target: { value: '0999' } })
    // No await: the built-in directory answers synchronously, so the results paint at once.
    expect(t.names()).toEqual(['Wallet 0999'])
    expect(t.modal().getByText('Wallets found: 1')).toBeTruthy()
    expect(await t.axe()).toEqual([])
  })

  it('shows at most 100 results, without recommendations', async () => {
    const t = await openAllWallets({ directory: testDirectory(1000) })
    await t.type(t.search(), 'Wallet')
    expect(t.modal().getByText('Wallets found: 100')).toBeTruthy()
    expect(t.list().querySelector('li')!.getAttribute('aria-setsize')).toBe('100')
    t.scrollTo(95 * ROW_HEIGHT_PX)
    await waitFor(() => expect(t.names()).toContain('Wallet 0099'))
    expect(t.names()).not.toContain('Wallet 0100')
  })

  it('says honestly when nothing matches', async () => {
    const t = await openAllWallets({ directory: testDirectory(10) })
    await t.type(t.search(), 'zzz')
    expect(t.modal().getByText(m['view.AllWallets.empty'])).toBeTruthy()
    expect(t.modal().queryByRole('list', { name: m['view.AllWallets.list'] })).toBeNull()
    expect(await t.axe()).toEqual([])
    await t.type(t.search(), '', { replace: true })
    expect(t.names()[0]).toBe('Wallet 0000')
  })

  it('a remote directory is searched after typing stops, up to 100 at a time', async () => {
    const service = directoryService(testDirectory(300))
    const t = await openAllWallets({ env: service.env })
    await waitFor(() => expect(t.rows().length).toBeGreaterThan(0))
    await t.type(t.search(), '02')
    await waitFor(() => expect(t.names()[0]).toBe('Wallet 0002'))
    const searches = service.state.requests.filter((url) => url.searchParams.has('search'))
    expect(searches.map((url) => url.searchParams.get('search'))).toEqual(['02'])
    expect(searches[0]!.searchParams.get('entries')).toBe('100')
  })
})

describe('AllWallets: loading and errors', () => {
  it('shows a spoken loading state while the directory answers', async () => {
    const service = directoryService(testDirectory(10))
    service.state.hold = true
    const t = await openAllWallets({ env: service.env })
    expect(await t.modal().findByText(m['view.AllWallets.loading'])).toBeTruthy()
    expect(await t.axe()).toEqual([])
  })

  it('shows the error with its catalogue text, and Retry loads again', async () => {
    const service = directoryService(testDirectory(10))
    service.state.fail = true
    const t = await openAllWallets({ env: service.env })
    const alert = await t.modal().findByRole('alert')
    expect(alert.textContent).toContain(m['view.AllWallets.error'])
    expect(alert.textContent).toContain('HTTP status code: 503')
    expect(await t.axe()).toEqual([])
    service.state.fail = false
    await t.user.click(within(alert).getByRole('button', { name: m['view.AllWallets.retry'] }))
    await waitFor(() => expect(t.names()[0]).toBe('Wallet 0000'))
    expect(t.modal().queryByRole('alert')).toBeNull()
  })
})

describe('AllWallets: choosing', () => {
  it('an installed wallet is tagged and connects', async () => {
    const t = await openAllWallets({
      wallets: [{ id: 'io.dev', name: 'Dev', answer: 'never' }],
      directory: testDirectory(10, { 6: { rdns: 'io.dev' } }),
    })
    const row = await t.modal().findByRole('button', { name: 'Wallet 0006 Installed' })
    await t.user.click(row)
    expect(t.fake.calls).toContain('connect:io.dev')
    expect(t.view()).toBe('ConnectingExternal')
  })

  it('a wallet that is not installed shows its links as real links', async () => {
    const t = await openAllWallets({
      directory: testDirectory(10, {
        2: { mobileLink: 'two://', webappLink: 'https://app.two.example' },
      }),
    })
    const row = await t.modal().findByRole('button', { name: 'Wallet 0002' })
    await t.user.click(row)
    expect(row.getAttribute('aria-expanded')).toBe('true')
    const panel = (t.modalRoot().getRootNode() as ShadowRoot).getElementById(
      row.getAttribute('aria-controls')!,
    )!
    expect(
      within(panel)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['https://w0002.example', 'two://', 'https://app.two.example'])
    expect(await t.axe()).toEqual([])
  })

  it('keyboard: Tab goes from the search box through the rows; Enter chooses', async () => {
    const t = await openAllWallets({
      wallets: [{ id: 'io.dev', name: 'Dev', answer: 'never' }],
      directory: testDirectory(10, { 1: { rdns: 'io.dev' } }),
    })
    await waitFor(() => expect(t.rows().length).toBe(10))
    act(() => t.search().focus())
    const rows = t.rows()
    for (const row of rows) expect(await t.tab()).toBe(row)
    act(() => rows[4]!.focus())
    await t.user.keyboard('{Enter}')
    expect(t.fake.calls).toContain('connect:io.dev')
  })
})
