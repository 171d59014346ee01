import { selectRoute } from '@latch/core'
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import { connectWallet, openModal, renderAccount } from '../../test/render-account.js'

/*
 * The Account view's wallet feature buttons (SPEC §9 order: onramp, swaps, receive, send). This
 * build has no onramp or swap view, so those never show; Receive and Send follow their flags.
 */

async function openAccount(features?: { send?: boolean; receive?: boolean }) {
  const kit = renderAccount(features ? { options: { features } } : {})
  await connectWallet(kit.latch, kit.wallets[0]!)
  openModal(kit.latch)
  const ui = kit.modal()
  await ui.findByRole('heading', { name: m['view.Account.title'] })
  const featureButtons = () =>
    ui
      .queryAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => text === m['view.Receive.title'] || text === m['view.Send.title'])
  return { ...kit, ui, featureButtons }
}

describe('Account: wallet feature buttons', () => {
  it('shows Receive then Send by default (features on), and no onramp or swaps', async () => {
    const { featureButtons } = await openAccount()
    expect(featureButtons()).toEqual([m['view.Receive.title'], m['view.Send.title']])
  })

  it('follows each feature flag', async () => {
    const noSend = await openAccount({ send: false })
    expect(noSend.featureButtons()).toEqual([m['view.Receive.title']])
    noSend.rendered.unmount()
    const noReceive = await openAccount({ receive: false })
    expect(noReceive.featureButtons()).toEqual([m['view.Send.title']])
  })

  it('pushes the route, so Back returns to Account', async () => {
    const { latch, ui } = await openAccount()
    act(() => ui.getByRole('button', { name: m['view.Send.title'] }).click())
    await waitFor(() => expect(selectRoute(latch.modal.getSnapshot()).view).toBe('Send'))
    expect(latch.modal.getSnapshot().context.history.map((r) => r.view)).toEqual([
      'Account',
      'Send',
    ])
    act(() => ui.getByRole('button', { name: m['modal.back'] }).click())
    await waitFor(() => expect(selectRoute(latch.modal.getSnapshot()).view).toBe('Account'))
    act(() => ui.getByRole('button', { name: m['view.Receive.title'] }).click())
    await waitFor(() => expect(selectRoute(latch.modal.getSnapshot()).view).toBe('Receive'))
  })
})
