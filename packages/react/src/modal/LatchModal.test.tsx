import { route } from '@latch/core'
import { act } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { enMessages as m } from '../i18n/en.js'
import { refreshStyles } from '../test/render-account.js'
import { renderLatch } from '../test/render-latch.js'

describe('LatchModal title', () => {
  it('titles each view from the catalogue, and a view this build lacks as unavailable, never by a raw key', async () => {
    const kit = await renderLatch({ open: true })
    expect(await kit.modal().findByRole('dialog', { name: m['view.Connect.title'] })).toBeTruthy()

    act(() => kit.latch.close())
    kit.open({ route: route('OnRampProviders') })
    expect(kit.view()).toBe('OnRampProviders')
    const dialog = await kit.modal().findByRole('dialog', { name: m['view.unavailableTitle'] })
    expect(dialog.textContent).toContain(m['view.unavailable'])
    expect(dialog.textContent).not.toContain('view.OnRampProviders.title')
  })
})

describe('LatchModal view entry', () => {
  /** The view's wrapper once the view itself (lazy for most) has rendered into it. */
  const shownView = (kit: Awaited<ReturnType<typeof renderLatch>>) =>
    vi.waitFor(
      () => {
        // While a lazy view loads, Suspense keeps the last one in the tree, hidden.
        const view = [...kit.modalRoot().querySelectorAll<HTMLElement>('.latch-view')].find(
          (element) => element.style.display !== 'none',
        )
        if (!view?.firstElementChild) throw new Error('the view has not rendered yet')
        return view
      },
      { timeout: 5_000 },
    )

  it('paints the view an open starts on without a fade, and fades in a view moved to', async () => {
    const kit = await renderLatch({ open: true })
    await kit.modal().findByRole('dialog', { name: m['view.Connect.title'] })
    expect((await shownView(kit)).classList.contains('latch-view-enter')).toBe(false)

    act(() => kit.latch.modal.send({ type: 'PUSH', route: route('Networks') }))
    await kit.modal().findByRole('dialog', { name: m['view.Networks.title'] })
    expect((await shownView(kit)).classList.contains('latch-view-enter')).toBe(true)

    // Back to the first view is still a move within the open: it fades in too.
    act(() => kit.latch.modal.send({ type: 'GO_BACK' }))
    await kit.modal().findByRole('dialog', { name: m['view.Connect.title'] })
    expect((await shownView(kit)).classList.contains('latch-view-enter')).toBe(true)
  })

  it('starts every open without a fade, whichever view the last one ended on', async () => {
    const kit = await renderLatch({ open: true })
    act(() => kit.latch.modal.send({ type: 'PUSH', route: route('Networks') }))
    await kit.modal().findByRole('dialog', { name: m['view.Networks.title'] })
    act(() => kit.latch.close())
    kit.open({ route: route('Networks') })
    await kit.modal().findByRole('dialog', { name: m['view.Networks.title'] })
    expect((await shownView(kit)).classList.contains('latch-view-enter')).toBe(false)
  })
})

describe('LatchModal prepares the next open (issue 16)', () => {
  /** The Connect view's wallet list in the modal, whether the dialog shows it or not. */
  const walletList = (kit: Awaited<ReturnType<typeof renderLatch>>) =>
    vi.waitFor(
      () => {
        const list = kit.modalRoot().querySelector<HTMLElement>('dialog .latch-list')
        if (!list) throw new Error('no wallet list yet')
        return list
      },
      { timeout: 5_000 },
    )

  it('renders the next open’s view while closed, hidden, and the open shows those very nodes', async () => {
    const kit = await renderLatch({
      wallets: [{ id: 'injected', name: 'Injected Wallet', rdns: 'io.latch.injected' }],
    })
    const prepared = await walletList(kit)
    const dialog = kit.modalRoot().querySelector('dialog')!
    expect(dialog.open).toBe(false)
    // Out of the accessibility tree while closed: no dialog, no wallet button to find.
    expect(kit.modal().queryByRole('dialog')).toBeNull()
    expect(kit.modal().queryByRole('button', { name: /Injected Wallet/ })).toBeNull()

    kit.open()
    // jsdom keeps the styles it computed while closed (see refreshStyles).
    refreshStyles()
    await kit.modal().findByRole('dialog', { name: m['view.Connect.title'] })
    expect(await walletList(kit)).toBe(prepared)
    expect(prepared.textContent).toContain('Injected Wallet')
  })

  it('prepares each open afresh: nothing of a view outlives the open it belonged to', async () => {
    const kit = await renderLatch()
    kit.open()
    const first = await walletList(kit)
    act(() => kit.latch.close())
    const next = await walletList(kit)
    expect(next).not.toBe(first)
    expect(first.isConnected).toBe(false)
  })
})
