import { act, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import { renderLatch, testDirectory } from '../../test/render-latch.js'

const methodOrder = (t: Awaited<ReturnType<typeof renderLatch>>) =>
  t.modalRoot().querySelector('[data-method-order]')?.getAttribute('data-method-order')

/** The wallet rows' names, in order (the "All wallets" row last). */
function rowNames(t: Awaited<ReturnType<typeof renderLatch>>) {
  const list = t.modal().getByRole('list', { name: m['view.Connect.wallets'] })
  return within(list)
    .getAllByRole('button')
    .map((button) => button.querySelector('span')?.textContent)
}

describe('Connect: the wallet section', () => {
  it('paints at once on open: each wallet a button with a decorative icon, its name and a tag', async () => {
    const t = await renderLatch({
      wallets: [{ id: 'io.dev', name: 'Dev Wallet' }],
      directory: testDirectory(10),
      open: true,
    })
    const row = t
      .modal()
      .getByRole('button', { name: `Dev Wallet ${m['view.Connect.tag.installed']}` })
    const icon = row.querySelector('img')!
    expect(icon.getAttribute('alt')).toBe('')
    expect(icon.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
    expect(row.querySelector('.latch-tag')?.textContent).toBe('Installed')
    expect(await t.axe()).toEqual([])
  })

  it('lists installed wallets, then recommendations up to 4 rows in all, then All wallets with the count', async () => {
    const t = await renderLatch({
      wallets: [
        { id: 'io.a', name: 'A' },
        { id: 'io.b', name: 'B' },
      ],
      directory: testDirectory(30),
      open: true,
    })
    expect(rowNames(t)).toEqual([
      'A',
      'B',
      'Wallet 0000',
      'Wallet 0001',
      m['view.Connect.allWallets'],
    ])
    const all = t.modal().getByRole('button', { name: `${m['view.Connect.allWallets']} 30` })
    expect(all).toBeTruthy()
  })

  it('puts recent wallets first, tagged Recent', async () => {
    const t = await renderLatch({
      wallets: [
        { id: 'io.a', name: 'A' },
        { id: 'io.b', name: 'B' },
      ],
      recentWallets: [{ id: 'io.b', name: 'B' }],
      directory: [],
      open: true,
    })
    expect(rowNames(t).slice(0, 2)).toEqual(['B', 'A'])
    expect(t.modal().getByRole('button', { name: 'B Recent' })).toBeTruthy()
    expect(t.modal().getByRole('button', { name: 'A Installed' })).toBeTruthy()
  })

  it('follows the configured connector-type order', async () => {
    const t = await renderLatch({
      wallets: [{ id: 'io.a', name: 'A' }],
      directory: testDirectory(2),
      options: { connectorTypeOrder: ['recommended', 'injected'] },
      open: true,
    })
    expect(rowNames(t)).toEqual(['Wallet 0000', 'Wallet 0001', 'A', m['view.Connect.allWallets']])
  })

  it('hides excluded wallets: installed, recent and recommended', async () => {
    const t = await renderLatch({
      wallets: [
        { id: 'io.a', name: 'A' },
        { id: 'io.b', name: 'B' },
      ],
      recentWallets: [{ id: 'io.a', name: 'A' }],
      directory: testDirectory(6),
      options: { excludeWalletIds: ['io.a', 'Wallet 0001'] },
      open: true,
    })
    expect(rowNames(t)).toEqual([
      'B',
      'Wallet 0000',
      'Wallet 0002',
      'Wallet 0003',
      m['view.Connect.allWallets'],
    ])
  })

  it('fills in wallets announced after the first paint', async () => {
    const t = await renderLatch({ directory: [], open: true })
    expect(rowNames(t)).toEqual([m['view.Connect.allWallets']])
    act(() => t.fake.announce({ id: 'io.late', name: 'Late' }))
    expect(rowNames(t)).toEqual(['Late', m['view.Connect.allWallets']])
  })

  it('renders wallet-supplied names as text and only safe icons', async () => {
    const t = await renderLatch({
      wallets: [
        { id: 'io.x', name: '<img src=x onerror=alert(1)>', imageUrl: 'javascript:alert(1)' },
      ],
      directory: [],
      open: true,
    })
    const row = t.modal().getByRole('button', { name: /onerror/ })
    expect(row.querySelectorAll('img')).toHaveLength(1)
    expect(row.querySelector('span')?.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(row.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
  })
})

describe('Connect: method order (SPEC §2)', () => {
  // Social login is not in this build, and email needs a Latch server (serverUrl), which these
  // instances have not: core's order holds wallets alone. The order rules themselves are tested in core
  // (router/connect-method-order, wallets/connect-wallets).
  it('offers wallets alone, with or without a visible wallet: one section', async () => {
    const none = await renderLatch({ open: true })
    expect(methodOrder(none)).toBe('wallet')
    const view = none.modalRoot().querySelector('[data-method-order]')!
    expect(view.children).toHaveLength(1)
    expect(none.modal().getByRole('list', { name: m['view.Connect.wallets'] })).toBeTruthy()
    none.rendered.unmount()
    document.body.replaceChildren()
    const visible = await renderLatch({ wallets: [{ id: 'io.a' }], open: true })
    expect(methodOrder(visible)).toBe('wallet')
  })

  it('a host order naming email and social still offers wallets alone', async () => {
    const t = await renderLatch({
      wallets: [{ id: 'io.a' }],
      options: { features: { connectMethodsOrder: ['social', 'email', 'wallet'] } },
      open: true,
    })
    expect(methodOrder(t)).toBe('wallet')
  })
})

describe('Connect: choosing', () => {
  it('an installed wallet connects and shows ConnectingExternal', async () => {
    const t = await renderLatch({
      wallets: [{ id: 'io.dev', name: 'Dev', answer: 'never' }],
      open: true,
    })
    await t.user.click(t.modal().getByRole('button', { name: /^Dev/ }))
    expect(t.view()).toBe('ConnectingExternal')
    expect(t.fake.calls).toContain('connect:io.dev')
    expect(await t.modal().findByRole('heading', { name: 'Continue in Dev' })).toBeTruthy()
  })

  it('a directory wallet that is not installed shows its links', async () => {
    const t = await renderLatch({
      directory: testDirectory(4, { 0: { mobileLink: 'zero://', desktopLink: 'javascript://x' } }),
      open: true,
    })
    const row = t.modal().getByRole('button', { name: 'Wallet 0000' })
    expect(row.getAttribute('aria-expanded')).toBe('false')
    await t.user.click(row)
    expect(row.getAttribute('aria-expanded')).toBe('true')
    const links = within(
      (t.modalRoot().getRootNode() as ShadowRoot).getElementById(
        row.getAttribute('aria-controls')!,
      )!,
    ).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://w0000.example', 'zero://'])
    expect(links[0]!.getAttribute('target')).toBe('_blank')
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer')
    expect(t.view()).toBe('Connect')
    expect(await t.axe()).toEqual([])
    await t.user.click(row)
    expect(row.getAttribute('aria-expanded')).toBe('false')
    expect(t.modal().queryAllByRole('link')).toHaveLength(0)
  })

  it('All wallets opens the AllWallets view', async () => {
    const t = await renderLatch({ directory: testDirectory(5), open: true })
    await t.user.click(t.modal().getByRole('button', { name: /^All wallets/ }))
    expect(t.view()).toBe('AllWallets')
    expect(
      await t.modal().findByRole('searchbox', { name: m['view.AllWallets.search'] }),
    ).toBeTruthy()
  })
})

describe('Connect: keyboard', () => {
  it('Tab reaches every row, in order', async () => {
    const t = await renderLatch({
      wallets: [{ id: 'io.a', name: 'A' }],
      directory: testDirectory(4),
      open: true,
    })
    const rows = within(
      t.modal().getByRole('list', { name: m['view.Connect.wallets'] }),
    ).getAllByRole('button')
    t.modal().getByRole('button', { name: m['modal.close'] }).focus()
    const reached: Element[] = []
    for (let i = 0; i < rows.length; i++) reached.push((await t.tab())!)
    expect(reached).toEqual(rows)
  })

  it('Enter connects a wallet; Space opens All wallets', async () => {
    const t = await renderLatch({
      wallets: [{ id: 'io.a', name: 'A' }],
      directory: testDirectory(2),
      open: true,
    })
    act(() =>
      t
        .modal()
        .getByRole('button', { name: /^All wallets/ })
        .focus(),
    )
    await t.user.keyboard(' ')
    expect(t.view()).toBe('AllWallets')
    act(() => t.latch.modal.send({ type: 'GO_BACK' }))
    await waitFor(() => expect(t.view()).toBe('Connect'))
    act(() =>
      t
        .modal()
        .getByRole('button', { name: /^A Installed/ })
        .focus(),
    )
    await t.user.keyboard('{Enter}')
    expect(t.fake.calls).toContain('connect:io.a')
  })
})
