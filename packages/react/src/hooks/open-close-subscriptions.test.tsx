import { route, selectModalState, type Latch, type Route } from '@latch/core'
import { watchSubscriptions, type SubscriptionWatch } from '@latch/core/testing'
import { act, fireEvent, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from '../components/ConnectButton/ConnectButton.js'
import { enMessages as m } from '../i18n/en.js'
import { renderLatch, type RenderedLatch } from '../test/render-latch.js'

/*
 * Issue 16: a view's hooks subscribe to the instance's actors (useSyncExternalStore, `on` for
 * emitted events) while it is on show; its unmount must give every one back, or each open of
 * the modal keeps one more observer, and with it the closure and the component's state it holds.
 */

const CYCLES = 10

/** The ConnectButton's <button>, in its own shadow root. */
function connectButton(): HTMLButtonElement {
  const button = [...document.querySelectorAll('span')]
    .map((span) => span.shadowRoot?.querySelector('button'))
    .find((found) => found?.textContent?.includes(m['connectButton.connect']))
  if (!button) throw new Error('expected the ConnectButton to be rendered')
  return button
}

const isOpen = (latch: Latch) => selectModalState(latch.modal.getSnapshot()).open

/**
 * Opens as a visitor does (the ConnectButton) or at a view, waits for it, closes. Returns the
 * subscriptions `watch` counted while the view was on show.
 */
async function openAndClose(kit: RenderedLatch, watch: SubscriptionWatch, at?: Route) {
  if (at) kit.open({ route: at })
  else act(() => void fireEvent.click(connectButton()))
  await waitFor(() => expect(kit.view()).toBe(at?.view ?? 'Connect'))
  // The view painted with its data: the wallet rows, or the full list.
  if (at) await kit.modal().findByRole('list', { name: m['view.AllWallets.list'] })
  else await kit.modal().findAllByRole('button', { name: /Injected Wallet/ })
  const whileOpen = watch.live()
  act(() => kit.latch.close())
  await waitFor(() => expect(isOpen(kit.latch)).toBe(false))
  return whileOpen
}

describe("the views' subscriptions to the instance", () => {
  it.each([
    ['the Connect view, from the ConnectButton', undefined],
    ['AllWallets', route('AllWallets')],
  ])('are all given back when %s closes', async (_name, at) => {
    const kit = await renderLatch({
      wallets: [{ id: 'injected', name: 'Injected Wallet', rdns: 'io.latch.injected' }],
      children: <ConnectButton />,
    })
    const { latch } = kit
    const actors = [latch.actor, latch.connection, latch.network, latch.modal, latch.toast]
    const watch = watchSubscriptions([...actors, latch.walletConnect, latch.accountData])
    // The first open is warm-up: lazy views, the directory's first answer.
    await openAndClose(kit, watch, at)
    const afterFirst = watch.live()
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      // The view on show does hold subscriptions (so this counts them), and gives them back.
      expect(await openAndClose(kit, watch, at)).toBeGreaterThan(afterFirst)
      expect(watch.live()).toBe(afterFirst)
    }
    watch.restore()
  })
})
