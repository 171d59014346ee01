import { selectModalState } from '@latch/core'
import { act } from '@testing-library/react'
import type { AnyActorRef } from 'xstate'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { enMessages as m } from '../i18n/en.js'
import { renderLatch, type RenderedLatch } from '../test/render-latch.js'

/**
 * Issue 16: whatever an open sets up, its close must take down. Counts, not timings: a listener,
 * a DOM node, a history entry, a toast or an actor that one open leaves behind shows here as a
 * count that grows with the number of opens.
 */

interface Registration {
  target: EventTarget
  type: string
  listener: EventListenerOrEventListenerObject | null
}

/**
 * Listeners added and not removed, counted on the window and on nodes still in the document:
 * a listener on a node the close removed goes with the node (React leaves an <img>'s load and
 * error listeners on it, for instance), so only the long-lived ones can pile up.
 */
function countListeners() {
  const live: Registration[] = []
  // The window's own methods too: a [Global] interface (WebIDL) has them on the instance.
  for (const owner of [EventTarget.prototype, window]) {
    const add = owner.addEventListener
    const remove = owner.removeEventListener
    vi.spyOn(owner, 'addEventListener').mockImplementation(function (
      this: EventTarget,
      ...args: Parameters<EventTarget['addEventListener']>
    ) {
      live.push({ target: this, type: args[0], listener: args[1] })
      return Reflect.apply(add, this, args)
    })
    vi.spyOn(owner, 'removeEventListener').mockImplementation(function (
      this: EventTarget,
      ...args: Parameters<EventTarget['removeEventListener']>
    ) {
      const index = live.findIndex(
        (entry) => entry.target === this && entry.type === args[0] && entry.listener === args[1],
      )
      if (index >= 0) live.splice(index, 1)
      return Reflect.apply(remove, this, args)
    })
  }
  return () => live.filter(({ target }) => !(target instanceof Node) || target.isConnected).length
}

/** Every actor under the root, the root included. */
function actorCount(actor: AnyActorRef): number {
  const children: Record<string, AnyActorRef | undefined> = actor.getSnapshot().children ?? {}
  return (
    1 + Object.values(children).reduce((sum, child) => sum + (child ? actorCount(child) : 0), 0)
  )
}

function footprint(kit: RenderedLatch, listeners: () => number) {
  const shadow = kit.modalRoot().getRootNode() as ShadowRoot
  return {
    listeners: listeners(),
    modalNodes: shadow.querySelectorAll('*').length,
    documentNodes: document.querySelectorAll('*').length,
    history: kit.latch.modal.getSnapshot().context.history.length,
    toasts: JSON.stringify(kit.latch.toast.getSnapshot().context),
    actors: actorCount(kit.latch.actor),
  }
}

async function openAndClose(kit: RenderedLatch) {
  kit.open()
  await kit.modal().findByRole('dialog', { name: m['view.Connect.title'] })
  await kit.modal().findAllByRole('button', { name: /Injected Wallet/ }, { timeout: 5_000 })
  act(() => kit.latch.close())
  await vi.waitFor(() => expect(selectModalState(kit.latch.modal.getSnapshot()).open).toBe(false), {
    timeout: 5_000,
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('an open leaves nothing behind', () => {
  it('keeps listeners, DOM nodes, history, toasts and actors level over 20 open/close cycles', async () => {
    const listeners = countListeners()
    const kit = await renderLatch({
      wallets: [{ id: 'injected', name: 'Injected Wallet', rdns: 'io.latch.injected' }],
    })
    // The first open is warm-up: lazy chunks, the directory, first-time caches.
    await openAndClose(kit)
    const before = footprint(kit, listeners)
    for (let cycle = 0; cycle < 20; cycle++) await openAndClose(kit)
    expect(footprint(kit, listeners)).toEqual(before)
  })
})
