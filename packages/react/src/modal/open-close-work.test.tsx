import { selectModalState } from '@latch/core'
import { act } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { enMessages as m } from '../i18n/en.js'
import { renderLatch, type RenderedLatch } from '../test/render-latch.js'

/*
 * Issue 39: what one open/close renders. The heap growth `pnpm bench` measures is V8's compiled
 * code for what each open runs, so React's commits are counted here, every commit in the
 * provider's tree, the modal's portal included (core's own work per cycle is counted in
 * core's open-close-work.test.ts). A change that renders more per open fails here.
 */

/** The commits of one steady open/close of Connect: the open, the close, the next open's view. */
const COMMITS_PER_CYCLE = 3

/** Opens Connect, waits for its list, closes, and waits until the close has settled. */
async function openAndClose(kit: RenderedLatch) {
  kit.open()
  await kit.modal().findByRole('dialog', { name: m['view.Connect.title'] })
  await kit.modal().findAllByRole('button', { name: /Injected Wallet/ }, { timeout: 5_000 })
  act(() => kit.latch.close())
  await vi.waitFor(() => expect(selectModalState(kit.latch.modal.getSnapshot()).open).toBe(false))
  // The close prepares the next open's view (hidden): let every commit it makes land.
  for (let i = 0; i < 5; i++) await act(async () => new Promise((done) => setTimeout(done, 20)))
}

describe('one open/close renders the same few commits every time', () => {
  it(`Connect: at most ${COMMITS_PER_CYCLE} commits a cycle, the same in each`, async () => {
    const commits: string[] = []
    const kit = await renderLatch({
      wallets: [{ id: 'injected', name: 'Injected Wallet', rdns: 'io.latch.injected' }],
      onRender: (_id, phase) => commits.push(phase),
    })
    // The first open is warm-up: the lazy modal, the directory, first-time caches.
    await openAndClose(kit)
    const perCycle: number[] = []
    for (let cycle = 0; cycle < 5; cycle++) {
      commits.length = 0
      await openAndClose(kit)
      perCycle.push(commits.length)
    }
    expect(new Set(perCycle).size).toBe(1)
    expect(perCycle[0]).toBeLessThanOrEqual(COMMITS_PER_CYCLE)
  })
})
