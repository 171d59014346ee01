import {
  selectActiveNamespace,
  selectActiveNetwork,
  selectRoute,
  type ChainNamespace,
  type Latch,
} from '@latch/core'
import { fireEvent, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { enMessages } from '../../i18n/en.js'
import {
  axeViolations,
  connectWallet,
  devnetA,
  devnetB,
  openModal,
  renderAccount,
  solanaLocal,
} from '../../test/render-account.js'

const m = enMessages
const routeOf = (latch: Latch) => selectRoute(latch.modal.getSnapshot())

/** Connected on EVM; Solana chosen in Networks, where no wallet is connected: core asks first. */
async function chooseSolana() {
  const kit = renderAccount({ networks: [devnetA, devnetB, solanaLocal] })
  await connectWallet(kit.latch, kit.wallets[0]!)
  openModal(kit.latch, { route: { view: 'Networks' } })
  const ui = kit.modal()
  const list = await ui.findByRole('list', { name: m['view.Networks.list'] })
  fireEvent.click(within(list).getByRole('button', { name: solanaLocal.name }))
  await ui.findByRole('heading', { name: 'Switch to Solana', level: 3 })
  return { ...kit, ui }
}

describe('SwitchActiveChain', () => {
  it('explains the switch to the other chain family and names the network; passes axe', async () => {
    const { ui } = await chooseSolana()
    expect(
      ui.getByText('Your wallet is not connected on Solana. Continue to connect a wallet there.'),
    ).toBeTruthy()
    expect(ui.getByText(`Network: ${solanaLocal.name}`)).toBeTruthy()
    expect(
      ui.getByRole('heading', { name: m['view.SwitchActiveChain.title'], level: 2 }),
    ).toBeTruthy()
    expect(await axeViolations()).toEqual([])
  })

  it("Continue sends the route's data to core, which activates Solana and shows Connect", async () => {
    const kit = await chooseSolana()
    const send = vi.spyOn(kit.latch.network, 'send')
    fireEvent.click(kit.ui.getByRole('button', { name: m['view.SwitchActiveChain.continue'] }))
    expect(send).toHaveBeenCalledWith({
      type: 'SWITCH_ACTIVE_CHAIN',
      namespace: 'solana',
      network: solanaLocal,
      navigateTo: 'Connect',
      navigateWithReplace: true,
    })
    await waitFor(() => expect(routeOf(kit.latch)).toEqual({ view: 'Connect' }))
    expect(selectActiveNamespace(kit.latch.network.getSnapshot())).toBe('solana')
    expect(selectActiveNetwork(kit.latch.network.getSnapshot())).toEqual(solanaLocal)
    // Replaced, not pushed: going back returns to Networks.
    expect(kit.latch.modal.getSnapshot().context.history.map((r) => r.view)).toEqual([
      'Networks',
      'Connect',
    ])
  })

  it('shows a chain family the catalogue does not name as written', async () => {
    const kit = renderAccount()
    openModal(kit.latch, {
      route: { view: 'SwitchActiveChain', data: { switchToChain: 'tezos' as ChainNamespace } },
    })
    const ui = kit.modal()
    expect(await ui.findByRole('heading', { name: 'Switch to tezos', level: 3 })).toBeTruthy()
    expect(ui.queryByText(/^Network:/)).toBeNull()
    expect(await axeViolations()).toEqual([])
  })
})
