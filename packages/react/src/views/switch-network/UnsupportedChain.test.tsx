import { selectModalState, selectRoute, type Latch } from '@latch/core'
import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { enMessages } from '../../i18n/en.js'
import {
  axeViolations,
  connectWallet,
  devnetA,
  devnetB,
  renderAccount,
  scriptedWallet,
  type RenderAccountOptions,
} from '../../test/render-account.js'

const m = enMessages
const routeOf = (latch: Latch) => selectRoute(latch.modal.getSnapshot())
const isOpen = (latch: Latch) => selectModalState(latch.modal.getSnapshot()).open

/** Connected on devnet A with the modal closed; then the wallet moves to chain 999 by itself. */
async function moveToUnsupportedChain(options: RenderAccountOptions = {}) {
  const kit = renderAccount({
    wallets: [scriptedWallet('a', { knownChains: new Set(['31337', '31338', '999']) })],
    ...options,
  })
  await connectWallet(kit.latch, kit.wallets[0]!)
  expect(isOpen(kit.latch)).toBe(false)
  act(() => kit.emit({ type: 'chainChanged', connectorId: 'a', chainReference: '999' }))
  const ui = kit.modal()
  await ui.findByText(m['view.UnsupportedChain.message'])
  return { ...kit, ui }
}

describe('UnsupportedChain', () => {
  it('opens (core) when the wallet moves to a network the app does not support; passes axe', async () => {
    const { latch, ui } = await moveToUnsupportedChain()
    expect(isOpen(latch)).toBe(true)
    expect(routeOf(latch)).toEqual({ view: 'UnsupportedChain' })
    expect(
      ui.getByRole('heading', { name: m['view.UnsupportedChain.title'], level: 2 }),
    ).toBeTruthy()
    const list = ui.getByRole('list', { name: m['view.UnsupportedChain.available'] })
    const buttons = within(list).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual([devnetA.name, devnetB.name])
    // The wallet is on none of them.
    expect(buttons.filter((b) => b.getAttribute('aria-current'))).toEqual([])
    expect(ui.getByRole('button', { name: m['view.UnsupportedChain.disconnect'] })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it('switches directly to a chosen network; core closes the modal once it is supported', async () => {
    const kit = await moveToUnsupportedChain()
    const send = vi.spyOn(kit.latch.network, 'send')
    const list = kit.ui.getByRole('list', { name: m['view.UnsupportedChain.available'] })
    fireEvent.click(within(list).getByRole('button', { name: devnetB.name }))
    expect(send).toHaveBeenCalledWith({
      type: 'SWITCH_NETWORK',
      network: devnetB,
      ignoreSwitchConfirmation: true,
    })
    await waitFor(() => expect(isOpen(kit.latch)).toBe(false))
    expect(kit.calls).toContain(`switch:${devnetB.caipNetworkId}`)
  })

  it('closes (core) when the wallet comes back to a supported network by itself', async () => {
    const kit = await moveToUnsupportedChain()
    act(() => kit.emit({ type: 'chainChanged', connectorId: 'a', chainReference: '31337' }))
    await waitFor(() => expect(isOpen(kit.latch)).toBe(false))
  })

  it('disconnects, and core shows Connect', async () => {
    const kit = await moveToUnsupportedChain()
    fireEvent.click(kit.ui.getByRole('button', { name: m['view.UnsupportedChain.disconnect'] }))
    await waitFor(() => expect(kit.latch.getAccount().isConnected).toBe(false))
    await waitFor(() =>
      expect(kit.latch.modal.getSnapshot().context.history.at(-1)).toEqual({ view: 'Connect' }),
    )
    expect(kit.calls).toContain('disconnect:a')
  })

  it('is not shown when the host allows unsupported chains (core rule)', async () => {
    const kit = renderAccount({
      wallets: [scriptedWallet('a')],
      options: { allowUnsupportedChain: true },
    })
    await connectWallet(kit.latch, kit.wallets[0]!)
    act(() => kit.emit({ type: 'chainChanged', connectorId: 'a', chainReference: '999' }))
    expect(isOpen(kit.latch)).toBe(false)
  })
})
