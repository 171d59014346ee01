import { selectActiveNetwork, selectModalState, selectRoute, type Latch } from '@latch/core'
import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages } from '../../i18n/en.js'
import {
  axeViolations,
  connectWallet,
  devnetA,
  devnetB,
  gate,
  modalRoot,
  openModal,
  renderAccount,
  scriptedWallet,
  type ModalQueries,
  type RenderAccountOptions,
} from '../../test/render-account.js'

const m = enMessages
const routeOf = (latch: Latch) => selectRoute(latch.modal.getSnapshot())
const activeOf = (latch: Latch) => selectActiveNetwork(latch.network.getSnapshot())
/** The view's own content: the toast region beside the dialog is a status too. */
const inDialog = (ui: ModalQueries) => within(ui.getByRole('dialog'))
const switchCalls = (calls: string[]) => calls.filter((c) => c.startsWith('switch:'))

/** Connected on devnet A, the modal on Networks; then devnet B is chosen. */
async function chooseDevnetB(options: RenderAccountOptions = {}) {
  const kit = renderAccount(options)
  await connectWallet(kit.latch, kit.wallets[0]!)
  openModal(kit.latch, { route: { view: 'Networks' } })
  const ui = kit.modal()
  const list = await ui.findByRole('list', { name: m['view.Networks.list'] })
  fireEvent.click(within(list).getByRole('button', { name: devnetB.name }))
  await waitFor(() => expect(routeOf(kit.latch).view).toBe('SwitchNetwork'))
  return { ...kit, ui }
}

describe('SwitchNetwork: the wallet switches', () => {
  it('asks the wallet at once and shows the pending prompt with a spoken spinner', async () => {
    const held = gate()
    const kit = await chooseDevnetB({
      wallets: [
        scriptedWallet('a', { knownChains: new Set(['31337', '31338']), switchGate: held.promise }),
      ],
    })
    expect(
      await kit.ui.findByRole('heading', { name: m['view.SwitchNetwork.approve'] }),
    ).toBeTruthy()
    expect(kit.ui.getByText(devnetB.name)).toBeTruthy()
    expect(kit.ui.getByText(`Switch to ${devnetB.name} in your wallet to continue.`)).toBeTruthy()
    await waitFor(() =>
      expect(inDialog(kit.ui).getByRole('status').textContent).toBe(
        m['view.SwitchNetwork.waiting'],
      ),
    )
    expect(switchCalls(kit.calls)).toEqual([`switch:${devnetB.caipNetworkId}`])
    expect(await axeViolations()).toEqual([])

    await held.release()
    await waitFor(() => expect(routeOf(kit.latch)).toEqual({ view: 'Networks' }))
    expect(activeOf(kit.latch)).toEqual(devnetB)
  })

  it('adds an unknown chain (4902), says so, retries, and succeeds', async () => {
    const adding = gate()
    const kit = await chooseDevnetB({ wallets: [scriptedWallet('a', { addGate: adding.promise })] })
    expect(
      await kit.ui.findByText(`Your wallet does not know ${devnetB.name} yet. Approve adding it.`),
    ).toBeTruthy()
    expect(inDialog(kit.ui).getByRole('status')).toBeTruthy()
    expect(await axeViolations()).toEqual([])

    await adding.release()
    await waitFor(() => expect(routeOf(kit.latch)).toEqual({ view: 'Networks' }))
    expect(kit.calls.filter((c) => /^(switch|add):/.test(c))).toEqual([
      `switch:${devnetB.caipNetworkId}`,
      `add:${devnetB.caipNetworkId}`,
      `switch:${devnetB.caipNetworkId}`,
    ])
    expect(activeOf(kit.latch)).toEqual(devnetB)
  })
})

describe('SwitchNetwork: the user rejects', () => {
  it('goes back (core), announces the error as a toast, and choosing again retries', async () => {
    const kit = await chooseDevnetB({
      wallets: [
        scriptedWallet('a', { knownChains: new Set(['31337', '31338']), switchAnswers: [4001] }),
      ],
    })
    await waitFor(() => expect(routeOf(kit.latch)).toEqual({ view: 'Networks' }))
    expect(activeOf(kit.latch)).toEqual(devnetA)
    expect(kit.latch.toast.getSnapshot().context.toast).toEqual({
      message: m['error.USER_REJECTED'],
      code: 'USER_REJECTED',
      variant: 'error',
    })
    expect(await kit.ui.findByText(m['error.USER_REJECTED'])).toBeTruthy()
    expect(await axeViolations()).toEqual([])

    // Try again: the same choice asks the wallet again, which now approves.
    const list = await kit.ui.findByRole('list', { name: m['view.Networks.list'] })
    fireEvent.click(within(list).getByRole('button', { name: devnetB.name }))
    await waitFor(() => expect(activeOf(kit.latch)).toEqual(devnetB))
    expect(switchCalls(kit.calls)).toHaveLength(2)
  })

  it('opened directly, the modal closes on failure (core) and the toast still says why', async () => {
    const kit = renderAccount({ wallets: [scriptedWallet('a', { switchAnswers: [4001] })] })
    await connectWallet(kit.latch, kit.wallets[0]!)
    openModal(kit.latch, { route: { view: 'SwitchNetwork', data: { network: devnetB } } })
    await waitFor(() => expect(selectModalState(kit.latch.modal.getSnapshot()).open).toBe(false))
    await waitFor(() =>
      expect(modalRoot().querySelector('.latch-toast')?.textContent).toBe(m['error.USER_REJECTED']),
    )
  })

  it('when the view stays, it shows the error with Try again, which asks the wallet again', async () => {
    const kit = renderAccount({
      wallets: [
        scriptedWallet('a', { knownChains: new Set(['31337', '31338']), switchAnswers: [4001] }),
      ],
    })
    await connectWallet(kit.latch, kit.wallets[0]!)
    // The first view, with close disabled (sign-in required): going back cannot leave it.
    act(() =>
      kit.latch.modal.send({
        type: 'FACTS_UPDATED',
        facts: { signInEnabled: true, signInRequired: true },
      }),
    )
    openModal(kit.latch, { route: { view: 'SwitchNetwork', data: { network: devnetB } } })
    const ui = kit.modal()
    const alert = await inDialog(ui).findByRole('alert')
    expect(alert.textContent).toBe(m['error.USER_REJECTED'])
    expect(ui.getByText(`The switch to ${devnetB.name} did not happen.`)).toBeTruthy()
    expect(await axeViolations()).toEqual([])

    fireEvent.click(ui.getByRole('button', { name: m['view.SwitchNetwork.tryAgain'] }))
    await waitFor(() => expect(activeOf(kit.latch)).toEqual(devnetB))
    expect(switchCalls(kit.calls)).toHaveLength(2)
    expect(inDialog(ui).queryByRole('alert')).toBeNull()
  })

  it('does not show an error kept from an earlier attempt before asking again', async () => {
    const kit = renderAccount({
      wallets: [
        scriptedWallet('a', { knownChains: new Set(['31337', '31338']), switchAnswers: [4001] }),
      ],
    })
    await connectWallet(kit.latch, kit.wallets[0]!)
    await act(() => expect(kit.latch.switchNetwork(devnetB)).rejects.toThrow())
    expect(kit.latch.network.getSnapshot().context.error).toBeDefined()
    const held = gate()
    kit.wallets[0]!.switchGate = held.promise
    let switched: Promise<void> | undefined
    act(() => {
      switched = kit.latch.switchNetwork(devnetB)
    })
    const ui = kit.modal()
    expect(await ui.findByRole('heading', { name: m['view.SwitchNetwork.approve'] })).toBeTruthy()
    expect(inDialog(ui).queryByRole('alert')).toBeNull()
    await held.release()
    await act(() => switched)
    expect(activeOf(kit.latch)).toEqual(devnetB)
  })
})

describe('SwitchNetwork: once per route', () => {
  it('asks the wallet once under React StrictMode (effects run twice there; core asks, not the view)', async () => {
    const held = gate()
    const kit = renderAccount({
      strict: true,
      wallets: [
        scriptedWallet('a', { knownChains: new Set(['31337', '31338']), switchGate: held.promise }),
      ],
    })
    await connectWallet(kit.latch, kit.wallets[0]!)
    openModal(kit.latch, { route: { view: 'SwitchNetwork', data: { network: devnetB } } })
    await kit.modal().findByRole('heading', { name: m['view.SwitchNetwork.approve'] })
    await held.release()
    await waitFor(() => expect(activeOf(kit.latch)).toEqual(devnetB))
    expect(switchCalls(kit.calls)).toHaveLength(1)
  })
})
