import { route } from '@latch/core'
import { within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import { createFakeWalletConnect } from '../../test/fake-walletconnect.js'
import { renderLatch, testDirectory } from '../../test/render-latch.js'

const directory = testDirectory(6, { 0: { name: 'Zero Wallet' } })

afterEach(() => vi.restoreAllMocks())

// The `walletConnect` option is what offers WalletConnect: without it, nothing in the modal
// leads to a pairing that cannot work.
describe('an instance without the walletConnect option', () => {
  it('lists no WalletConnect row; with the option the row is there', async () => {
    const without = await renderLatch({
      directory,
      wallets: [{ id: 'io.dev', name: 'Dev' }],
      open: true,
    })
    expect(await without.modal().findByRole('button', { name: /Dev/ })).toBeTruthy()
    expect(without.modal().queryByRole('button', { name: 'WalletConnect' })).toBeNull()
    without.rendered.unmount()

    const wc = createFakeWalletConnect('uri')
    const withIt = await renderLatch({
      directory,
      wallets: [{ id: 'io.dev', name: 'Dev' }],
      options: { walletConnect: { load: wc.loader } },
      open: true,
    })
    expect(await withIt.modal().findByRole('button', { name: 'WalletConnect' })).toBeTruthy()
  })

  it('AllWallets: a wallet that is not installed shows its links instead of a QR view', async () => {
    // jsdom has no layout: give the virtualized list a height, so its rows render.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400)
    const t = await renderLatch({ directory, open: { route: route('AllWallets') } })
    const list = await t.modal().findByRole('list', { name: m['view.AllWallets.list'] })
    const row = await within(list).findByRole('button', { name: 'Zero Wallet' })
    await t.user.click(row)
    expect(t.view()).toBe('AllWallets')
    expect(row.getAttribute('aria-expanded')).toBe('true')
    expect(await t.axe()).toEqual([])
  })
})
