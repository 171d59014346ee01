import { selectActiveNetwork, selectRoute, type Latch } from '@latch/core'
import { networkLogoUrl } from '@latch/core/logos'
import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages } from '../../i18n/en.js'
import {
  axeViolations,
  connectWallet,
  devnetA,
  devnetB,
  modalRoot,
  openModal,
  renderAccount,
  solanaLocal,
  type RenderAccountOptions,
} from '../../test/render-account.js'

const m = enMessages

async function openNetworks(options: RenderAccountOptions & { connected?: boolean } = {}) {
  const kit = renderAccount(options)
  if (options.connected !== false) await connectWallet(kit.latch, kit.wallets[0]!)
  openModal(kit.latch, { route: { view: 'Networks' } })
  const ui = kit.modal()
  const list = await ui.findByRole('list', { name: m['view.Networks.list'] })
  return { ...kit, ui, list }
}

const routeOf = (latch: Latch) => selectRoute(latch.modal.getSnapshot())

describe('Networks', () => {
  it('lists every configured network as a button, in order, and passes axe', async () => {
    const { list } = await openNetworks({ networks: [devnetA, devnetB, solanaLocal] })
    const buttons = within(list).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual([
      `${devnetA.name}${m['view.Networks.active']}`,
      devnetB.name,
      solanaLocal.name,
    ])
    expect(await axeViolations()).toEqual([])
  })

  it('marks the active network with aria-current and a visible Active tag, and only it', async () => {
    const { list } = await openNetworks()
    const active = within(list).getByRole('button', { current: true })
    expect(active.textContent).toContain(devnetA.name)
    expect(within(active).getByText(m['view.Networks.active'])).toBeTruthy()
    const other = within(list).getByRole('button', { name: devnetB.name })
    expect(other.getAttribute('aria-current')).toBeNull()
  })

  it("draws each devnet chain with Ethereum's logo (its gas is ETH): inline, decorative", async () => {
    const { list } = await openNetworks()
    const images = await waitFor(() => {
      const found = list.querySelectorAll('img')
      expect(found.length).toBeGreaterThan(0)
      return [...found]
    })
    for (const image of images) {
      expect(image.getAttribute('src')).toBe(networkLogoUrl(devnetB))
      expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
      // Decorative: the chain's name is the button's text, never the image's.
      expect(image.getAttribute('alt')).toBe('')
    }
  })

  it('switches through SwitchNetwork and comes back with the new network active', async () => {
    const kit = await openNetworks()
    kit.wallets[0]!.knownChains.add('31338')
    fireEvent.click(within(kit.list).getByRole('button', { name: devnetB.name }))
    await waitFor(() =>
      expect(selectActiveNetwork(kit.latch.network.getSnapshot())).toEqual(devnetB),
    )
    await waitFor(() => expect(routeOf(kit.latch)).toEqual({ view: 'Networks' }))
    expect(kit.calls).toContain(`switch:${devnetB.caipNetworkId}`)
    const list = await kit.ui.findByRole('list', { name: m['view.Networks.list'] })
    expect(within(list).getByRole('button', { current: true }).textContent).toContain(devnetB.name)
  })

  it('does nothing for the active network (core: same network)', async () => {
    const kit = await openNetworks()
    fireEvent.click(within(kit.list).getByRole('button', { current: true }))
    expect(routeOf(kit.latch)).toEqual({ view: 'Networks' })
    expect(kit.calls.filter((c) => c.startsWith('switch:'))).toEqual([])
  })

  it('goes to SwitchActiveChain for another chain family with no wallet there', async () => {
    const kit = await openNetworks({ networks: [devnetA, devnetB, solanaLocal] })
    fireEvent.click(within(kit.list).getByRole('button', { name: solanaLocal.name }))
    await waitFor(() => expect(routeOf(kit.latch).view).toBe('SwitchActiveChain'))
    expect(await kit.ui.findByRole('heading', { name: 'Switch to Solana', level: 3 })).toBeTruthy()
  })

  it('selects a network directly while no wallet is connected', async () => {
    const kit = await openNetworks({ connected: false })
    fireEvent.click(within(kit.list).getByRole('button', { name: devnetB.name }))
    await waitFor(() =>
      expect(selectActiveNetwork(kit.latch.network.getSnapshot())).toEqual(devnetB),
    )
    expect(kit.calls.filter((c) => c.startsWith('switch:'))).toEqual([])
  })

  it('says so plainly when no network is left configured', async () => {
    const kit = await openNetworks()
    act(() => {
      kit.latch.network.send({ type: 'NETWORK_REMOVED', caipNetworkId: devnetB.caipNetworkId })
      kit.latch.network.send({ type: 'NETWORK_REMOVED', caipNetworkId: devnetA.caipNetworkId })
    })
    expect(await kit.ui.findByText(m['view.Networks.empty'])).toBeTruthy()
    expect(modalRoot().querySelector('ul')).toBeNull()
    expect(await axeViolations()).toEqual([])
  })
})
