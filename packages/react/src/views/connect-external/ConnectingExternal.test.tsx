import { route, selectModalState } from '@latch/core'
import { act, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages as m } from '../../i18n/en.js'
import { renderLatch, type RenderLatchOptions } from '../../test/render-latch.js'

const dev = { id: 'io.dev', name: 'Dev Wallet' }

/** Picks the wallet on Connect, as a user would, and waits for the waiting view. */
async function chooseDev(input: RenderLatchOptions) {
  const t = await renderLatch({ directory: [], open: true, ...input })
  await t.user.click(t.modal().getByRole('button', { name: /^Dev Wallet/ }))
  await waitFor(() => expect(t.view()).toBe('ConnectingExternal'))
  return t
}

const isOpen = (t: Awaited<ReturnType<typeof renderLatch>>) =>
  selectModalState(t.latch.modal.getSnapshot()).open

describe('ConnectingExternal: waiting', () => {
  it("shows the wallet's icon and name, and a spinner with a spoken label", async () => {
    const t = await chooseDev({ wallets: [{ ...dev, answer: 'never' }] })
    expect(await t.modal().findByRole('heading', { name: 'Continue in Dev Wallet' })).toBeTruthy()
    expect(t.modal().getByText(m['view.ConnectingExternal.hint'])).toBeTruthy()
    const label = t.modal().getByText('Waiting for Dev Wallet…')
    expect(label.closest('[role="status"]')).not.toBeNull()
    const icon = t.modalRoot().querySelector('.latch-view img')!
    expect(icon.getAttribute('alt')).toBe('')
    expect(icon.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
    expect(t.modal().queryByRole('button', { name: m['view.ConnectingExternal.retry'] })).toBeNull()
    expect(await t.axe()).toEqual([])
  })

  it('closes the modal when the wallet approves (core closes it)', async () => {
    const t = await chooseDev({ wallets: [{ ...dev, answer: 'never' }] })
    act(() => t.fake.answerPending('io.dev', 'approve'))
    await t.connected('io.dev')
    await waitFor(() => expect(isOpen(t)).toBe(false))
  })
})

describe('ConnectingExternal: rejected and failed', () => {
  it('a rejection shows "Connection declined" with the catalogue text, and Retry', async () => {
    const t = await chooseDev({ wallets: [{ ...dev, answer: 'reject' }] })
    const alert = await t.modal().findByRole('alert')
    expect(
      within(alert).getByRole('heading', { name: m['view.ConnectingExternal.declined'] }),
    ).toBeTruthy()
    expect(alert.textContent).toContain(m['error.USER_REJECTED'])
    expect(t.modal().getByRole('button', { name: m['view.ConnectingExternal.retry'] })).toBeTruthy()
    expect(await t.axe()).toEqual([])
  })

  it('rejected → Retry → waiting → connected, and the modal closes', async () => {
    const t = await chooseDev({ wallets: [{ ...dev, answer: 'reject' }] })
    await t.modal().findByRole('alert')
    t.fake.setAnswer('io.dev', 'never')
    await t.user.click(t.modal().getByRole('button', { name: m['view.ConnectingExternal.retry'] }))
    expect(t.fake.calls.filter((call) => call === 'connect:io.dev')).toHaveLength(2)
    expect(await t.modal().findByRole('heading', { name: 'Continue in Dev Wallet' })).toBeTruthy()
    expect(t.modal().queryByRole('alert')).toBeNull()
    act(() => t.fake.answerPending('io.dev', 'approve'))
    await t.connected('io.dev')
    await waitFor(() => expect(isOpen(t)).toBe(false))
  })

  it('another error shows "Connection failed" with its catalogue text', async () => {
    const t = await chooseDev({ wallets: [{ ...dev, answer: 'fail' }] })
    const alert = await t.modal().findByRole('alert')
    expect(
      within(alert).getByRole('heading', { name: m['view.ConnectingExternal.failed'] }),
    ).toBeTruthy()
    expect(alert.textContent).toContain(m['error.UNKNOWN_ERROR'])
    expect(await t.axe()).toEqual([])
  })

  it('Retry works from the keyboard (Enter and Space)', async () => {
    const t = await chooseDev({ wallets: [{ ...dev, answer: 'reject' }] })
    const retry = await t.modal().findByRole('button', { name: m['view.ConnectingExternal.retry'] })
    act(() => retry.focus())
    await t.user.keyboard('{Enter}')
    await waitFor(() =>
      expect(t.fake.calls.filter((call) => call === 'connect:io.dev')).toHaveLength(2),
    )
    const again = await t.modal().findByRole('button', { name: m['view.ConnectingExternal.retry'] })
    act(() => again.focus())
    await t.user.keyboard(' ')
    await waitFor(() =>
      expect(t.fake.calls.filter((call) => call === 'connect:io.dev')).toHaveLength(3),
    )
  })

  it('Tab reaches Retry', async () => {
    const t = await chooseDev({ wallets: [{ ...dev, answer: 'reject' }] })
    const retry = await t.modal().findByRole('button', { name: m['view.ConnectingExternal.retry'] })
    act(() => t.modal().getByRole('button', { name: m['modal.close'] }).focus())
    expect(await t.tab()).toBe(retry)
  })
})

describe('ConnectingExternal: opened directly', () => {
  it('with only a connector id, starts the connect itself, once (StrictMode)', async () => {
    const t = await renderLatch({
      wallets: [{ ...dev, answer: 'never' }],
      strict: true,
      open: { route: route('ConnectingExternal', { connectorId: 'io.dev' }) },
    })
    expect(await t.modal().findByRole('heading', { name: 'Continue in Dev Wallet' })).toBeTruthy()
    expect(t.fake.calls.filter((call) => call === 'connect:io.dev')).toHaveLength(1)
  })

  it('for a wallet that is not there, says so instead of waiting forever', async () => {
    const t = await renderLatch({
      open: { route: route('ConnectingExternal', { connectorId: 'io.missing' }) },
    })
    const alert = await t.modal().findByRole('alert')
    expect(alert.textContent).toContain(m['error.PROVIDER_NOT_FOUND'])
    expect(t.modal().queryByRole('button', { name: m['view.ConnectingExternal.retry'] })).toBeNull()
    expect(await t.axe()).toEqual([])
  })
})
